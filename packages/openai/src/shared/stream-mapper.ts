import type { ChatStreamController } from '@aigo/ai';
import type { FrameMapper, StreamFrame } from '@aigo/http';

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
