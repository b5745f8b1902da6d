import type { Message, StoredSummary } from '@aigo/ai';
import type { ContextGroup } from './context-groups.js';

/** What the strategies work on: the request's message groups and the summary in effect. */
export interface ContextState {
  /** The message groups, oldest first. */
  readonly groups: readonly ContextGroup[];
  /** The summary of older messages sent with the request (in the system prompt), if any. */
  readonly summary: StoredSummary | undefined;
}

/** What was done to fit a request, for spans and logs (counts and tokens, never content). */
export interface ContextReport {
  /** The input budget, in tokens. */
  budget: number;
  /** The request's input tokens before and after the strategies. */
  tokensBefore: number;
  tokensAfter: number;
  droppedMessages: number;
  droppedTokens: number;
  compactedResults: number;
  compactedTokens: number;
  summarisedMessages: number;
  summarisedTokens: number;
  /** Tokens of the summary sent (0 without one). */
  summaryTokens: number;
  /** Tool messages whose call lay outside the history read, left out. */
  orphanMessages: number;
  /** Messages between the summary and the bounded read, never read. */
  unreadMessages: number;
  /** How the tokens were counted. */
  method: string;
}

/** What a strategy may use besides the state. */
export interface StrategyContext {
  /** The input budget, in the counter's tokens. */
  readonly budget: number;
  /** The model of the request. */
  readonly model: string;
  readonly signal: AbortSignal | undefined;
  /**
   * The request's input tokens for a state, counted as the request sent for it will be: its groups,
   * the system prompt with the summary, the fixed parts, and the note that opens a request whose
   * older messages were left out when its kept part begins with an answer.
   */
  total(state: ContextState): number;
  /**
   * The tokens of a message a strategy made (counted once and kept; when the provider counts
   * messages, it counts this one before the request is sent, and the next strategy sees its count).
   */
  tokensOf(message: Message): number;
  /** The tokens of a summary text as the request sends it. */
  summaryTokens(text: string): number;
  /**
   * Asks the model for a summary of `messages`, building on `previous` (the summary so far), of at
   * most `maxTokens`; resolves to the new summary's text.
   */
  summarise(
    messages: readonly Message[],
    previous: string | undefined,
    maxTokens: number,
  ): Promise<string>;
  /** Counts what the strategy did. */
  readonly report: ContextReport;
}

/**
 * One step of fitting a request into its budget. Strategies run in order, each on what the one
 * before left, and only while the request is over budget; they work on the request alone, never on
 * the stored conversation. They drop, shorten or summarise whole groups (a tool call and its
 * results stay together), and never the current turn's groups (the prompt or tool results being
 * sent) except to shorten their tool results.
 */
export interface ContextStrategy {
  /** A short name for spans and logs (`sliding-window`, `compact-tool-results`, `summarize`). */
  readonly name: string;
  apply(state: ContextState, context: StrategyContext): ContextState | Promise<ContextState>;
}
