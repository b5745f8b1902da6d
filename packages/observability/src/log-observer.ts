import {
  type Attributes,
  type AttributeValue,
  type Counter,
  type Histogram,
  type LogLevel,
  leveledLogs,
  type Observer,
  redactSecrets,
  type Span,
  type StartSpanOptions,
} from '@aigo/ai';
import { attributePairs } from './attribute-pairs.js';
import { formatCompact } from './format-compact.js';
import { formatJson } from './format-json.js';
import { formatPretty } from './format-pretty.js';
import { LEVEL_RANK } from './log-level.js';
import {
  type LogFormat,
  type LogObserverOptions,
  resolveLogOptions,
} from './log-observer-options.js';
import type { LogFormatter } from './log-record.js';
import { type LogSink, startLogSpan } from './log-span.js';

/** An `Observer` that writes structured log lines. */
export interface LogObserver extends Observer {
  /** The line format in use. */
  readonly format: LogFormat;
  /** The least severe level written. */
  readonly level: LogLevel;
}

const FORMATTERS: Readonly<Record<LogFormat, LogFormatter>> = {
  compact: formatCompact,
  pretty: formatPretty,
  json: formatJson,
};

/**
 * Creates an observer that writes every span, metric and log as a structured line — `compact`
 * (time, level, message, attributes as JSON), `pretty` (attributes as a tree) or `json` (one object
 * per line) — to `output` (default `process.stdout`).
 *
 * - Spans write `Span started` and `Span ended` lines at `debug`, with the span's name, a sequential
 *   `span_id`, its `parent` and `parent_id` when it nests under another span of this observer, and
 *   at the end `duration_ms`, the status and every attribute set on it. `recordError` writes a
 *   `Span error` line at `error`; `addEvent` writes a `Span event` line at `debug`.
 * - Counters write `Counter` lines at `debug` with the running total (per name) and the delta;
 *   histograms write `Histogram` lines at `debug` with the value.
 * - Logs (`trace` … `error`) are written when their level is at least the observer's.
 *
 * Secrets are never written: attributes whose names look like secrets (authorization, API keys,
 * tokens, passwords, cookies) are replaced by `[REDACTED]`, and every text — messages, attribute
 * values, error messages — loses bearer tokens, the shapes of well-known API keys and key-bearing
 * URL parameters (`?key=…`). Writing never throws: a failing output loses the line, never the call.
 *
 * Options not given come from `AIGO_LOG_FORMAT` and `AIGO_LOG_LEVEL`, then `compact` and `info`.
 *
 * @example
 * const observer = createLogObserver({ format: 'pretty', level: 'debug' });
 * const client = createClient(provider, { observer });
 *
 * @throws ValidationError naming the option that is wrong.
 */
export function createLogObserver(options: LogObserverOptions = {}): LogObserver {
  const resolved = resolveLogOptions(options);
  const { format, level, write, now, elapsed, colors } = resolved;
  const formatter = FORMATTERS[format];
  const minimum = LEVEL_RANK[level];
  const debugOn = minimum <= LEVEL_RANK.debug;

  const emit = (
    lineLevel: LogLevel,
    message: string,
    attributes: ReadonlyArray<readonly [string, AttributeValue]>,
  ): void => {
    if (LEVEL_RANK[lineLevel] < minimum) return;
    try {
      write(
        formatter(
          { time: now(), level: lineLevel, message: redactSecrets(message), attributes },
          colors,
        ),
      );
    } catch {
      // A failing output loses the line, never the call.
    }
  };

  const sink: LogSink = { emit, debugOn, elapsed, nextId: 1, spans: new WeakMap() };
  const totals = new Map<string, number>();

  const log =
    (lineLevel: LogLevel) =>
    (message: string, attributes?: Attributes): void => {
      if (LEVEL_RANK[lineLevel] < minimum) return;
      emit(lineLevel, String(message), attributePairs(attributes));
    };

  const observer: LogObserver = {
    format,
    level,
    startSpan(name: string, spanOptions?: StartSpanOptions): Span {
      return startLogSpan(sink, redactSecrets(String(name)), spanOptions);
    },
    counter(name: string): Counter {
      const metric = redactSecrets(String(name));
      return {
        add(value: number, attributes?: Attributes): void {
          const total = (totals.get(metric) ?? 0) + value;
          totals.set(metric, total);
          if (!debugOn) return;
          emit('debug', 'Counter', [
            ['metric', metric],
            ['type', 'counter'],
            ['value', total],
            ['delta', value],
            ...attributePairs(attributes),
          ]);
        },
      };
    },
    histogram(name: string, histogramOptions?: { unit?: string }): Histogram {
      const metric = redactSecrets(String(name));
      const unit = histogramOptions?.unit;
      return {
        record(value: number, attributes?: Attributes): void {
          if (!debugOn) return;
          const pairs: Array<readonly [string, AttributeValue]> = [
            ['metric', metric],
            ['type', 'histogram'],
            ['value', value],
          ];
          if (typeof unit === 'string') pairs.push(['unit', unit]);
          emit('debug', 'Histogram', [...pairs, ...attributePairs(attributes)]);
        },
      };
    },
    ...leveledLogs(log),
  };

  if (resolved.invalidEnvLevel !== undefined) {
    emit('warn', 'AIGO_LOG_LEVEL is not a log level; using info', [
      ['value', redactSecrets(resolved.invalidEnvLevel)],
      ['expected', 'trace, debug, info, warn, error'],
    ]);
  }
  return Object.freeze(observer);
}
