import type { CallOptions, ChatRequest, ChatResponse, ChatStream } from '@aigo/ai';
import type { Middleware } from './middleware.js';

/** What a watching middleware does about one call, decided when the call starts. */
export interface CallWatch {
  /** The options the call goes on with; the caller's when unset. */
  readonly options?: CallOptions;
  /** Each stream event, as it passes (streams only). */
  readonly onEvent?: () => void;
  /** The call ended with a response (a stream: it finished). */
  succeed(response: ChatResponse): void;
  /** The call failed (a stream: it failed or was cancelled). */
  fail(error: unknown): void;
}

/** Starts watching one call. */
export type StartWatch = (
  operation: 'send' | 'stream',
  request: ChatRequest,
  options: CallOptions,
) => CallWatch;

/**
 * A middleware that watches every call and changes nothing of it (the logging and observability
 * middleware): `start` runs before the call, then the watch hears how it ended — a `send` when its
 * promise settles, a stream from the stream's hooks when it finishes or fails, so every event still
 * reaches the consumer unwrapped. The watch's functions must not throw.
 */
export function watchingMiddleware(name: string, start: StartWatch): Middleware {
  return {
    name,
    async send(request, options, next) {
      const watch = start('send', request, options);
      try {
        const response = await next(request, watch.options ?? options);
        watch.succeed(response);
        return response;
      } catch (error) {
        watch.fail(error);
        throw error;
      }
    },
    async stream(request, options, next) {
      const watch = start('stream', request, options);
      let stream: ChatStream;
      try {
        stream = await next(request, watch.options ?? options);
      } catch (error) {
        watch.fail(error);
        throw error;
      }
      const onEvent = watch.onEvent;
      return stream.addHooks({
        ...(onEvent === undefined ? {} : { onEvent }),
        onFinish: (response) => watch.succeed(response),
        onError: (error) => watch.fail(error),
      });
    },
  };
}
