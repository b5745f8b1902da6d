import { type ChatResponse, ProviderError, type Usage } from '@aigo/ai';

/** What an {@link InvalidProviderResponseError} is built from. */
export interface InvalidProviderResponseErrorOptions {
  /** The provider's `id`. */
  readonly provider: string;
  /** Where the bad value is: `toolCalls`, `usage.promptTokens`, `event.text`, `stream`. */
  readonly field: string;
  /** The whole message, naming the provider and the field and saying how to fix the provider. */
  readonly message: string;
  readonly partial?: ChatResponse;
  readonly usage?: Usage;
}

/**
 * A provider returned something the `@aigo/ai` contracts do not allow — a `ChatResponse` without
 * `toolCalls`, a `content` that is not a string, usage counts that are not numbers, a stream that
 * is not a `ChatStream`, a stream event of an unknown type or with a field of the wrong type. The
 * client checks what a provider returns where it returns it, and fails the call with this error
 * (code `invalid_response`, not retryable: the same provider returns the same thing again) instead
 * of failing somewhere deep inside. `provider` is the provider's id and `field` the bad field; the
 * message says how to fix the provider. A failed stream carries what arrived before in `partial`.
 */
export class InvalidProviderResponseError extends ProviderError {
  static override readonly marker: symbol = Symbol.for('@aigo/client/InvalidProviderResponseError');
  /** Where the bad value is (`toolCalls`, `usage.promptTokens`, `event.text`, `stream`). */
  readonly field: string;

  constructor(options: InvalidProviderResponseErrorOptions) {
    super({
      code: 'invalid_response',
      message: options.message,
      provider: options.provider,
      retryable: false,
      ...(options.partial === undefined ? {} : { partial: options.partial }),
      ...(options.usage === undefined ? {} : { usage: options.usage }),
    });
    this.field = options.field;
  }

  /** The same error with the stream's progress attached (it stays an `InvalidProviderResponseError`). */
  override withProgress(
    partial: ChatResponse | undefined,
    usage: Usage | undefined,
  ): InvalidProviderResponseError {
    return new InvalidProviderResponseError({
      provider: this.provider,
      field: this.field,
      message: this.message,
      ...(partial === undefined ? {} : { partial }),
      ...(usage === undefined ? {} : { usage }),
    });
  }
}
