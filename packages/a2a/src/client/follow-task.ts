import {
  type Artifact,
  type Message,
  type SendMessageRequest,
  type StreamResponse,
  type Task,
  TaskState,
  type TaskStatus,
} from '@a2a-js/sdk';
import type { Client, RequestOptions } from '@a2a-js/sdk/client';
import { abortableDelay } from '@aigo/ai';

/** States after which a task takes no more messages. */
const TERMINAL = new Set<TaskState>([
  TaskState.TASK_STATE_COMPLETED,
  TaskState.TASK_STATE_FAILED,
  TaskState.TASK_STATE_CANCELED,
  TaskState.TASK_STATE_REJECTED,
]);

/** True when the task is over, or waits for the caller (input or authentication). */
export function isSettled(task: Task): boolean {
  const state = task.status?.state;
  return (
    state !== undefined &&
    (TERMINAL.has(state) ||
      state === TaskState.TASK_STATE_INPUT_REQUIRED ||
      state === TaskState.TASK_STATE_AUTH_REQUIRED)
  );
}

/** True when the task can still be cancelled (it is not over). */
export function isOpen(task: Task): boolean {
  const state = task.status?.state;
  return state === undefined || !TERMINAL.has(state);
}

/** What following one exchange needs. */
export interface Exchange {
  readonly client: Client;
  readonly request: SendMessageRequest;
  readonly options: RequestOptions;
  readonly streaming: boolean;
  readonly pollIntervalMs: number;
  /** A new status of the task (a working update, the final state). */
  onStatus(task: Task, status: TaskStatus): void;
  /** The task the agent made for the message (its id is what a cancel needs). */
  onTask(task: Task): void;
}

/**
 * Sends the message and follows what the agent makes of it until it settles: a message (a
 * synchronous reply), or a task that completed, failed, was cancelled or rejected, or waits for
 * input. Streams when asked (and the SDK falls back to a plain send when the agent cannot), else
 * polls `tasks/get`. Rejects with what the SDK throws, and with the signal's reason on an abort.
 */
export async function followExchange(exchange: Exchange): Promise<Message | Task> {
  return exchange.streaming ? followStream(exchange) : followPolling(exchange);
}

/**
 * When the message answers a task that waits for input, the agent may first show the task as it was
 * (still waiting): that state is stale, not a new question. Its status key, or `undefined`.
 */
function staleKey(exchange: Exchange, task: Task): string | undefined {
  const continuing = exchange.request.message?.taskId;
  if (continuing === undefined || continuing === '' || task.id !== continuing) return undefined;
  return task.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED
    ? statusKey(task.status)
    : undefined;
}

function settledAfter(task: Task, stale: string | undefined): boolean {
  return isSettled(task) && (stale === undefined || statusKey(task.status) !== stale);
}

async function followStream(exchange: Exchange): Promise<Message | Task> {
  let task: Task | undefined;
  let stale: string | undefined;
  const stream = exchange.client.sendMessageStream(exchange.request, exchange.options);
  for await (const event of stream) {
    const first = task === undefined;
    const result = apply(task, event, exchange);
    if (result === undefined) continue;
    if ('messageId' in result) return result;
    task = result;
    if (first) stale = staleKey(exchange, task);
    if (settledAfter(task, stale)) return task;
  }
  if (task === undefined) throw new Error('the stream ended without a task or a message');
  // The stream ended before the task settled: follow it by polling.
  return poll(task, exchange, stale);
}

function apply(
  task: Task | undefined,
  event: StreamResponse,
  exchange: Exchange,
): Message | Task | undefined {
  const payload = event.payload;
  switch (payload?.$case) {
    case 'message':
      return payload.value;
    case 'task': {
      const next: Task = { ...payload.value, artifacts: [...(payload.value.artifacts ?? [])] };
      if (task === undefined) exchange.onTask(next);
      if (next.status !== undefined) exchange.onStatus(next, next.status);
      return next;
    }
    case 'statusUpdate': {
      const update = payload.value;
      const current = task ?? emptyTask(update.taskId, update.contextId);
      if (task === undefined) exchange.onTask(current);
      const next: Task = { ...current, status: update.status };
      if (update.status !== undefined) exchange.onStatus(next, update.status);
      return next;
    }
    case 'artifactUpdate': {
      const update = payload.value;
      const current = task ?? emptyTask(update.taskId, update.contextId);
      if (task === undefined) exchange.onTask(current);
      if (update.artifact === undefined) return current;
      return {
        ...current,
        artifacts: mergeArtifact(current.artifacts, update.artifact, update.append),
      };
    }
    default:
      return task;
  }
}

function emptyTask(id: string, contextId: string): Task {
  return { id, contextId, status: undefined, artifacts: [], history: [], metadata: undefined };
}

/** Adds an artifact update: a new artifact, a replacement, or parts appended to one (`append`). */
export function mergeArtifact(
  artifacts: readonly Artifact[],
  artifact: Artifact,
  append: boolean,
): Artifact[] {
  const index = artifacts.findIndex((a) => a.artifactId === artifact.artifactId);
  if (index === -1) return [...artifacts, artifact];
  const merged = [...artifacts];
  const existing = artifacts[index] as Artifact;
  merged[index] = append
    ? { ...existing, parts: [...existing.parts, ...artifact.parts] }
    : artifact;
  return merged;
}

async function followPolling(exchange: Exchange): Promise<Message | Task> {
  const request: SendMessageRequest = {
    ...exchange.request,
    configuration: {
      acceptedOutputModes: [],
      taskPushNotificationConfig: undefined,
      ...exchange.request.configuration,
      returnImmediately: true,
    },
  };
  const result = await exchange.client.sendMessage(request, exchange.options);
  if ('messageId' in result) return result;
  exchange.onTask(result);
  if (result.status !== undefined) exchange.onStatus(result, result.status);
  return poll(result, exchange, staleKey(exchange, result));
}

async function poll(first: Task, exchange: Exchange, stale: string | undefined): Promise<Task> {
  let task = first;
  let last = statusKey(task.status);
  while (!settledAfter(task, stale)) {
    await abortableDelay(exchange.pollIntervalMs, exchange.options.signal);
    task = await exchange.client.getTask({ tenant: '', id: task.id }, exchange.options);
    const key = statusKey(task.status);
    if (key !== last && task.status !== undefined) exchange.onStatus(task, task.status);
    last = key;
  }
  return task;
}

function statusKey(status: TaskStatus | undefined): string {
  if (status === undefined) return '';
  return `${status.state}|${status.timestamp ?? ''}|${status.message?.messageId ?? ''}`;
}
