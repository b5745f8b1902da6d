import type { Message } from '../messages/message.js';

/**
 * A summary of a conversation's older messages, kept with the conversation so it is not made again
 * every turn. It stands for every message up to and including position `through` (1-based, in
 * storage order); a request sends it instead of them.
 */
export interface StoredSummary {
  /** The summary text. */
  readonly text: string;
  /** The position (1-based) of the last message it covers. */
  readonly through: number;
  /** Its tokens, as counted when it was made. */
  readonly tokens: number;
}

/** Options of `readContext`. */
export interface ContextReadOptions {
  /**
   * The token budget of the read: messages are returned newest first back to the first one whose
   * newer messages hold `maxTokens` or more (so the oldest returned message may cross the budget).
   * A window never starts at a tool result: it goes back to the assistant message whose call the
   * result answers (so a call and its results are read together).
   */
  readonly maxTokens: number;
  /** At most this many messages, whatever their tokens (default: the memory's own bound). */
  readonly maxMessages?: number;
  readonly signal?: AbortSignal;
}

/** A bounded read of a conversation: the newest messages after its summary, with their counts. */
export interface ContextWindow {
  /** The messages, oldest first. */
  readonly messages: Message[];
  /** The stored token count of each message, in the same order. */
  readonly tokenCounts: readonly number[];
  /** The position (1-based) of `messages[0]`; `total + 1` when none was returned. */
  readonly start: number;
  /** How many messages the conversation holds. */
  readonly total: number;
  /** The conversation's version, read atomically with the messages (as `readVersioned`). */
  readonly version: number;
  /** The conversation's stored summary, if any: the messages returned all come after it. */
  readonly summary: StoredSummary | undefined;
}

/** Options of `saveSummary`. */
export interface SaveSummaryOptions {
  readonly signal?: AbortSignal;
}
