// What the tests need of the A2A SDK: messages to send and events to read.
import { randomUUID } from 'node:crypto';
import {
  type Message,
  type Part,
  Role,
  type SendMessageRequest,
  type StreamResponse,
  type Task,
  TaskState,
} from '@a2a-js/sdk';

/** A user message of text, in a context (a fresh one by default), answering a task when given. */
export function userText(text: string, ids: { contextId?: string; taskId?: string } = {}): Message {
  return {
    messageId: randomUUID(),
    contextId: ids.contextId ?? '',
    taskId: ids.taskId ?? '',
    role: Role.ROLE_USER,
    parts: [
      { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/** A send request of one message. */
export function sendRequest(message: Message): SendMessageRequest {
  return { tenant: '', message, configuration: undefined, metadata: undefined };
}

/** The texts of parts. */
export function textsOf(parts: readonly Part[] | undefined): string[] {
  return (parts ?? []).flatMap((part) =>
    part.content?.$case === 'text' ? [part.content.value] : [],
  );
}

/** A task's answer: the text of its artifacts. */
export function answerOf(task: Task): string {
  return task.artifacts.flatMap((artifact) => textsOf(artifact.parts)).join('\n');
}

/** A stream event, shortened for assertions: `task:submitted`, `status:working: Calling slow`, `artifact:answer`. */
export function describeEvent(event: StreamResponse): string {
  const payload = event.payload;
  switch (payload?.$case) {
    case 'task':
      return `task:${stateLabel(payload.value.status?.state)}`;
    case 'statusUpdate': {
      const text = textsOf(payload.value.status?.message?.parts).join(' ');
      return `status:${stateLabel(payload.value.status?.state)}${text === '' ? '' : `: ${text}`}`;
    }
    case 'artifactUpdate':
      return `artifact:${payload.value.artifact?.artifactId}`;
    case 'message':
      return `message: ${textsOf(payload.value.parts).join(' ')}`;
    default:
      return 'unknown';
  }
}

const LABELS: Record<number, string> = {
  [TaskState.TASK_STATE_SUBMITTED]: 'submitted',
  [TaskState.TASK_STATE_WORKING]: 'working',
  [TaskState.TASK_STATE_COMPLETED]: 'completed',
  [TaskState.TASK_STATE_FAILED]: 'failed',
  [TaskState.TASK_STATE_CANCELED]: 'canceled',
  [TaskState.TASK_STATE_INPUT_REQUIRED]: 'input-required',
  [TaskState.TASK_STATE_REJECTED]: 'rejected',
  [TaskState.TASK_STATE_AUTH_REQUIRED]: 'auth-required',
};

/** A task state's A2A name. */
export function stateLabel(state: TaskState | undefined): string {
  return state === undefined ? 'none' : (LABELS[state] ?? String(state));
}
