import { type Task, TaskState } from '@a2a-js/sdk';
import {
  AgentEvent,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
  STATE_HEADERS_KEY,
} from '@a2a-js/sdk/server';
import {
  type A2ARequest,
  type AgentRunOptions,
  type AgentStream,
  type ContentPart,
  type ConversationMemory,
  extractTraceContext,
  type JsonObject,
  type ReadonlyTraceCarrier,
  type Span,
} from '@aigo/ai';
import { contentToA2APart, textA2APart } from '../shared/a2a-parts.js';
import { interactionResponses } from './interaction-answer.js';
import { messageToPrompt } from './message-to-prompt.js';
import { publishRunEvents } from './publish-run-events.js';
import type { A2ARunStore } from './run-store.js';
import type { A2AMessageHandler, CheckedServeOptions, ServableAgent } from './serve-a2a-options.js';
import {
  agentMessage,
  publishStatus,
  publishTask,
  TaskPublisher,
  type TaskRef,
} from './task-events.js';

interface Running {
  readonly controller: AbortController;
  readonly contextId: string;
  cancelled: boolean;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The SDK's `AgentExecutor` for an aigo agent or a message handler: runs (or resumes) the agent on
 * each message, with the memory of the message's context and the caller's trace context, and
 * publishes what it does (see `publishRunEvents`); a handler's reply is a message.
 */
export class AigoAgentExecutor implements AgentExecutor {
  readonly #target: ServableAgent | A2AMessageHandler;
  readonly #options: CheckedServeOptions;
  readonly #runStore: A2ARunStore;
  /** Tasks running, and tasks waiting for input (no controller work left, but cancellable). */
  readonly #tasks = new Map<string, Running>();
  readonly #closed = new AbortController();

  constructor(
    target: ServableAgent | A2AMessageHandler,
    options: CheckedServeOptions,
    runStore: A2ARunStore,
  ) {
    this.#target = target;
    this.#options = options;
    this.#runStore = runStore;
  }

  execute = async (request: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const ref: TaskRef = { taskId: request.taskId, contextId: request.contextId };
    const running: Running = {
      controller: new AbortController(),
      contextId: ref.contextId,
      cancelled: false,
    };
    this.#tasks.set(ref.taskId, running);
    const signal = AbortSignal.any([running.controller.signal, this.#closed.signal]);
    const task = new TaskPublisher(bus, ref, request.task);
    let waiting = false;
    try {
      const run: RunScope = {
        signal,
        memory: this.#options.memory?.conversation(ref.contextId),
        span: this.#parentSpan(request),
        a2a: a2aRequestOf(request),
      };
      if (typeof this.#target === 'function') {
        await this.#answer(this.#target, request, bus, ref, run);
        return;
      }
      // A message that continues a task is answered in it; another as the options say.
      const replyAs = request.task === undefined ? this.#options.replyAs : 'task';
      if (replyAs === 'task') task.ensure();
      const started = await this.#start(this.#target, request, task, run);
      if (started === undefined) return;
      const answerMetadata = this.#options.answerMetadata;
      const outcome = await publishRunEvents(started.stream, {
        bus,
        ref,
        task,
        replyAs,
        runStore: this.#runStore,
        signal,
        answerMetadata: (result) => answerMetadata?.({ result, request: run.a2a }),
        cancelled: () => running.cancelled,
      });
      waiting = outcome === 'waiting';
      // The resumed run is over: its stored state goes (kept until now, so an agent that claims runs
      // in the same store finds it when it resumes).
      if (started.resumed && !waiting) await this.#runStore.delete(ref.taskId).catch(() => false);
    } catch (error) {
      if (!running.cancelled) {
        task.ensure();
        publishStatus(bus, ref, TaskState.TASK_STATE_FAILED, [textA2APart(errorText(error))]);
      }
    } finally {
      // A task waiting for input stays cancellable; its run is in the run store.
      if (!waiting) this.#tasks.delete(ref.taskId);
    }
  };

  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const running = this.#tasks.get(taskId);
    this.#tasks.delete(taskId);
    if (running !== undefined) {
      running.cancelled = true;
      running.controller.abort();
    }
    // Published also for a task this process does not track: the SDK waits on the bus for the end.
    publishStatus(
      bus,
      { taskId, contextId: running?.contextId ?? '' },
      TaskState.TASK_STATE_CANCELED,
      [textA2APart('Cancelled at the client’s request.')],
    );
    // Best effort: a run store that fails must not keep the task from ending.
    await this.#runStore.delete(taskId).catch(() => false);
  };

  /** Stops every run (the server is closing). */
  close(): void {
    this.#closed.abort();
  }

  #parentSpan(request: RequestContext): Span | undefined {
    const headers = request.context.state.get(STATE_HEADERS_KEY) as
      | ReadonlyTraceCarrier
      | undefined;
    return headers === undefined ? undefined : extractTraceContext(this.#options.observer, headers);
  }

  async #answer(
    handler: A2AMessageHandler,
    request: RequestContext,
    bus: ExecutionEventBus,
    ref: TaskRef,
    run: RunScope,
  ): Promise<void> {
    let reply: string | readonly ContentPart[];
    try {
      reply = await handler(messageToPrompt(request.userMessage), {
        contextId: ref.contextId,
        ...run,
      });
    } catch (error) {
      publishTask(
        bus,
        ref,
        TaskState.TASK_STATE_FAILED,
        undefined,
        agentMessage(ref, [textA2APart(errorText(error))]),
      );
      return;
    }
    const parts = typeof reply === 'string' ? [textA2APart(reply)] : reply.map(contentToA2APart);
    const metadata = this.#options.answerMetadata?.({ result: reply, request: run.a2a });
    bus.publish(
      AgentEvent.message(agentMessage({ taskId: '', contextId: ref.contextId }, parts, metadata)),
    );
  }

