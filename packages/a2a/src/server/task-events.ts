import { randomUUID } from 'node:crypto';
import { type Message, type Part, Role, type Task, TaskState } from '@a2a-js/sdk';
import { AgentEvent, type ExecutionEventBus } from '@a2a-js/sdk/server';

/** The task and context one execution publishes for. */
export interface TaskRef {
  readonly taskId: string;
  readonly contextId: string;
}

/** A message of the agent. */
export function agentMessage(ref: TaskRef, parts: Part[]): Message {
  return {
    messageId: randomUUID(),
    contextId: ref.contextId,
    taskId: ref.taskId,
    role: Role.ROLE_AGENT,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/** Publishes the task itself (the first event of every execution), in `state`. */
export function publishTask(
  bus: ExecutionEventBus,
  ref: TaskRef,
  state: TaskState,
  existing?: Task,
  message?: Message,
): void {
  bus.publish(
    AgentEvent.task({
      id: ref.taskId,
      contextId: ref.contextId,
      artifacts: existing?.artifacts ?? [],
      history: existing?.history ?? [],
      metadata: existing?.metadata,
      status: { state, message, timestamp: new Date().toISOString() },
    }),
  );
}

/** Publishes a status update, with an agent message of `parts` when given. */
export function publishStatus(
  bus: ExecutionEventBus,
  ref: TaskRef,
  state: TaskState,
  parts?: Part[],
): void {
  bus.publish(
    AgentEvent.statusUpdate({
      taskId: ref.taskId,
      contextId: ref.contextId,
      status: {
        state,
        message: parts === undefined ? undefined : agentMessage(ref, parts),
        timestamp: new Date().toISOString(),
      },
      metadata: undefined,
    }),
  );
}

/** Publishes a whole artifact. */
export function publishArtifact(
  bus: ExecutionEventBus,
  ref: TaskRef,
  artifactId: string,
  parts: Part[],
): void {
  bus.publish(
    AgentEvent.artifactUpdate({
      taskId: ref.taskId,
      contextId: ref.contextId,
      artifact: {
        artifactId,
        name: artifactId,
        description: '',
        parts,
        metadata: undefined,
        extensions: [],
      },
      append: false,
      lastChunk: true,
      metadata: undefined,
    }),
  );
}

export { TaskState };
