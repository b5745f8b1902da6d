import { type ChatRequest, type ChatResponse, ValidationError } from '@aigo/ai';
import type { Middleware } from './middleware.js';

/** The callbacks of {@link hooksMiddleware}. */
export interface RequestHooks {
  /**
   * Sees every request before it goes further in; may return a rewritten request (return nothing
   * to keep it). May be async. Throwing rejects the call with that error.
   */
  onRequest?(request: ChatRequest): ChatRequest | undefined | Promise<ChatRequest | undefined>;
  /**
   * Sees every complete response: a `sendMessage` answer, or a stream's collected response when it
   * finishes. Synchronous, because a stream's finish hook is. Throwing fails the call (or the stream)
   * with that error.
   */
  onResponse?(response: ChatResponse): void;
}

/**
 * The simplest middleware: a callback before each call (which may rewrite the request) and one
 * after each response. Works for `sendMessage` and streams alike.
 *
 * @throws ValidationError when a hook is not a function.
 */
export function hooksMiddleware(hooks: RequestHooks): Middleware {
  if (hooks === null || typeof hooks !== 'object') {
    throw new ValidationError('hooks', 'must be an object with onRequest and/or onResponse');
  }
  const { onRequest, onResponse } = hooks;
  if (onRequest !== undefined && typeof onRequest !== 'function') {
    throw new ValidationError('hooks.onRequest', 'must be a function');
  }
  if (onResponse !== undefined && typeof onResponse !== 'function') {
    throw new ValidationError('hooks.onResponse', 'must be a function');
  }

  const rewrite = async (request: ChatRequest): Promise<ChatRequest> => {
    if (onRequest === undefined) return request;
    const rewritten = await onRequest.call(hooks, request);
    if (rewritten === undefined) return request;
    if (rewritten === null || typeof rewritten !== 'object') {
      throw new ValidationError('hooks.onRequest', 'must return a ChatRequest or nothing');
    }
    return rewritten;
  };

  return {
    name: 'hooks',
    async send(request, options, next) {
      const response = await next(await rewrite(request), options);
      onResponse?.call(hooks, response);
      return response;
    },
    async stream(request, options, next) {
      const stream = await next(await rewrite(request), options);
      if (onResponse === undefined) return stream;
      return stream.addHooks({ onFinish: (response) => onResponse.call(hooks, response) });
    },
  };
}
