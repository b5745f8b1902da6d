import type { ChatStream } from '../stream/chat-stream.js';
import type { StreamEvent } from '../stream/stream-event.js';
import type { StreamMapper } from './iterator-stream.js';
import { sseFrame } from './sse-frame.js';
import { type ErrorMessage, sseErrorData } from './web-error.js';

/**
 * A model stream as server-sent events: every `StreamEvent` as an event of its `type` with the event
 * as data; before `finish`, one `tool_call` event per whole tool call (`{ type, toolCall }`, the
 * fragments joined); a failure as an `error` event, the last.
 */
export function chatSSEMapper(
  stream: ChatStream,
  errorMessage: ErrorMessage,
): StreamMapper<StreamEvent, Uint8Array> {
  return {
    event(event, out) {
      if (event.type === 'finish') {
        // `finish` comes once the source closed: `partial` holds every call, arguments complete.
        for (const toolCall of stream.partial.toolCalls) {
          out.enqueue(sseFrame('tool_call', { type: 'tool_call', toolCall }));
        }
      }
      out.enqueue(sseFrame(event.type, event));
    },
    error(error, out) {
      out.enqueue(sseFrame('error', sseErrorData(error, errorMessage(error), undefined)));
    },
  };
}
