import type { ChatResponse, ChatStream, ChatStreamHooks, StreamEvent } from '@aigo/ai';
import { responseError, responseProblem } from './check-provider-response.js';
import { checkStreamEvent } from './check-stream-event.js';
import { describeValue } from './describe-value.js';
import { InvalidProviderResponseError } from './invalid-provider-response-error.js';

/**
 * The hooks that check a provider's stream as it arrives: every event against the `StreamEvent`
 * contract, and the finished response against the `ChatResponse` contract. A bad one fails the
 * stream with an `InvalidProviderResponseError` (a throwing hook cancels the stream's source at
 * once, so the rest of the body is not read). One instance per provider, shared by its streams: it
 * holds nothing per stream.
 */
export class ProviderStreamCheck implements ChatStreamHooks {
  readonly #provider: string;

  constructor(provider: string) {
    this.#provider = provider;
  }

  onEvent(event: StreamEvent): void {
    checkStreamEvent(event, this.#provider);
  }

  onFinish(response: ChatResponse): void {
    const found = responseProblem(response);
    if (found !== undefined) throw responseError(found, this.#provider, 'stream');
  }

  /**
   * Checks that `stream` (what the provider's `streamMessage()` resolved to) is a `ChatStream` and
   * puts these hooks on it. A stream that already ended when it came back (its source ran
   * synchronously) has its response checked here.
   *
   * @throws InvalidProviderResponseError when it is not a `ChatStream`, or when it already ended with
   *   a response that breaks the contract.
   */
  attach(stream: unknown): ChatStream {
    if (!isChatStream(stream)) {
      throw new InvalidProviderResponseError({
        provider: this.#provider,
        field: 'stream',
        message: `The provider "${this.#provider}" returned from streamMessage() ${describeValue(stream)} instead of a ChatStream. Fix the provider's streamMessage() to resolve to a ChatStream of @aigo/ai (new ChatStream(source)).`,
      });
    }
    stream.addHooks(this);
    return stream;
  }
}

/** A `ChatStream` by its shape (`instanceof` fails across two copies of `@aigo/ai`). */
function isChatStream(value: unknown): value is ChatStream {
  if (value === null || typeof value !== 'object') return false;
  const stream = value as Partial<Record<PropertyKey, unknown>>;
  return (
    typeof stream.addHooks === 'function' &&
    typeof stream.collect === 'function' &&
    typeof stream.cancel === 'function' &&
    typeof stream[Symbol.asyncIterator] === 'function'
  );
}
