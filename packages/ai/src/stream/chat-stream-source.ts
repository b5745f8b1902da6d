import type { StreamEvent } from './stream-event.js';

/** How a source hands events to its `ChatStream`. */
export interface ChatStreamController {
  /** Adds an event. A `finish` event is held back and delivered last, when the source closes. */
  enqueue(event: StreamEvent): void;
  /** The source ended normally. */
  close(): void;
  /** The source failed; the iterator rejects with this error (progress attached). */
  error(error: unknown): void;
  /** How many more events the consumer wants before the source should pause (≤ 0: pause). */
  readonly desiredSize: number;
}

/**
 * Where a `ChatStream`'s events come from: an adapter reading an HTTP body, a fake provider, a
 * finished response. `start` runs once, synchronously, when the stream is built.
 */
export interface ChatStreamSource {
  start(controller: ChatStreamController): void;
  /** The consumer drained the queue: resume a paused source. */
  pull?(): void;
  /**
   * The consumer stopped early (break, abort, `cancel()`): stop at once and release everything
   * (destroy the socket). Called at most once, and never after the source closed or failed.
   */
  cancel?(reason: unknown): void;
}
