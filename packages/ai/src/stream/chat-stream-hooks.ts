import type { ChatResponse } from '../chat/chat-response.js';
import type { AigoError } from '../errors/aigo-error.js';
import type { StreamEvent } from './stream-event.js';

/**
 * Synchronous observers fused into the stream's one iterator, so middleware adds no async layer
 * per event. A hook that throws fails the stream with that error.
 */
export interface ChatStreamHooks {
  /**
   * Each event as the source handed it over, before it is added to the response: an event a hook
   * rejects (by throwing) fails the stream and is not part of `partial`.
   */
  onEvent?(event: StreamEvent): void;
  /** After the last event, with the complete response. */
  onFinish?(response: ChatResponse): void;
  /** When the stream fails or is cancelled, with the error the consumer sees. */
  onError?(error: AigoError): void;
}
