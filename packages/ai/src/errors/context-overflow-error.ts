import { AigoError } from './aigo-error.js';
import { ProviderError, type ProviderErrorOptions } from './provider-error.js';

/** What a `ContextOverflowError` is built from: a provider error's fields, without the code. */
export type ContextOverflowErrorOptions = Omit<ProviderErrorOptions, 'code' | 'retryable'>;

/**
 * The request did not fit the model's context window: every provider's "context length exceeded"
 * answer (OpenAI's `context_length_exceeded`, Gemini's "input token count exceeds the maximum")
 * becomes this one error, code `context_overflow`. It is a `ProviderError` (`provider`, `status`,
 * `body`), never retryable as it is: a client with a context policy shrinks the request once more
 * and sends it again instead of failing.
 */
export class ContextOverflowError extends ProviderError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/ContextOverflowError');

  constructor(options: ContextOverflowErrorOptions) {
    super({ ...options, code: 'context_overflow', retryable: false });
  }

  /** The same error with the stream's progress attached. */
  override withProgress(
    partial: ProviderError['partial'],
    usage: ProviderError['usage'],
  ): ContextOverflowError {
    return new ContextOverflowError({
      ...fieldsOf(this),
      ...(partial === undefined ? {} : { partial }),
      ...(usage === undefined ? {} : { usage }),
    });
  }
}

function fieldsOf(error: ProviderError): ContextOverflowErrorOptions {
  return {
    message: error.message,
    provider: error.provider,
    cause: error.cause,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.body === undefined ? {} : { body: error.body }),
    ...(error.providerCode === undefined ? {} : { providerCode: error.providerCode }),
    ...(error.partial === undefined ? {} : { partial: error.partial }),
    ...(error.usage === undefined ? {} : { usage: error.usage }),
  };
}

/**
 * Whether `error` says the request was too long for the model: a `ContextOverflowError`, or an aigo
 * error with the code `@aigo/http` gives such answers (`context_length_exceeded`, from a provider
 * that does not map it yet).
 */
export function isContextOverflow(error: unknown): boolean {
  if (ContextOverflowError.isInstance(error)) return true;
  return (
    AigoError.isInstance(error) &&
    (error.code === 'context_length_exceeded' || error.code === 'context_overflow')
  );
}

/**
 * For provider adapters: a `ProviderError` that says the context overflowed (code
 * `context_length_exceeded`, as `errorFromResponse` of `@aigo/http` classifies it) as a
 * `ContextOverflowError` with the same fields; any other value as it is.
 */
export function toContextOverflow(error: unknown): unknown {
  if (ContextOverflowError.isInstance(error) || !ProviderError.isInstance(error)) return error;
  if (error.code !== 'context_length_exceeded') return error;
  return new ContextOverflowError(fieldsOf(error));
}
