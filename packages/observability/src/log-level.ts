import type { LogLevel } from '@aigo/ai';

/** The levels, most verbose first. */
export const LOG_LEVELS: readonly LogLevel[] = Object.freeze([
  'trace',
  'debug',
  'info',
  'warn',
  'error',
]);

/** A level's rank: a line is written when its rank is at least the observer's. */
export const LEVEL_RANK: Readonly<Record<LogLevel, number>> = Object.freeze({
  trace: 0,
  debug: 1,
  info: 2,
  warn: 3,
  error: 4,
});

/** The label written in a line. */
export const LEVEL_LABEL: Readonly<Record<LogLevel, string>> = Object.freeze({
  trace: 'TRACE',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARN',
  error: 'ERROR',
});

/** True when `value` is one of the five levels. */
export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && Object.hasOwn(LEVEL_RANK, value);
}

/**
 * Reads a level from the environment's spelling: case-insensitive, `WARNING` meaning `warn`.
 * `undefined` when the text names no level.
 */
export function parseLogLevel(text: string): LogLevel | undefined {
  const lower = text.trim().toLowerCase();
  if (lower === 'warning') return 'warn';
  return isLogLevel(lower) ? lower : undefined;
}
