import type { ChatStreamController } from '@aigo/ai';
import { type FrameMapper, type JsonRecord, type StreamFrame, streamCutShort } from '@aigo/http';
import { parseFrameJson } from './parse-frame-json.js';

/**
 * Turns the frames of one streamed answer into stream events, synchronously, inside the single
 * iterator between the socket and the consumer. One instance per stream: it holds the state of
 * that answer (tool calls seen, a `<think>` block in progress, whether the terminator arrived).
 */
export interface StreamMapper extends FrameMapper {
  /** One SSE frame: enqueue its events, `close()` at the terminator, `error()` for an error frame. */
  onFrame(frame: StreamFrame, controller: ChatStreamController): void;
  /** The body ended: close, or fail when the answer was cut short. */
  onEnd(controller: ChatStreamController): void;
}

/**
 * What the stream mappers of both APIs share: the provider id and secrets their errors carry,
 * whether the answer is done (later frames are ignored), a frame's JSON, and the error of a body
 * that ended too soon. Methods, not closures, so V8 keeps them inlined in the read loop.
 */
export abstract class BaseStreamMapper implements StreamMapper {
  protected readonly providerId: string;
  protected readonly secrets: readonly string[];
  /** True once the answer closed or failed: later frames are ignored. */
  protected done = false;

  constructor(providerId: string, secrets: readonly string[]) {
    this.providerId = providerId;
    this.secrets = secrets;
  }

  abstract onFrame(frame: StreamFrame, controller: ChatStreamController): void;
  abstract onEnd(controller: ChatStreamController): void;

  /**
   * The JSON object of a frame's `data`, or `undefined` once the stream failed with
   * `invalid_response` (the mapper is then done).
   */
  protected frameJson(
    frame: StreamFrame,
    controller: ChatStreamController,
  ): JsonRecord | undefined {
    const json = parseFrameJson(frame, controller, this.providerId);
    if (json === undefined) this.done = true;
    return json;
  }

  /** Fails the stream with `stream_error`: the body ended before `expected`, the answer cut short. */
  protected cutShort(controller: ChatStreamController, expected: string): void {
    this.done = true;
    controller.error(streamCutShort(this.providerId, expected));
  }
}
