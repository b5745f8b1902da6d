import { randomUUID } from 'node:crypto';
import { type Message, type Part, Role, type Task, TaskState } from '@a2a-js/sdk';
import { AgentEvent, type ExecutionEventBus } from '@a2a-js/sdk/server';
import type { JsonObject } from '@aigo/ai';

/** The task and context one execution publishes for. */
export interface TaskRef {
  readonly taskId: string;
  readonly contextId: string;
}

/** A message of the agent, with metadata when given. */
export function agentMessage(ref: TaskRef, parts: Part[], metadata?: JsonObject): Message {
  return {
    messageId: randomUUID(),
    contextId: ref.contextId,
    taskId: ref.taskId,
    role: Role.ROLE_AGENT,
    parts,
    metadata,
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

/** Publishes a whole artifact, named `name` (its id by default), with metadata when given. */
export function publishArtifact(
  bus: ExecutionEventBus,
  ref: TaskRef,
  artifactId: string,
  parts: Part[],
  options: { name?: string; metadata?: JsonObject | undefined } = {},
): void {
  bus.publish(
    AgentEvent.artifactUpdate({
      taskId: ref.taskId,
      contextId: ref.contextId,
      artifact: {
        artifactId,
        name: options.name ?? artifactId,
        description: '',
        parts,
        metadata: options.metadata,
        extensions: [],
      },
      append: false,
      lastChunk: true,
      metadata: undefined,
    }),
  );
}

/**
 * Publishes an execution's task once, when first needed: at once for a run answered as a task, at
 * its first step that needs one (a tool call, a wait, a failure) for a run that may answer with a
 * message — which, when it never needs one, publishes no task at all.
 */
export class TaskPublisher {
  readonly #bus: ExecutionEventBus;
  readonly #ref: TaskRef;
  readonly #existing: Task | undefined;
  #published = false;

  constructor(bus: ExecutionEventBus, ref: TaskRef, existing: Task | undefined) {
    this.#bus = bus;
    this.#ref = ref;
    this.#existing = existing;
  }

  /** The task and context it publishes for. */
  get ref(): TaskRef {
    return this.#ref;
  }

  /** Publishes a status update of the task (published first when it was not). */
  status(state: TaskState, parts?: Part[]): void {
    this.ensure();
    publishStatus(this.#bus, this.#ref, state, parts);
  }

  /** Whether the task was published. */
  get published(): boolean {
    return this.#published;
  }

  /** Publishes the task (`submitted` then `working`; an existing one `working`) unless it was. */
  ensure(): void {
    if (this.#published) return;
    this.#published = true;
    const existing = this.#existing;
    publishTask(
      this.#bus,
      this.#ref,
      existing === undefined ? TaskState.TASK_STATE_SUBMITTED : TaskState.TASK_STATE_WORKING,
      existing,
    );
    if (existing === undefined) publishStatus(this.#bus, this.#ref, TaskState.TASK_STATE_WORKING);
  }
}

export { TaskState };
