import { type Part, TaskState } from '@a2a-js/sdk';
import { type ExecutionEventBus, AgentEvent as SdkEvent } from '@a2a-js/sdk/server';
import {
  type AgentEvent,
  type AgentStream,
  agentEventPath,
  type JsonObject,
  type JsonValue,
  messageText,
} from '@aigo/ai';
import {
  contentToA2APart,
  dataA2APart,
  generatedMediaA2APart,
  textA2APart,
} from '../shared/a2a-parts.js';
import { interactionQuestion } from './interaction-answer.js';
import type { A2ARunStore } from './run-store.js';
import {
  agentMessage,
  publishArtifact,
  publishStatus,
  type TaskPublisher,
  type TaskRef,
} from './task-events.js';

/** How a run answers: with a task, a message, or a message when it needs no task (`auto`). */
export type ReplyAs = 'task' | 'message' | 'auto';

/** What follows a run's events. */
export interface RunEventsContext {
  readonly bus: ExecutionEventBus;
  readonly ref: TaskRef;
  readonly runStore: A2ARunStore;
  readonly signal: AbortSignal;
  /** The execution's task, published at once (`task`) or when first needed. */
  readonly task: TaskPublisher;
  /** How the run answers; a run that waits for input or fails is a task whatever this says. */
  readonly replyAs: ReplyAs;
  /** The metadata of the answer (the artifact's, or the message's). */
  answerMetadata(result: unknown): JsonObject | undefined;
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

/** A guardrail's trip as the task's status shows it (a trip that ends the run fails it next). */
function guardrailText(event: Extract<AgentEvent, { type: 'guardrail_tripped' }>): string {
  const { name, kind, reason } = event.guardrail;
  const what =
    event.action === 'stop'
      ? 'stopped the run'
      : event.action === 'retry'
        ? 'asked for another answer'
        : 'withheld a tool result';
  return `The ${kind} guardrail "${name}" ${what}${reason === undefined ? '' : `: ${reason}`}`;
}

/**
 * The parts of a final answer: a typed (not text) result leads with its data part, its text after;
 * a text answer is its text.
 */
export function answerParts(content: string, result: unknown): Part[] {
  if (typeof result === 'string' || result === undefined) return [textA2APart(content)];
  return [dataA2APart(result as JsonValue), textA2APart(content)];
}

/** The file parts of a tool result's media (`withContent`). */
function mediaParts(event: Extract<AgentEvent, { type: 'tool_result' }>): Part[] {
  return (event.content ?? []).filter((part) => part.type !== 'text').map(contentToA2APart);
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
 * Publishes a run's events as A2A events. As a task: tool calls and their progress as `working`
 * status updates (those of the agents the run calls as tools too, named by their path), a guardrail that tripped and a tool call `authorizeTool` denied as `working` status
 * updates with their reason (a run a guardrail stopped then fails with the trip as its message), a
 * message steered into the run as a `working` status update with its text, media
 * a tool returned (`withContent`) as an artifact of file parts (id `tool-<call id>`, named after the
 * tool), the final answer as the `answer` artifact (a typed result as a data part first, then its
 * text, then the images, audio and video the model made as file parts) then `completed` (text
 * fragments and partial answers are not published: the answer arrives whole), a run waiting for
 * decisions as `input-required` (the run saved to the run store under the task id), an error as
 * `failed` with its message. As a message (`replyAs`): the answer's parts and the tools' media in
 * one agent message, no task — `auto` turns to a task at the run's first tool call or second step,
 * `message` only when the run waits or fails.
 */
export async function publishRunEvents(
  stream: AgentStream<unknown>,
  context: RunEventsContext,
): Promise<'waiting' | 'done'> {
  const { bus, ref, task } = context;
  const asMessage = context.replyAs === 'message';
  // What a task shows as it goes: published for a task, dropped for a message.
  const status = (parts: Part[]): void => {
    if (asMessage) return;
    task.ensure();
    publishStatus(bus, ref, TaskState.TASK_STATE_WORKING, parts);
  };
  const files: Part[] = [];
  let steps = 0;
  for await (const event of stream) {
    if (context.cancelled()) return 'done';
    switch (event.type) {
      case 'iteration_start':
        steps += 1;
        if (steps > 1 && context.replyAs === 'auto') task.ensure();
        break;
      case 'tool_call':
        status([textA2APart(`Calling ${event.toolCall.function.name}`)]);
        break;
      case 'tool_progress':
        status([textA2APart(progressText(event))]);
        break;
      case 'steering_message':
        status([textA2APart(steeringText(event))]);
        break;
      case 'agent_event': {
        const text = nestedText(event);
        if (text !== undefined) status([textA2APart(text)]);
        break;
      }
      case 'tool_result': {
        const media = mediaParts(event);
        if (media.length === 0) break;
        if (asMessage) {
          files.push(...media);
          break;
        }
        task.ensure();
        publishArtifact(bus, ref, `tool-${event.toolCall.id}`, media, {
          name: event.toolCall.function.name,
        });
        break;
      }
      case 'guardrail_tripped':
        status([
          textA2APart(guardrailText(event)),
          dataA2APart({
            guardrail: JSON.parse(JSON.stringify(event.guardrail)) as JsonValue,
            action: event.action,
          }),
        ]);
        break;
      case 'tool_denied':
        status([textA2APart(`Denied ${event.toolCall.function.name}: ${event.reason}`)]);
        break;
      case 'interaction_requested':
        task.ensure();
        await context.runStore.save(event.suspended, { signal: context.signal });
        if (context.cancelled()) return 'done';
        publishStatus(bus, ref, TaskState.TASK_STATE_INPUT_REQUIRED, [
          textA2APart(interactionQuestion(event.requests)),
          dataA2APart({ interactionRequests: event.requests as unknown as JsonValue }),
        ]);
        return 'waiting';
      case 'final_answer': {
        const parts = [
          ...answerParts(event.content, event.result),
          ...(event.media ?? []).map(generatedMediaA2APart),
        ];
        const metadata = context.answerMetadata(event.result);
        if (context.replyAs !== 'task' && !task.published) {
          const reply = agentMessage({ taskId: '', contextId: ref.contextId }, [
            ...parts,
            ...files,
          ]);
          bus.publish(SdkEvent.message(metadata === undefined ? reply : { ...reply, metadata }));
          return 'done';
        }
        task.ensure();
        publishArtifact(bus, ref, 'answer', [...parts, ...files], { metadata });
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
        task.ensure();
        publishStatus(bus, ref, TaskState.TASK_STATE_FAILED, [textA2APart(event.error.message)]);
        return 'done';
      default:
        break;
    }
  }
  if (!context.cancelled()) {
    task.ensure();
    publishStatus(bus, ref, TaskState.TASK_STATE_FAILED, [
      textA2APart('The agent stopped without an answer.'),
    ]);
  }
  return 'done';
}
