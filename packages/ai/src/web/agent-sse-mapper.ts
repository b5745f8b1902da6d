import type { AgentStream } from '../agent/agent.js';
import type { AgentEvent, AgentFinalAnswerEvent } from '../agent/agent-event.js';
import type { Usage } from '../chat/usage.js';
import type { StreamMapper } from './iterator-stream.js';
import { sseFrame } from './sse-frame.js';
import { type ErrorMessage, sseErrorData, toStreamError } from './web-error.js';

/**
 * An agent run as server-sent events: every `AgentEvent` as an event of its `type` with the event as
 * data (a `steering_message` carries the user message that joined the run, so a chat UI shows it
 * where the model read it), except that
 * - an `error` event carries `{ type, code, message, stopReason?, iteration }`, never the error
 *   object (its overview stays on the server);
 * - `interaction_requested` carries `requests` without `suspended` (the run's state is for the
 *   server to store, from `collect()`);
 * - an `agent_event` (a sub-run's event) carries its event shown by these same rules, at every
 *   depth: a sub-run's `error` as its code and message, its `interaction_requested` without the run;
 * - `final_answer` is held until the run ended, and preceded by a `usage` event with the run's
 *   `totalUsage` (from `collect()`).
 */
export function agentSSEMapper<T>(
  stream: AgentStream<T>,
  errorMessage: ErrorMessage,
): StreamMapper<AgentEvent<T>, Uint8Array> {
  let finalAnswer: AgentFinalAnswerEvent<T> | undefined;
  return {
    event(event, out) {
      switch (event.type) {
        case 'final_answer':
          finalAnswer = event;
          return;
        case 'error':
        case 'interaction_requested':
        case 'agent_event':
          out.enqueue(sseFrame(event.type, shownEvent(event, errorMessage)));
          return;
        default:
          out.enqueue(sseFrame(event.type, event));
      }
    },
    async end(out) {
      const event = finalAnswer;
      if (event === undefined) return;
      // The run is over: `collect()` settles at once with what `execute` resolves to.
      const usage = await stream.collect().then(
        (result): Usage | undefined => result.totalUsage,
        () => undefined,
      );
      if (usage !== undefined) out.enqueue(sseFrame('usage', { type: 'usage', usage }));
      out.enqueue(sseFrame('final_answer', event));
    },
    error(error, out) {
      out.enqueue(sseFrame('error', sseErrorData(error, errorMessage(error), undefined)));
    },
  };
}

/** An event as the client may see it: errors as their code and message, no suspended run's state. */
function shownEvent(event: AgentEvent<unknown>, errorMessage: ErrorMessage): unknown {
  switch (event.type) {
    case 'error': {
      // An agent of another package may put something other than an AigoError here.
      const error = toStreamError(event.error);
      return sseErrorData(error, errorMessage(error), event.iteration);
    }
    case 'interaction_requested': {
      const { suspended: _suspended, ...shown } = event;
      return shown;
    }
    case 'agent_event':
      return { ...event, event: shownEvent(event.event, errorMessage) };
    default:
      return event;
  }
}
