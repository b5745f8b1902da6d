import {
  AigoError,
  ATTR_ERROR_TYPE,
  type Attributes,
  type AttributeValue,
  type LogLevel,
  redactSecrets,
  type Span,
  type StartSpanOptions,
} from '@aigo/ai';
import { answerLine } from './answer-lines.js';
import { attributePairs } from './attribute-pairs.js';
import { interactionLine } from './interaction-lines.js';

type Pairs = ReadonlyArray<readonly [string, AttributeValue]>;

/** What a span needs from its observer. */
export interface LogSink {
  emit(level: LogLevel, message: string, attributes: Pairs): void;
  /** False when `debug` lines are not written: spans then only write their errors. */
  readonly debugOn: boolean;
  /** Milliseconds, for durations. */
  readonly elapsed: () => number;
  /** The next span id (sequential per observer). */
  nextId: number;
  /** Each span's name and id, so children can name their parent. */
  readonly spans: WeakMap<Span, SpanIdentity>;
}

/** How a span is named in its lines. */
export interface SpanIdentity {
  readonly name: string;
  readonly id: number;
}

/**
 * Starts a span that writes `Span started` now and `Span ended` (with `duration_ms`, the status and
 * every attribute) when it ends; errors are written at once as `Span error`.
 */
export function startLogSpan(sink: LogSink, name: string, options?: StartSpanOptions): Span {
  const id = sink.nextId++;
  const parent = options?.parent === undefined ? undefined : sink.spans.get(options.parent);
  const identity: Array<readonly [string, AttributeValue]> = [
    ['span', name],
    ['span_id', id],
  ];
  if (parent !== undefined) identity.push(['parent', parent.name], ['parent_id', parent.id]);

  const span = sink.debugOn ? verboseSpan(sink, identity, options) : quietSpan(sink, identity);
  sink.spans.set(span, { name, id });
  return span;
}

/** A span when `debug` is off: it writes only its errors. */
function quietSpan(sink: LogSink, identity: Pairs): Span {
  const noop = (): void => {};
  return {
    setAttributes: noop,
    addEvent(name: string, attributes?: Attributes): void {
      const line = interactionLine(name, attributes);
      if (line !== undefined) sink.emit(line.level, line.message, [...identity, ...line.pairs]);
    },
    setStatus: noop,
    end: noop,
    recordError(error: unknown): void {
      sink.emit('error', 'Span error', [...identity, ['event', 'error'], ...errorPairs(error)]);
    },
  };
}

function verboseSpan(sink: LogSink, identity: Pairs, options: StartSpanOptions | undefined): Span {
  const startedAt = sink.elapsed();
  const accumulated = new Map<string, AttributeValue>(attributePairs(options?.attributes));
  const opening: Array<readonly [string, AttributeValue]> = [...identity];
  if (options?.kind !== undefined) opening.push(['kind', options.kind]);
  opening.push(['event', 'span.start'], ...accumulated);
  sink.emit('debug', 'Span started', opening);
  let ended = false;

  return {
    setAttributes(attributes: Attributes): void {
      for (const [name, value] of attributePairs(attributes)) accumulated.set(name, value);
    },
    addEvent(name: string, attributes?: Attributes): void {
      const line = interactionLine(name, attributes);
      if (line !== undefined) {
        sink.emit(line.level, line.message, [...identity, ...line.pairs]);
        return;
      }
      const answer = answerLine(name, attributes);
      if (answer !== undefined) {
        sink.emit('debug', answer.message, [...identity, ...answer.pairs]);
        return;
      }
      sink.emit('debug', 'Span event', [
        ...identity,
        ['event', redactSecrets(String(name))],
        ...attributePairs(attributes),
      ]);
    },
    recordError(error: unknown): void {
      const pairs = errorPairs(error, accumulated.get(ATTR_ERROR_TYPE));
      for (const [name, value] of pairs) accumulated.set(name, value);
      sink.emit('error', 'Span error', [...identity, ['event', 'error'], ...pairs]);
    },
    setStatus(status: 'ok' | 'error', message?: string): void {
      accumulated.set('status', status);
      if (message !== undefined)
        accumulated.set('status_description', redactSecrets(String(message)));
    },
    end(): void {
      if (ended) return;
      ended = true;
      const duration = Math.round((sink.elapsed() - startedAt) * 1000) / 1000;
      sink.emit('debug', 'Span ended', [
        ...identity,
        ['event', 'span.end'],
        ['duration_ms', duration],
        ...accumulated,
      ]);
    },
  };
}

/**
 * `error` (the message, redacted) and `error.type`: the one the producer already set on the span,
 * else the aigo error code, else the error's name.
 */
function errorPairs(
  error: unknown,
  presetType?: AttributeValue,
): Array<readonly [string, AttributeValue]> {
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : String(error);
  const type =
    presetType ??
    (AigoError.isInstance(error) ? error.code : error instanceof Error ? error.name : '_OTHER');
  return [
    ['error', redactSecrets(message)],
    ['error.type', type],
  ];
}
