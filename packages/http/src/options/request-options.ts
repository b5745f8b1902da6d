import { ValidationError } from '@aigo/ai';
import { describe } from './validate.js';

/**
 * Per-call options. A provider's `CallOptions` (`signal`, `headers`, `timeoutMs`) can be passed as
 * they are.
 */
export interface RequestOptions {
  /** Aborting it destroys the connection at once; the call rejects with `AbortError` (cause: the reason). */
  readonly signal?: AbortSignal;
  /** This call's deadline, overriding the client's. */
  readonly timeoutMs?: number;
  /** Extra headers for this call; they override the client's. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
}

/**
 * The per-call options a provider hands its `HttpClient`, from the `CallOptions` it was given:
 * `signal`, `timeoutMs` and `headers` (checked by the client when it sends). Nothing is copied —
 * the same object comes back — so a call costs no allocation for it.
 *
 * @throws ValidationError naming `options` when it is neither undefined nor an object.
 */
export function toRequestOptions(options: RequestOptions | undefined): RequestOptions | undefined {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError(
      'options',
      `must be CallOptions (an object), got ${describe(options)}`,
    );
  }
  return options as RequestOptions;
}
