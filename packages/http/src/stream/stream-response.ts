import type { Readable } from 'node:stream';
import {
  AbortError,
  AigoError,
  ChatStream,
  type ChatStreamController,
  ValidationError,
} from '@aigo/ai';
import {
  describe,
  optionalFunction,
  optionalInteger,
  optionalObject,
} from '../options/validate.js';
import type { CallSignal } from '../transport/call-signal.js';
import type { TransportContext } from '../transport/map-transport-error.js';
import { BodyChatSource } from './body-chat-source.js';
import {
  DEFAULT_STREAM_HIGH_WATER_MARK,
  type FrameHandler,
  type FrameMapper,
  type StreamFormat,
  type ToChatStreamOptions,
} from './frame-mapper.js';
import type { StreamFrame } from './stream-frame.js';

/**
 * A streaming response whose status was 2xx and whose body has not been read yet. Turn it into a
 * `ChatStream` with `toChatStream()` (once), or release it with `cancel()`; a response left alone
 * holds its connection until the call's deadline.
 */
export interface StreamResponse {
  readonly status: number;
  /** Response headers, lower-case names (`x-request-id`, `openai-processing-ms`). */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /**
   * The `ChatStream` over the body: frames are decoded as they arrive and handed to `onFrame`
   * synchronously, with no async layer between the socket and the stream's iterator. The body is
   * paused while the stream's queue is full. Aborting the call's signal, the deadline, `break` out
   * of `for await` or `stream.cancel()` destroy the connection at once. A connection that breaks
   * mid-body fails the stream with a `ProviderError` (`connection_error`, not retryable), carrying
   * the partial response.
   */
  toChatStream(onFrame: FrameHandler | FrameMapper, options?: ToChatStreamOptions): ChatStream;
  /** Discards the body and closes the connection. */
  cancel(): void;
}

/** What a {@link BodyStreamResponse} is built from. */
export interface BodyStreamResponseInit {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Readable;
  readonly format: StreamFormat;
  readonly call: CallSignal | undefined;
  readonly context: TransportContext;
  readonly maxEventChars: number | undefined;
}

/** @internal The `StreamResponse` over an undici body. */
export class BodyStreamResponse implements StreamResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly #init: BodyStreamResponseInit;
  #consumed = false;
  #earlyError: unknown;
  readonly #stash = (error: unknown): void => {
    this.#earlyError ??= error;
    this.#init.call?.dispose();
  };

  constructor(init: BodyStreamResponseInit) {
    this.status = init.status;
    this.headers = init.headers;
    this.#init = init;
    // Until a consumer attaches, a broken connection must not become an unhandled 'error' event.
    init.body.on('error', this.#stash);
  }

  cancel(): void {
    if (this.#consumed) return;
    this.#consumed = true;
    this.#init.call?.dispose();
    this.#init.body.destroy();
  }

  toChatStream(onFrame: FrameHandler | FrameMapper, options: ToChatStreamOptions = {}): ChatStream {
    const mapper = frameMapper(onFrame);
    optionalObject(options, 'options');
    const onEnd =
      optionalFunction<ToChatStreamOptions['onEnd']>(options.onEnd, 'options.onEnd') ??
      optionalFunction<FrameMapper['onEnd']>(mapper.onEnd, 'onFrame.onEnd')?.bind(mapper);
    const onComment =
      optionalFunction<ToChatStreamOptions['onComment']>(options.onComment, 'options.onComment') ??
      optionalFunction<FrameMapper['onComment']>(mapper.onComment, 'onFrame.onComment')?.bind(
        mapper,
      );
    const highWaterMark = optionalInteger(options.highWaterMark, 'options.highWaterMark', 1);
    if (this.#consumed) {
      throw new AigoError(
        'unsupported',
        'This response was already turned into a stream or cancelled: call toChatStream() once',
      );
    }
    this.#consumed = true;

    const { body, call } = this.#init;
    body.off('error', this.#stash);
    const source = new BodyChatSource({
      ...this.#init,
      mapper,
      onEnd,
      onComment,
      earlyError: this.#earlyError,
    });
    const stream = new ChatStream(source, {
      provider: this.#init.context.provider,
      highWaterMark: highWaterMark ?? DEFAULT_STREAM_HIGH_WATER_MARK,
    });
    if (call !== undefined) {
      // The caller's abort or the deadline ends the stream at once, as a ChatStream's own signal would.
      const onAbort = (): void => stream.cancel(AbortError.fromSignal(call));
      if (call.aborted) onAbort();
      else call.once('abort', onAbort);
    }
    return stream;
  }
}

/** A function handler wrapped as a {@link FrameMapper}, so the source calls one shape of object. */
class HandlerMapper implements FrameMapper {
  readonly #handler: FrameHandler;

  constructor(handler: FrameHandler) {
    this.#handler = handler;
  }

  onFrame(frame: StreamFrame, controller: ChatStreamController): void {
    this.#handler(frame, controller);
  }
}

function frameMapper(onFrame: FrameHandler | FrameMapper): FrameMapper {
  if (typeof onFrame === 'function') return new HandlerMapper(onFrame);
  if (onFrame !== null && typeof onFrame === 'object' && typeof onFrame.onFrame === 'function') {
    return onFrame;
  }
  throw new ValidationError(
    'onFrame',
    `must be a function or an object with an onFrame method, got ${describe(onFrame)}`,
  );
}
