import type { AttributeValue, LogLevel } from '@aigo/ai';

/** One line to write: already filtered by level and redacted. */
export interface LogRecord {
  /** Milliseconds since the epoch. */
  readonly time: number;
  readonly level: LogLevel;
  readonly message: string;
  /** The attributes in the order they were given. */
  readonly attributes: ReadonlyArray<readonly [string, AttributeValue]>;
}

/** Turns a record into one line of text (with its newline). */
export type LogFormatter = (record: LogRecord, colors: boolean) => string;
