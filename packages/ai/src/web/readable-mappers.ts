import type { AgentEvent } from '../agent/agent-event.js';
import type { StreamEvent } from '../stream/stream-event.js';
import type { StreamMapper } from './iterator-stream.js';

/** Events as they are; a failure errors the web stream (an agent's `error` event is an event). */
export function eventMapper<E>(): StreamMapper<E, E> {
  return {
    event(event, out) {
      out.enqueue(event);
    },
    error(error) {
      throw error;
    },
  };
}

/**
 * The answer's text only (`content` events), each fragment made a chunk by `chunk`; a failure, or an
 * agent's `error` event, errors the web stream with the `AigoError`.
 */
export function textMapper<C>(
  chunk: (text: string) => C,
): StreamMapper<StreamEvent | AgentEvent<unknown>, C> {
  return {
    event(event, out) {
      if (event.type === 'content') {
        if (event.text !== '') out.enqueue(chunk(event.text));
      } else if (event.type === 'error') throw event.error;
    },
    error(error) {
      throw error;
    },
  };
}
