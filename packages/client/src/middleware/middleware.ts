import {
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  type ChatStream,
  type Provider,
  ValidationError,
} from '@aigo/ai';
import { checkedProviderCalls } from '../provider/checked-provider-calls.js';

/** Calls the next layer (another middleware, or the provider) with a request. */
export type SendNext = (request: ChatRequest, options: CallOptions) => Promise<ChatResponse>;

/** Starts a stream on the next layer (another middleware, or the provider). */
export type StreamNext = (request: ChatRequest, options: CallOptions) => Promise<ChatStream>;

/**
 * A layer around every model call. First in the client's list is outermost. A middleware may
 * implement either or both methods; one without `stream` is skipped on the streaming path, one
 * without `send` on the other.
 */
export interface Middleware {
  /** A short name for logs and errors (`retry`, `timeout`). */
  readonly name: string;
  /** Wraps a non-streaming call: call `next` zero or more times and resolve to a response. */
  send?(request: ChatRequest, options: CallOptions, next: SendNext): Promise<ChatResponse>;
  /**
   * Wraps the start of a stream. To observe events it calls
   * `stream.addHooks({ onEvent, onFinish, onError })` on the stream `next` resolved to and returns
   * that same stream — never wraps it in another async iterator, so every layer costs one
   * synchronous call per event at most.
   */
  stream?(request: ChatRequest, options: CallOptions, next: StreamNext): Promise<ChatStream>;
}

/** The composed call functions of a provider and its middleware. */
export interface ComposedCalls {
  readonly send: SendNext;
  /**
   * Always defined: a provider without streaming gets a stream replayed from its `sendMessage`
   * answer (`ChatStream.fromResponse`), so stream middleware still apply.
   */
  readonly stream: StreamNext;
}

/**
 * Builds the send and stream functions from a provider and a middleware list. The first
 * middleware is outermost: it sees the request first and the outcome last. Under all of them,
 * what the provider returns is checked against the `@aigo/ai` contracts (a bad response, stream or
 * stream event fails the call with `InvalidProviderResponseError`).
 *
 * @throws ValidationError when `provider` has no `sendMessage` or a middleware is malformed.
 */
export function composeMiddleware(
  provider: Provider,
  middleware: readonly Middleware[],
): ComposedCalls {
  if (
    provider === null ||
    typeof provider !== 'object' ||
    typeof provider.sendMessage !== 'function'
  ) {
    throw new ValidationError('provider', 'must be an object with a sendMessage() method');
  }
  if (!Array.isArray(middleware)) {
    throw new ValidationError('middleware', 'must be an array');
  }
  middleware.forEach((layer, index) => {
    validateLayer(layer, index);
  });

  // The innermost layer: the provider, with what it returns checked before any middleware sees it.
  let { send, stream }: { send: SendNext; stream: StreamNext } = checkedProviderCalls(provider);

  for (let index = middleware.length - 1; index >= 0; index--) {
    const layer = middleware[index] as Middleware;
    if (layer.send !== undefined) {
      const next = send;
      send = (request, options) =>
        (layer.send as NonNullable<Middleware['send']>).call(layer, request, options, next);
    }
    if (layer.stream !== undefined) {
      const next = stream;
      stream = (request, options) =>
        (layer.stream as NonNullable<Middleware['stream']>).call(layer, request, options, next);
    }
  }
  return { send, stream };
}

function validateLayer(layer: Middleware, index: number): void {
  const argument = `middleware[${index}]`;
  if (layer === null || typeof layer !== 'object') {
    throw new ValidationError(argument, 'must be a middleware object');
  }
  if (typeof layer.name !== 'string' || layer.name.length === 0) {
    throw new ValidationError(`${argument}.name`, 'must be a non-empty string');
  }
  if (layer.send !== undefined && typeof layer.send !== 'function') {
    throw new ValidationError(`${argument}.send`, 'must be a function');
  }
  if (layer.stream !== undefined && typeof layer.stream !== 'function') {
    throw new ValidationError(`${argument}.stream`, 'must be a function');
  }
}
