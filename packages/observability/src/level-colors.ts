import type { LogLevel } from '@aigo/ai';

const CODES: Readonly<Record<LogLevel, number>> = {
  trace: 90,
  debug: 34,
  info: 32,
  warn: 33,
  error: 31,
};

/** `text` in the level's ANSI colour: TRACE grey, DEBUG blue, INFO green, WARN yellow, ERROR red. */
export function colorLevel(level: LogLevel, text: string): string {
  return `\u001b[${CODES[level]}m${text}\u001b[0m`;
}
