import type { Readable } from 'node:stream';
import {
  AbortError,
  AigoError,
  ChatStream,
  type ChatStreamController,
  ValidationError,
} from '@aigo/ai';
import { BodyChatSource } from './body-chat-source.js';
import type { CallSignal } from './call-signal.js';
import type { TransportContext } from './map-transport-error.js';
import type { StreamFrame } from './stream-frame.js';
import { describe, optionalFunction, optionalInteger, optionalObject } from './validate.js';

/**
 * Maps one frame to stream events, synchronously: call `controller.enqueue(event)` for each event,
 * `controller.close()` when the frame ends the answer, `controller.error(error)` for an error frame
 * (build it with `errorFromResponse`). A mapper that throws fails the stream with that error.
 */
export type FrameHandler = (frame: StreamFrame, controller: ChatStreamController) => void;

/**
 * A frame handler as an object, for an adapter that keeps per-answer state in a class: `onFrame` as
 * {@link FrameHandler}, and the optional `onEnd` / `onComment` hooks of {@link ToChatStreamOptions}
 * (which take precedence when both are given). Prefer it to a closure made per stream on hot paths:
 * V8 inlines the handler into the code that reads the body, and a method shared by every stream's
 * object stays inlined where a new closure per stream is dropped and recompiled after garbage
 * collections.
 */
export interface FrameMapper {
  onFrame(frame: StreamFrame, controller: ChatStreamController): void;
  onEnd?(controller: ChatStreamController): void;
  onComment?(comment: string, controller: ChatStreamController): void;
}

/** Options of {@link StreamResponse.toChatStream}. */
export interface ToChatStreamOptions {
  /**
   * The body ended (after the last frame, and after a final event without its blank line). Default:
   * `controller.close()`. An adapter that expects a terminator can fail the stream here instead. If
   * this hook neither closes nor fails the stream, it is closed after it returns.
   */
  readonly onEnd?: (controller: ChatStreamController) => void;
  /** SSE comment lines (`: OPENROUTER PROCESSING`), without the colon. Ignored by default. */
  readonly onComment?: (comment: string, controller: ChatStreamController) => void;
  /** Events the stream queues before the body is paused (default {@link DEFAULT_STREAM_HIGH_WATER_MARK}). */
  readonly highWaterMark?: number;
}

/**
 * How many events a stream built by `toChatStream` queues before it pauses the body: 1,024. Higher
 * than `ChatStream`'s own default (64) so that one 64 KiB network chunk (a few hundred small events)
 * never pauses and resumes the socket: pausing costs more than the events, and the response
 * accumulates the text anyway, so the queue adds little memory.
 */
export const DEFAULT_STREAM_HIGH_WATER_MARK = 1024;

/** The body's wire format. */
export type StreamFormat = 'sse' | 'json-array';

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