  /**
   * Starts the run: a resume when the message answers a task waiting for input whose run is stored,
   * else a new run on the message. Publishes the task first, as the SDK requires.
   */
  async #start(
    agent: ServableAgent,
    request: RequestContext,
    task: TaskPublisher,
    run: RunScope,
  ): Promise<{ stream: AgentStream<unknown>; resumed: boolean } | undefined> {
    const existing: Task | undefined = request.task;
    const options: AgentRunOptions = {
      signal: run.signal,
      memory: run.memory ?? null,
      runId: task.ref.taskId,
      a2a: run.a2a,
      ...(run.span === undefined ? {} : { span: run.span }),
      ...(this.#options.context === undefined ? {} : { context: this.#options.context }),
    };
    const stored =
      existing?.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED
        ? await this.#runStore.load(task.ref.taskId, { signal: run.signal })
        : undefined;
    if (stored === undefined) {
      return {
        stream: agent.executeStream(messageToPrompt(request.userMessage), options),
        resumed: false,
      };
    }
    if (agent.resumeStream === undefined) {
      task.status(TaskState.TASK_STATE_FAILED, [
        textA2APart(`The agent ${agent.name} cannot resume a run.`),
      ]);
      return undefined;
    }
    const responses = interactionResponses(request.userMessage, stored.suspended.requests);
    return { stream: agent.resumeStream(stored.suspended, responses, options), resumed: true };
  }
}

/** What every run of an execution shares. */
interface RunScope {
  readonly signal: AbortSignal;
  readonly memory: ConversationMemory | undefined;
  readonly span: Span | undefined;
  readonly a2a: A2ARequest;
}

/** The request as the agent sees it (`ctx.a2a`): the caller's message's ids and metadata, its principal. */
function a2aRequestOf(request: RequestContext): A2ARequest {
  const message = request.userMessage;
  const user = request.context.user;
  return {
    messageId: message.messageId,
    contextId: request.contextId,
    taskId: request.taskId,
    referenceTaskIds: [...(message.referenceTaskIds ?? [])],
    metadata: (message.metadata ?? undefined) as JsonObject | undefined,
    principal: user?.isAuthenticated === true ? user.userName : undefined,
  };
}
