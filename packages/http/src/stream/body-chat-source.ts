import type { Readable } from 'node:stream';
import type { ChatStreamController, ChatStreamSource, StreamEvent } from '@aigo/ai';
import type { CallSignal } from '../transport/call-signal.js';
import { mapTransportError, type TransportContext } from '../transport/map-transport-error.js';
import type { FrameMapper, StreamFormat, ToChatStreamOptions } from './frame-mapper.js';
import { createJsonArrayDecoder } from './json-array-decoder.js';
import { createSseDecoder, type StreamDecoder } from './sse-decoder.js';
import type { StreamFrame } from './stream-frame.js';

/** What a {@link BodyChatSource} reads and how. */
export interface BodyChatSourceInit {
  readonly body: Readable;
  readonly format: StreamFormat;
  readonly call: CallSignal | undefined;
  readonly context: TransportContext;
  readonly maxEventChars: number | undefined;
  /** Called with each frame (`onEnd` and `onComment` below are the hooks in effect). */
  readonly mapper: FrameMapper;
  readonly onEnd: ToChatStreamOptions['onEnd'];
  readonly onComment: ToChatStreamOptions['onComment'];
  /** A transport error that arrived before the stream was built. */
  readonly earlyError: unknown;
}

/**
 * @internal The `ChatStream` source over an undici body: decodes frames as bytes arrive and hands
 * them to the adapter's `onFrame`, pauses the body while the stream's queue is full, and destroys
 * the connection when the stream is cancelled. It is also the controller the adapter sees (the
 * stream's own, guarded so that nothing reaches the stream after the source finished). One object
 * with methods rather than a dozen closures per stream: an open stream costs a few hundred bytes
 * less, and the per-frame calls go through fast-mode objects (an object literal with a getter is a
 * dictionary-mode object in V8).
 */
export class BodyChatSource implements ChatStreamSource, ChatStreamController {
  readonly #init: BodyChatSourceInit;
  #stream: ChatStreamController | undefined;
  #decoder: StreamDecoder | undefined;
  #finished = false;

  constructor(init: BodyChatSourceInit) {
    this.#init = init;
  }

  // ChatStreamSource

  start(controller: ChatStreamController): void {
    this.#stream = controller;
    const { body, format, context, maxEventChars, onComment, earlyError } = this.#init;
    const provider = context.provider;
    const deliver = this.#deliver.bind(this);
    this.#decoder =
      typeof format === 'object'
        ? format.decoder(deliver, { provider })
        : format === 'sse'
          ? createSseDecoder(deliver, {
              provider,
              ...(onComment === undefined
                ? {}
                : {
                    onComment: (comment: string) => {
                      if (!this.#finished) onComment(comment, this);
                    },
                  }),
              ...(maxEventChars === undefined ? {} : { maxEventChars }),
            })
          : createJsonArrayDecoder(deliver, { provider });
    body.on('data', this.#onData.bind(this));
    body.on('end', this.#onEnd.bind(this));
    body.on('error', this.#onError.bind(this));
    if (earlyError !== undefined) this.error(mapTransportError(earlyError, context));
  }

  pull(): void {
    if (!this.#finished) this.#init.body.resume();
  }

  cancel(): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#release();
    this.#init.body.destroy();
  }

  // ChatStreamController, as the adapter sees it

  enqueue(event: StreamEvent): void {
    if (!this.#finished) this.#stream?.enqueue(event);
  }

  close(): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#release();
    this.#stream?.close();
    // Read what is left (usually nothing) so the connection goes back to the pool.
    this.#init.body.resume();
  }

  error(error: unknown): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#release();
    this.#init.body.destroy();
    this.#stream?.error(error);
  }

  get desiredSize(): number {
    return this.#stream?.desiredSize ?? 0;
  }

  // The body's events

  #deliver(frame: StreamFrame): void {
    if (!this.#finished) this.#init.mapper.onFrame(frame, this);
  }

  #onData(chunk: Buffer): void {
    if (this.#finished) return;
    try {
      this.#decoder?.push(chunk);
    } catch (error) {
      this.error(error);
      return;
    }
    if (!this.#finished && this.desiredSize <= 0) this.#init.body.pause();
  }

  #onEnd(): void {
    this.#release();
    if (this.#finished) return;
    try {
      this.#decoder?.end();
      if (!this.#finished) (this.#init.onEnd ?? closeStream)(this);
      if (!this.#finished) this.close();
    } catch (error) {
      this.error(error);
    }
  }

  #onError(error: unknown): void {
    this.#release();
    if (this.#finished) return;
    this.error(mapTransportError(error, this.#init.context));
  }

  #release(): void {
    this.#init.call?.dispose();
  }
}

function closeStream(controller: ChatStreamController): void {
  controller.close();
}
