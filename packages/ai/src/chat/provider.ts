import type { ModelCost } from '../cost/cost.js';
import type { ModelLimits } from '../cost/price-table.js';
import type {
  ImageRequest,
  ImageResult,
  SpeechRequest,
  SpeechResult,
  TranscriptionRequest,
  TranscriptionResult,
} from '../media/media-requests.js';
import type { Span } from '../observability/observer.js';
import type { ChatStream } from '../stream/chat-stream.js';
import type { ChatRequest } from './chat-request.js';
import type { ChatResponse } from './chat-response.js';
import type { CountTokensOptions, TokenCount } from './token-count.js';

/** Per-call options every provider takes. */
export interface CallOptions {
  /** Aborting it cancels the HTTP request at once. */
  readonly signal?: AbortSignal;
  /** Extra HTTP headers for this call only. */
  readonly headers?: { readonly [name: string]: string };
  /** The parent span: the model call nests under it. */
  readonly span?: Span;
  /** A deadline for the whole call, in milliseconds (default: the provider's, 10 minutes). */
  readonly timeoutMs?: number;
  /**
   * The conversation the call belongs to (the memory's `conversationId`), set by the client: the
   * observability middleware puts it on the call's span as `gen_ai.conversation.id`.
   */
  readonly conversationId?: string;
}

/**
 * A model provider. Providers are immutable values built once and safe to share across concurrent
 * calls; those that own a connection pool release it in `close()`.
 */
export interface Provider {
  /** A short stable id (`openai`, `gemini`), used for `providerOptions` and errors. */
  readonly id: string;
  sendMessage(request: ChatRequest, options?: CallOptions): Promise<ChatResponse>;
  /**
   * The list price of `model` as this provider knows it — the dated model names the API answers
   * with (`gpt-4o-mini-2024-07-18`) as well as the aliases callers pass — or `undefined` when it
   * knows none: never another model's price and never a made-up 0. Synchronous and cheap (no I/O):
   * a client calls it for every priced call whose model the application gave no price for. A price
   * taken from a price table carries its `origin` (the list and the date of its data).
   */
  modelCost?(model: string): ModelCost | undefined;
  /**
   * The context window and output limit of `model` as this provider knows them (from the same
   * maintained model database as its prices), or `undefined` for a model it knows nothing about —
   * then a client trims nothing unless the application sets a budget. Synchronous, no I/O.
   */
  modelLimits?(model: string): ModelLimits | undefined;
  /**
   * Counts the input tokens of `request` — exactly where the provider can (a tokenizer of the
   * model's family, or its counting endpoint when the application allowed a request), else by an
   * estimate — and says which parts were estimated. Where it can tell messages apart it returns
   * each message's count (`messages`), which a client keeps per message.
   */
  countTokens?(request: ChatRequest, options?: CountTokensOptions): Promise<TokenCount>;
  /** Generates images (see `ImageProvider`), for providers that can. */
  generateImage?(request: ImageRequest, options?: CallOptions): Promise<ImageResult>;
  /** Turns text into speech (see `SpeechProvider`), for providers that can. */
  generateSpeech?(request: SpeechRequest, options?: CallOptions): Promise<SpeechResult>;
  /** Transcribes audio (see `TranscriptionProvider`), for providers that can. */
  transcribe?(request: TranscriptionRequest, options?: CallOptions): Promise<TranscriptionResult>;
  close?(): Promise<void>;
  [Symbol.asyncDispose]?(): Promise<void>;
}

/** A provider that can stream. Errors before the first byte reject `streamMessage` itself. */
export interface StreamProvider extends Provider {
  streamMessage(request: ChatRequest, options?: CallOptions): Promise<ChatStream>;
}

/** True when the provider can stream. */
export function isStreamProvider(provider: Provider): provider is StreamProvider {
  return typeof (provider as Partial<StreamProvider>).streamMessage === 'function';
}
