import type { ChatStreamController } from '@aigo/ai';
import type { StreamDecoding } from './stream-decoding.js';
import type { StreamFrame } from './stream-frame.js';

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

/** The body's wire format: SSE, a JSON array, or a format the adapter decodes. */
export type StreamFormat = 'sse' | 'json-array' | StreamDecoding;
