import type { AttributeValue } from '@aigo/ai';
import type { RunKind, SpanEventRecord, SpanKindLabel, SpanRecord } from './run-model.js';

/** A span while it is recorded (the page reads it as a `SpanRecord`). */
export interface MutableSpan {
  readonly id: string;
  readonly parentId: string | undefined;
  readonly name: string;
  kind: SpanKindLabel;
  readonly start: number;
  end: number | undefined;
  /** As set by `setStatus` (`running`: not set yet). */
  status: 'running' | 'ok' | 'error';
  statusMessage: string | undefined;
  readonly attributes: Record<string, AttributeValue>;
  readonly events: SpanEventRecord[];
}

/** One run kept in memory: its root span and every span under it. */
export class RecordedRun {
  readonly id: string;
  readonly kind: RunKind;
  readonly root: MutableSpan;
  readonly spans: MutableSpan[] = [];
  /** Spans not kept because the run reached its limit. */
  droppedSpans = 0;
  /** Set when the run is dropped from memory: its spans then record nothing more. */
  evicted = false;
  /** Bumped on every change (the summary cache key). */
  version = 0;

  constructor(id: string, kind: RunKind, root: MutableSpan) {
    this.id = id;
    this.kind = kind;
    this.root = root;
    this.spans.push(root);
  }

  /** Whether the root span has ended. */
  get ended(): boolean {
    return this.root.end !== undefined;
  }

  /** The spans as the page reads them (copies, so later changes do not show through). */
  spanRecords(): SpanRecord[] {
    return this.spans.map((span) => ({
      id: span.id,
      parentId: span.parentId,
      name: span.name,
      kind: span.kind,
      start: span.start,
      end: span.end,
      status: span.end === undefined ? 'running' : span.status === 'error' ? 'error' : 'ok',
      statusMessage: span.statusMessage,
      attributes: { ...span.attributes },
      events: span.events.slice(),
    }));
  }
}
