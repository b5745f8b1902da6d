import {
  type Attributes,
  type Counter,
  type Histogram,
  noopObserver,
  type Observer,
  redactSecrets,
  type Span,
  type StartSpanOptions,
} from '@aigo/ai';
import { classifySpan, runKindOf } from './classify-span.js';
import { keepAttributes } from './content-attributes.js';
import { type MutableSpan, RecordedRun } from './recorded-run.js';

/** Limits and settings of a {@link RunRecorder}. */
export interface RunRecorderOptions {
  /** Runs kept; the oldest finished run (else the oldest) is dropped past it. */
  readonly maxRuns: number;
  /** Spans kept per run; later ones are counted, not kept. */
  readonly maxSpansPerRun: number;
  /** Events kept per span. */
  readonly maxEventsPerSpan: number;
  readonly captureContent: boolean;
  /** The clock, in milliseconds since the epoch. */
  readonly now: () => number;
}

/** Hears which run changed (a span started, changed or ended) or was dropped. */
export type RunListener = (runId: string, removed: boolean) => void;

/**
 * The observer half of the devtools: every span it is handed becomes a `MutableSpan` of a run — a
 * span without a parent of ours starts a run, its descendants join it. Keeps the last
 * `maxRuns` runs; content attributes only when `captureContent`; secrets redacted. Metrics and
 * logs are not kept (the page shows spans). Never throws into the application.
 */
export class RunRecorder implements Observer {
  readonly captureContent: boolean;
  readonly #options: RunRecorderOptions;
  readonly #runs = new Map<string, RecordedRun>();
  readonly #listeners = new Set<RunListener>();
  #nextSpan = 0;
  #nextRun = 0;
  readonly #prefix = Math.random().toString(36).slice(2, 8);

  constructor(options: RunRecorderOptions) {
    this.#options = options;
    this.captureContent = options.captureContent;
  }

  /** The runs kept, oldest first. */
  runs(): RecordedRun[] {
    return [...this.#runs.values()];
  }

  /** A kept run by id. */
  run(id: string): RecordedRun | undefined {
    return this.#runs.get(id);
  }

  /** Listens for changes; returns the function that stops listening. */
  listen(listener: RunListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  startSpan(name: string, options?: StartSpanOptions): Span {
    try {
      return this.#start(String(name), options);
    } catch {
      return noopObserver.startSpan(name);
    }
  }

  counter(name: string): Counter {
    return noopObserver.counter(name);
  }

  histogram(name: string): Histogram {
    return noopObserver.histogram(name);
  }

  trace(): void {}
  debug(): void {}
  info(): void {}
  warn(): void {}
  error(): void {}

  #start(name: string, options: StartSpanOptions | undefined): Span {
    const parent = options?.parent;
    const attributes = {};
    keepAttributes(attributes, options?.attributes, this.captureContent);
    const parentSpan = parent instanceof RecorderSpan ? parent : undefined;
    const run = parentSpan?.run;
    const id = `s${++this.#nextSpan}`;
    const span: MutableSpan = {
      id,
      parentId: run === undefined || run.evicted ? undefined : parentSpan?.record.id,
      name,
      kind: classifySpan(name, attributes),
      start: this.#options.now(),
      end: undefined,
      status: 'running',
      statusMessage: undefined,
      attributes,
      events: [],
    };
    if (run !== undefined && !run.evicted) {
      if (run.spans.length >= this.#options.maxSpansPerRun) {
        run.droppedSpans++;
        this.changed(run);
        return new RecorderSpan(this, undefined, span);
      }
      run.spans.push(span);
      this.changed(run);
      return new RecorderSpan(this, run, span);
    }
    const created = new RecordedRun(
      `${this.#prefix}-${++this.#nextRun}`,
      runKindOf(span.kind),
      span,
    );
    this.#runs.set(created.id, created);
    this.#evict();
    this.changed(created);
    return new RecorderSpan(this, created, span);
  }

  /** Drops runs past `maxRuns`: the oldest finished one first, else the oldest. */
  #evict(): void {
    while (this.#runs.size > this.#options.maxRuns) {
      let victim: RecordedRun | undefined;
      for (const run of this.#runs.values()) {
        if (run.ended) {
          victim = run;
          break;
        }
      }
      victim ??= this.#runs.values().next().value;
      if (victim === undefined) return;
      victim.evicted = true;
      this.#runs.delete(victim.id);
      this.#emit(victim.id, true);
    }
  }

  /** Marks a run changed and tells the listeners. */
  changed(run: RecordedRun): void {
    if (run.evicted) return;
    run.version++;
    this.#emit(run.id, false);
  }

  #emit(runId: string, removed: boolean): void {
    for (const listener of this.#listeners) {
      try {
        listener(runId, removed);
      } catch {
        // A listener's failure never reaches the application.
      }
    }
  }

  /** Settings the spans read. */
  get options(): RunRecorderOptions {
    return this.#options;
  }
}

/** A span handed to the application: writes go to its record while its run is kept. */
class RecorderSpan implements Span {
  readonly #recorder: RunRecorder;
  readonly run: RecordedRun | undefined;
  readonly record: MutableSpan;

  constructor(recorder: RunRecorder, run: RecordedRun | undefined, record: MutableSpan) {
    this.#recorder = recorder;
    this.run = run;
    this.record = record;
  }

  #live(): RecordedRun | undefined {
    const run = this.run;
    return run === undefined || run.evicted ? undefined : run;
  }

  setAttributes(attributes: Attributes): void {
    const run = this.#live();
    if (run === undefined) return;
    keepAttributes(this.record.attributes, attributes, this.#recorder.captureContent);
    if (this.record.kind === 'other') {
      this.record.kind = classifySpan(this.record.name, this.record.attributes);
    }
    this.#recorder.changed(run);
  }

  addEvent(name: string, attributes?: Attributes): void {
    const run = this.#live();
    if (run === undefined) return;
    const options = this.#recorder.options;
    if (this.record.events.length >= options.maxEventsPerSpan) return;
    const kept = {};
    keepAttributes(kept, attributes, this.#recorder.captureContent);
    this.record.events.push({ name: String(name), time: options.now(), attributes: kept });
    this.#recorder.changed(run);
  }

  recordError(error: unknown): void {
    const run = this.#live();
    if (run === undefined) return;
    const message = error instanceof Error ? error.message : String(error);
    const type = error instanceof Error ? error.name : typeof error;
    this.addEvent('exception', {
      'exception.type': type,
      'exception.message': redactSecrets(message),
    });
  }

  setStatus(status: 'ok' | 'error', message?: string): void {
    const run = this.#live();
    if (run === undefined) return;
    this.record.status = status === 'error' ? 'error' : 'ok';
    this.record.statusMessage = message === undefined ? undefined : redactSecrets(String(message));
    this.#recorder.changed(run);
  }

  end(): void {
    const run = this.#live();
    if (run === undefined || this.record.end !== undefined) return;
    this.record.end = this.#recorder.options.now();
    if (this.record.status === 'running') this.record.status = 'ok';
    this.#recorder.changed(run);
  }
}
