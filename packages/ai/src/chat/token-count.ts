import type { ModelLimits } from '../cost/price-table.js';

/** How a token count was made. */
export type TokenCountMethod =
  /** The model's own tokenizer, run locally (`gpt-tokenizer` for OpenAI model families). */
  | 'tokenizer'
  /** The provider's counting endpoint (a request). */
  | 'endpoint'
  /** A character-based estimate, calibrated by the usage the provider reported when it could be. */
  | 'estimate';

/** A part of a request whose tokens were estimated even when the rest was counted exactly. */
export type EstimatedPart = 'messages' | 'system' | 'tools' | 'media' | 'format';

/** The input tokens of one request, as a provider (or the client's estimate) counted them. */
export interface TokenCount {
  /** The request's input tokens: system prompt, messages, tools and response format. */
  readonly tokens: number;
  /** Whether every part was counted exactly (`estimated` is empty). */
  readonly exact: boolean;
  readonly method: TokenCountMethod;
  /** The parts that were estimated: tool schemas and media are, by every counter without a request. */
  readonly estimated: readonly EstimatedPart[];
  /**
   * The tokens of each message, in the request's order (with its per-message framing), when the
   * counter can tell them apart. Their sum plus `fixed` is `tokens`.
   */
  readonly messages?: readonly number[];
  /** Tokens that are not any message's: the system prompt, tools, response format, reply priming. */
  readonly fixed?: number;
}

/** Options of `Provider.countTokens`. */
export interface CountTokensOptions {
  /** Aborts a count that makes a request (a counting endpoint). */
  readonly signal?: AbortSignal;
}

/** The budget facts of a model: its context window and the most tokens one answer may have. */
export type { ModelLimits };
