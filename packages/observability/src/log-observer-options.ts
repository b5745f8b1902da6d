import { checkOptionKeys, type LogLevel, ValidationError } from '@aigo/ai';
import { isLogLevel, LOG_LEVELS, parseLogLevel } from './log-level.js';

/** The line formats of the log observer. */
export type LogFormat = 'compact' | 'pretty' | 'json';

/** Where lines go: anything with `write(text)` — `process.stdout`, a file stream, a test sink. */
export interface LogOutput {
  write(text: string): unknown;
  /** When true (a terminal) and the format is not `json`, levels are coloured. */
  readonly isTTY?: boolean;
}

/** Options of `createLogObserver`. */
export interface LogObserverOptions {
  /** The line format. Default: `AIGO_LOG_FORMAT` (case-insensitive), else `compact`. */
  readonly format?: LogFormat;
  /**
   * The least severe level written. Default: `AIGO_LOG_LEVEL` (`trace`, `debug`, `info`, `warn` or
   * `warning`, `error`; case-insensitive), else `info`. Spans, counters and histograms are written at
   * `debug`.
   */
  readonly level?: LogLevel;
  /** Where lines go: a writable (`process.stdout` by default) or a function called per line. */
  readonly output?: LogOutput | ((line: string) => void);
  /**
   * The time in milliseconds since the epoch, for timestamps and span durations. Default:
   * `Date.now` for timestamps and `performance.now` for durations. Tests pass a fixed clock.
   */
  readonly clock?: () => number;
  /** Colour the level (not in `json`). Default: when the output is a terminal and `NO_COLOR` is unset. */
  readonly colors?: boolean;
  /** Where `AIGO_LOG_FORMAT`, `AIGO_LOG_LEVEL` and `NO_COLOR` are read (default `process.env`). */
  readonly env?: { readonly [name: string]: string | undefined };
}

const FORMATS: readonly LogFormat[] = ['compact', 'pretty', 'json'];

/** The options after defaults and the environment. */
export interface ResolvedLogOptions {
  readonly format: LogFormat;
  readonly level: LogLevel;
  readonly write: (line: string) => void;
  readonly now: () => number;
  readonly elapsed: () => number;
  readonly colors: boolean;
  /** Set when `AIGO_LOG_LEVEL` held something that is not a level (the observer warns once). */
  readonly invalidEnvLevel: string | undefined;
}

const OPTION_NAMES = new Set(['format', 'level', 'output', 'clock', 'colors', 'env']);

/**
 * Validates the options and fills in the defaults: explicit options win, then `AIGO_LOG_FORMAT` and
 * `AIGO_LOG_LEVEL`, then `compact` and `info`. An unknown `AIGO_LOG_FORMAT` falls back to `compact`
 * silently (as the Go original does); an unknown `AIGO_LOG_LEVEL` falls back to `info` with a
 * warning line.
 *
 * @throws ValidationError naming the option that is wrong.
 */
export function resolveLogOptions(options: LogObserverOptions): ResolvedLogOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
  checkOptionKeys(options, OPTION_NAMES, { owner: 'createLogObserver()' });
  const env = options.env ?? process.env;
  if (env === null || typeof env !== 'object') {
    throw new ValidationError('options.env', 'must be an object of strings');
  }

  let format: LogFormat;
  if (options.format !== undefined) {
    if (!FORMATS.includes(options.format)) {
      throw new ValidationError('options.format', `must be one of ${FORMATS.join(', ')}`);
    }
    format = options.format;
  } else {
    const fromEnv = env.AIGO_LOG_FORMAT?.trim().toLowerCase();
    format = FORMATS.find((known) => known === fromEnv) ?? 'compact';
  }

  let level: LogLevel = 'info';
  let invalidEnvLevel: string | undefined;
  if (options.level !== undefined) {
    if (!isLogLevel(options.level)) {
      throw new ValidationError('options.level', `must be one of ${LOG_LEVELS.join(', ')}`);
    }
    level = options.level;
  } else {
    const fromEnv = env.AIGO_LOG_LEVEL;
    if (fromEnv !== undefined && fromEnv.trim() !== '') {
      const parsed = parseLogLevel(fromEnv);
      if (parsed === undefined) invalidEnvLevel = fromEnv;
      else level = parsed;
    }
  }

  const output = options.output ?? process.stdout;
  let write: (line: string) => void;
  if (typeof output === 'function') {
    write = output;
  } else if (output !== null && typeof output === 'object' && typeof output.write === 'function') {
    write = (line) => {
      output.write(line);
    };
  } else {
    throw new ValidationError('options.output', 'must have a write(text) method or be a function');
  }

  const clock = options.clock;
  if (clock !== undefined && typeof clock !== 'function') {
    throw new ValidationError('options.clock', 'must be a function returning milliseconds');
  }
  if (options.colors !== undefined && typeof options.colors !== 'boolean') {
    throw new ValidationError('options.colors', 'must be a boolean');
  }
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  const terminal = typeof output === 'object' && output.isTTY === true;
  const colors = format !== 'json' && (options.colors ?? (terminal && !noColor));

  return {
    format,
    level,
    write,
    now: clock ?? Date.now,
    elapsed: clock ?? performance.now.bind(performance),
    colors,
    invalidEnvLevel,
  };
}
