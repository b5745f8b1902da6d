import type { ChatResponse } from '../chat/chat-response.js';
import type { Usage } from '../chat/usage.js';
import { AigoError } from './aigo-error.js';
import type { AigoErrorCode } from './error-code.js';

/** What a `ProviderError` is built from. */
export interface ProviderErrorOptions {
  readonly code: AigoErrorCode;
  readonly message: string;
  readonly provider: string;
  /** HTTP status, when the provider answered. */
  readonly status?: number;
  /** The response body, already bounded and redacted. */
  readonly body?: string;
  /** The provider's own error code or type (`insufficient_quota`, `RESOURCE_EXHAUSTED`). */
  readonly providerCode?: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly partial?: ChatResponse;
  readonly usage?: Usage;
  readonly cause?: unknown;
}

/**
 * A provider refused or failed a call: an HTTP error status, an error frame in a stream, a body that
 * is not what the API documents, or a connection that broke. `retryable` says whether trying again
 * can help; `retryAfterMs` is the wait the provider asked for. A stream that failed midway carries
 * what arrived so far in `partial` and `usage`.
 */
export class ProviderError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/ProviderError');
  readonly provider: string;
  readonly status: number | undefined;
  readonly body: string | undefined;
  readonly providerCode: string | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly partial: ChatResponse | undefined;
  readonly usage: Usage | undefined;

  constructor(options: ProviderErrorOptions) {
    super(options.code, options.message, { cause: options.cause });
    this.provider = options.provider;
    this.status = options.status;
    this.body = options.body;
    this.providerCode = options.providerCode;
    this.retryable = options.retryable;
    this.retryAfterMs = options.retryAfterMs;
    this.partial = options.partial;
    this.usage = options.usage;
  }

  /** The same error with the stream's progress attached. */
  withProgress(partial: ChatResponse | undefined, usage: Usage | undefined): ProviderError {
    return new ProviderError({
      code: this.code,
      message: this.message,
      provider: this.provider,
      retryable: this.retryable,
      cause: this.cause,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.body === undefined ? {} : { body: this.body }),
      ...(this.providerCode === undefined ? {} : { providerCode: this.providerCode }),
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
      ...(partial === undefined ? {} : { partial }),
      ...(usage === undefined ? {} : { usage }),
    });
  }
}
