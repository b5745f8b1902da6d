import { TaskState } from '@a2a-js/sdk';
import type { ExecutionEventBus } from '@a2a-js/sdk/server';
import {
  type AgentEvent,
  type AgentStream,
  agentEventPath,
  type JsonValue,
  messageText,
} from '@aigo/ai';
import { dataA2APart, textA2APart } from '../shared/a2a-parts.js';
import { interactionQuestion } from './interaction-answer.js';
import type { A2ARunStore } from './run-store.js';
import { publishArtifact, publishStatus, type TaskRef } from './task-events.js';

/** What follows a run's events. */
export interface RunEventsContext {
  readonly bus: ExecutionEventBus;
  readonly ref: TaskRef;
  readonly runStore: A2ARunStore;
  readonly signal: AbortSignal;
  /** True once the task was cancelled: nothing more is published. */
  cancelled(): boolean;
}

function progressText(event: Extract<AgentEvent, { type: 'tool_progress' }>): string {
  const { progress, total, message } = event.progress;
  const amount =
    progress === undefined
      ? ''
      : total === undefined
        ? ` (${progress})`
        : ` (${progress}/${total})`;
  return `${event.toolCall.function.name}: ${message ?? 'working'}${amount}`;
}

/** A steering message as the task's status shows it: its text (or that it had only media). */
function steeringText(event: Extract<AgentEvent, { type: 'steering_message' }>): string {
  const text = messageText(event.message);
  return text === '' ? 'Steered with a message (media only)' : `Steered: ${text}`;
}

/**
 * The status text of a sub-run's event (an agent the run called as a tool): its tool calls and
 * their progress, named by the path of agents (`researcher > checker: Calling search`); `undefined`
 * for the rest (its text, its answer: the task's answer is the run's own).
 */
function nestedText(event: Extract<AgentEvent, { type: 'agent_event' }>): string | undefined {
  const { path, event: inner } = agentEventPath(event);
  const who = path.join(' > ');
  if (inner.type === 'tool_call') return `${who}: Calling ${inner.toolCall.function.name}`;
  if (inner.type === 'tool_progress') return `${who}: ${progressText(inner)}`;
  return undefined;
}

/**
 * Publishes a run's events as A2A events: tool calls and their progress as `working` status updates
 * (those of the agents it calls as tools too, named by their path),
 * a message steered into the run as a `working` status update with its text,
 * the final answer as the `answer` artifact (its text, and its typed result as a data part when it is
 * not text) then `completed` (text fragments and partial answers are not published: the answer
 * arrives whole), a run waiting for decisions as `input-required` (the run saved to the
 * run store under the task id), an error as `failed` with its message.
 */
export async function publishRunEvents(
  stream: AgentStream<unknown>,
  context: RunEventsContext,
): Promise<'waiting' | 'done'> {
  const { bus, ref } = context;
  for await (const event of stream) {
    if (context.cancelled()) return 'done';
    switch (event.type) {
      case 'tool_call':
        publishStatus(bus, ref, TaskState.TASK_STATE_WORKING, [
          textA2APart(`Calling ${event.toolCall.function.name}`),
        ]);
        break;
      case 'tool_progress':
        publishStatus(bus, ref, TaskState.TASK_STATE_WORKING, [textA2APart(progressText(event))]);
        break;
      case 'steering_message':
        publishStatus(bus, ref, TaskState.TASK_STATE_WORKING, [textA2APart(steeringText(event))]);
        break;
      case 'agent_event': {
        const text = nestedText(event);
        if (text !== undefined) {
          publishStatus(bus, ref, TaskState.TASK_STATE_WORKING, [textA2APart(text)]);
        }
        break;
      }
      case 'interaction_requested':
        await context.runStore.save(event.suspended, { signal: context.signal });
        if (context.cancelled()) return 'done';
        publishStatus(bus, ref, TaskState.TASK_STATE_INPUT_REQUIRED, [
          textA2APart(interactionQuestion(event.requests)),
          dataA2APart({ interactionRequests: event.requests as unknown as JsonValue }),
        ]);
        return 'waiting';
      case 'final_answer': {
        const parts = [textA2APart(event.content)];
        if (typeof event.result !== 'string' && event.result !== undefined) {
          parts.push(dataA2APart(event.result as JsonValue));
        }
        publishArtifact(bus, ref, 'answer', parts);
        publishStatus(bus, ref, TaskState.TASK_STATE_COMPLETED);
        return 'done';
      }
      case 'partial_answer':
        // Not published: the typed answer arrives whole, as the `answer` artifact (as text does,
        // never in deltas). An artifact update per partial would be a task-store write each (a
        // database row with `pgTaskStore`) and a replacement the client must redraw.
        break;
      case 'error':
        if (context.cancelled() || context.signal.aborted) return 'done';
        publishStatus(bus, ref, TaskState.TASK_STATE_FAILED, [textA2APart(event.error.message)]);
        return 'done';
      default:
        break;
    }
  }
  if (!context.cancelled()) {
    publishStatus(bus, ref, TaskState.TASK_STATE_FAILED, [
      textA2APart('The agent stopped without an answer.'),
    ]);
  }
  return 'done';
}
