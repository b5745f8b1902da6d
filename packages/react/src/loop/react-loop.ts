import {
  AbortError,
  AgentStoppedError,
  type AigoError,
  type ChatResponse,
  type JsonSchema,
  type MemoryProvider,
  type Message,
  ParseError,
  type Prompt,
  type ToolCall,
  ToolError,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import type { Client, ContinueOptions, ExecuteToolCallsOptions, Overview } from '@aigo/client';
import { type PendingApprovals, pendingApprovals } from '../approval/pending-approvals.js';
import { jsonOnlyRequest } from '../react-instructions.js';
import type { IterationSettings } from '../react-options.js';
import { finishedOverview, type ReActOverview, stoppedOverview } from '../react-result.js';
import { buildSuspendedRun } from '../suspend/build-suspended-run.js';
import type { DeferringMemory } from '../suspend/deferring-memory.js';
import type { ResumePlan } from '../suspend/prepare-resume.js';
import { resumeTurn } from '../suspend/resume-turn.js';
import type { AgentSettings, RunInput, RunState } from './agent-settings.js';
import { recordResumed } from './agent-span.js';
import { callBase, toolBase } from './call-options.js';
import { offersTools, parse } from './parse-answer.js';
import { runToolRound } from './run-tools.js';
import { streamReply } from './stream-reply.js';

/** The client and request settings of one iteration. */
interface Step {
  readonly client: Client;
  readonly toolChoice: IterationSettings['toolChoice'];
}

/** What a run with human in the loop works with besides its state. */
export interface RunExtras {
  /** The memory under the deferring view (the run's own, for a run without a memory). */
  readonly baseMemory: MemoryProvider;
  readonly deferring: DeferringMemory | undefined;
  readonly plan: ResumePlan | undefined;
}

/** The loop of one run and its state (`runReAct` makes one per run). */
export class ReActLoop {
  iteration = 0;
  readonly #settings: AgentSettings;
  readonly #input: RunInput;
  readonly #overview: Overview;
  readonly #memory: MemoryProvider;
  readonly #ownMemory: boolean;
  /** What every model call of the run shares (memory, overview, signal, span, system prompt). */
  readonly #callBase: ContinueOptions;
  readonly #toolBase: ExecuteToolCallsOptions;
  readonly #extras: RunExtras;
  #stopped = false;
  /** The client of the iteration running now (its visible tools). */
  #stepClient: Client;
  /** What the last reply waits for, when the memory held its turn back. */
  #approvals: PendingApprovals | undefined;
  /** Deciding on approvals failed: the run fails with this once the call returns. */
  #approvalError: { readonly error: unknown } | undefined;
  /** What the run's streamed replies gave (the partial answers, counted on the agent span). */
  readonly #counted = { partialAnswers: 0 };

  constructor(settings: AgentSettings, input: RunInput, state: RunState, extras: RunExtras) {
    this.#settings = settings;
    this.#extras = extras;
    this.#stepClient = settings.client;
    this.#input = input;
    this.#overview = state.overview;
    this.#memory = state.memory;
    this.#ownMemory = state.ownMemory;
    this.#callBase = callBase(settings, input, state);
    this.#toolBase = toolBase(settings, input, state, () => this.iteration);
  }

  async loop(): Promise<ReActOverview<unknown>> {
    const settings = this.#settings;
    const sink = this.#input.sink;
    // The messages that open the next turn: tool results, or a rejection of the last answer.
    let pending: Message[] | undefined;
    const plan = this.#extras.plan;
    if (plan !== undefined) pending = await this.#resume(plan);
    for (;;) {
      if (this.iteration >= settings.maxIterations) {
        await this.#keep(pending);
        throw this.#stop(
          'max_iterations',
          `The agent "${settings.name}" reached its maximum of ${settings.maxIterations} iteration${settings.maxIterations === 1 ? '' : 's'} without a final answer`,
        );
      }
      const iteration = ++this.iteration;
      if (sink !== undefined) await sink.emit({ type: 'iteration_start', iteration });
      const step = await this.#prepare(iteration);
      const first = iteration === 1 && plan === undefined;
      const response = await this.#call(step, first ? this.#input.prompt : undefined, {
        ...(pending === undefined ? {} : { messages: pending }),
        ...(step.toolChoice === undefined ? {} : { toolChoice: step.toolChoice }),
      });
      pending = undefined;

      if (response.toolCalls.length > 0) {
        pending = await this.#runTools(step.client, response.toolCalls, iteration);
        continue;
      }

      const answer = await this.#finalAnswer(step, response);
      const validate = settings.validateFinalAnswer;
      if (validate !== undefined) {
        const verdict = await validate({
          data: answer.data as never,
          content: answer.response.content,
          iteration,
          response: answer.response,
          context: this.#input.context,
        });
        if (typeof verdict === 'string') {
          pending = [
            userMessage(verdict === '' ? 'That answer was rejected; try again.' : verdict),
          ];
          continue;
        }
      }
      if (sink !== undefined) {
        const wait = sink.emit({
          type: 'final_answer',
          iteration,
          content: answer.response.content,
          result: answer.data,
        });
        if (wait !== undefined) await wait;
      }
      return finishedOverview(this.#overview, answer.data, iteration);
    }
  }

  /** What the run rejects with for `error`: our own stops and parse failures as they are. */
  failure(error: unknown): AigoError {
    if (AgentStoppedError.isInstance(error) || ParseError.isInstance(error)) return error;
    const aborted = this.#input.signal?.aborted === true || AbortError.isInstance(error);
    if (aborted) {
      return this.#stop(
        'aborted',
        `The agent run was aborted during iteration ${this.iteration}`,
        error,
      );
    }
    const detail = error instanceof Error ? error.message : String(error);
    return this.#stop(
      'error',
      `The agent run failed during iteration ${this.iteration}: ${detail}`,
      error,
    );
  }

  #stop(
    reason: 'max_iterations' | 'error' | 'aborted',
    message: string,
    cause?: unknown,
  ): AgentStoppedError {
    if (this.#stopped) {
      // A second failure while stopping (a memory write): keep the overview as it was marked.
      return new AgentStoppedError(reason, message, this.#overview, { cause });
    }
    this.#stopped = true;
    this.#overview.end();
    return new AgentStoppedError(
      reason,
      message,
      stoppedOverview(this.#overview, reason, this.iteration),
      cause === undefined ? undefined : { cause },
    );
  }

  /** Stores messages the model never saw (the last tool results) so the transcript stays whole. */
  async #keep(pending: Message[] | undefined): Promise<void> {
    if (pending === undefined || this.#ownMemory) return;
    await this.#memory.appendMessages(pending);
  }

  async #prepare(iteration: number): Promise<Step> {
    const settings = this.#settings;
    const prepare = settings.prepareIteration;
    if (prepare === undefined) return { client: settings.client, toolChoice: undefined };
    const chosen = await prepare({
      iteration,
      tools: settings.client.tools.tools,
      context: this.#input.context,
      signal: this.#input.signal,
    });
    if (chosen === undefined || chosen === null) {
      return { client: settings.client, toolChoice: undefined };
    }
    if (typeof chosen !== 'object') {
      throw new ValidationError('prepareIteration', 'must return an object or undefined');
    }
    return {
      client:
        chosen.tools === undefined ? settings.client : settings.visibleTools.client(chosen.tools),
      toolChoice: chosen.toolChoice,
    };
  }

  /**
   * The deferring memory asks, as the client stores a turn: hold it back when its reply has calls
   * that wait for decisions (the run then suspends).
   */
  async holdBack(messages: readonly Message[]): Promise<boolean> {
    const reply = messages.at(-1);
    if (
      reply?.role !== 'assistant' ||
      reply.toolCalls === undefined ||
      reply.toolCalls.length === 0
    ) {
      return false;
    }
    try {
      const found = await pendingApprovals(
        this.#settings.approval,
        this.#stepClient.tools,
        reply.toolCalls,
        { context: this.#input.context, runId: this.#input.runId, iteration: this.iteration },
      );
      if (found.requests.length === 0) return false;
      this.#approvals = found;
    } catch (error) {
      // Never stored: the run fails with the policy's error once the call returns.
      this.#approvalError = { error };
    }
    return true;
  }

  /** One model call; suspends the run when its reply waits for decisions. */
  async #call(
    step: Step,
    prompt: Prompt | undefined,
    extra: ContinueOptions,
  ): Promise<ChatResponse> {
    this.#stepClient = step.client;
    // The suspend path goes through the memory's write. When tools may ask, the run's memory is the
    // view of a `DeferringMemory` (suspend/deferring-memory.ts; `runReAct` hands it `holdBack`).
    // Once the reply is complete, the client stores the turn in that memory (one `appendMessages`),
    // and the write first calls `holdBack` (above, on the tools of `#stepClient`): a reply whose
    // calls wait for decisions sets `#approvals` (a policy that throws: `#approvalError`), and the
    // memory keeps the turn as `held` instead of storing it. The write and the model call then
    // return as usual; below, the run reads what the write left and suspends (or fails).
    const response = await this.#callModel(step, prompt, extra);
    const failed = this.#approvalError;
    if (failed !== undefined) throw failed.error;
    const held = this.#extras.deferring?.held;
    const approvals = this.#approvals;
    if (held !== undefined && approvals !== undefined) throw await this.#suspend(held, approvals);
    return response;
  }

  async #suspend(
    held: NonNullable<DeferringMemory['held']>,
    approvals: PendingApprovals,
  ): Promise<AgentStoppedError> {
    const settings = this.#settings;
    const input = this.#input;
    const suspended = buildSuspendedRun({
      agent: settings.name,
      runId: input.runId,
      iteration: this.iteration,
      held,
      approvals,
      overview: this.#overview,
      history: this.#ownMemory ? await this.#extras.baseMemory.allMessages() : undefined,
      memory: this.#ownMemory ? undefined : this.#extras.baseMemory,
      signingKey: settings.signingKey,
    });
    const revision = this.#extras.plan?.revision;
    await input.runStore?.save(suspended, {
      ...(revision === undefined ? {} : { expectedRevision: revision }),
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    });
    this.#stopped = true;
    this.#overview.end();
    const count = approvals.requests.length;
    return new AgentStoppedError(
      'suspended',
      `The agent "${settings.name}" suspended its run at iteration ${this.iteration}: ${count} tool call${count === 1 ? '' : 's'} wait${count === 1 ? 's' : ''} for a decision`,
      stoppedOverview(this.#overview, 'suspended', this.iteration),
      { suspended },
    );
  }

  /** Runs the waiting reply's calls as decided; the messages that open the next iteration. */
  async #resume(plan: ResumePlan): Promise<Message[]> {
    this.iteration = plan.state.iteration;
    const sink = this.#input.sink;
    if (sink !== undefined) {
      const wait = sink.emit({
        type: 'interaction_resumed',
        iteration: this.iteration,
        runId: plan.run.runId,
      });
      if (wait !== undefined) await wait;
    }
    const ready = resumeTurn(plan);
    const span = this.#toolBase.span;
    if (span !== this.#input.parentSpan) {
      recordResumed(span, plan.run.runId, plan.state.pending.length, ready.refused.size);
    }
    const results = await this.#runTools(
      this.#settings.client,
      ready.toolCalls,
      this.iteration,
      ready.refused,
      ready.shown,
    );
    return [...ready.turn, ...results];
  }

  /** One model call (streamed on a streamed run); the client stores the turn once it is complete. */
  async #callModel(
    step: Step,
    prompt: Prompt | undefined,
    extra: ContinueOptions,
  ): Promise<ChatResponse> {
    const client = step.client;
    const native = this.#nativeSchema(client);
    const options: ContinueOptions = {
      ...this.#callBase,
      ...(native === undefined ? {} : { outputSchema: native }),
      ...extra,
    };
    const sink = this.#input.sink;
    if (sink === undefined) {
      return prompt === undefined
        ? client.continueConversation(options)
        : client.sendMessage(prompt, options);
    }
    const stream =
      prompt === undefined
        ? await client.streamContinueConversation(options)
        : await client.streamMessage(prompt, options);
    const span = this.#toolBase.span;
    return streamReply(stream, {
      sink,
      iteration: this.iteration,
      jsonSchema: this.#settings.jsonSchema,
      agentSpan: span === this.#input.parentSpan ? undefined : span,
      counted: this.#counted,
    });
  }

  /** The JSON Schema to send as the request's response format, when it goes natively. */
  #nativeSchema(client: Client): JsonSchema | undefined {
    const { jsonSchema, structuredOutput } = this.#settings;
    if (jsonSchema === undefined || structuredOutput === 'prompt') return undefined;
    if (structuredOutput === 'native') return jsonSchema;
    return client.provider.id === 'gemini' && offersTools(client) ? undefined : jsonSchema;
  }

  /**
   * Runs a reply's tool calls (those not `refused`, whose result is given) and emits their events —
   * with the calls as `shown` (arguments redacted per approval rule) when given; stops the run on a
   * failure when `stopOnError` says so.
   */
  async #runTools(
    client: Client,
    toolCalls: readonly ToolCall[],
    iteration: number,
    refused?: ReadonlyMap<number, Message>,
    shown?: readonly ToolCall[],
  ): Promise<Message[]> {
    const { results, failure } = await runToolRound({
      client,
      toolCalls,
      iteration,
      options: this.#toolBase,
      sink: this.#input.sink,
      ...(refused === undefined ? {} : { refused }),
      ...(shown === undefined ? {} : { shown }),
    });
    if (failure !== undefined && this.#settings.stopOnError) {
      await this.#keep(results);
      const toolCall = toolCalls[failure.index] as ToolCall;
      const name = toolCall.function.name;
      throw this.#stop(
        'error',
        `Tool "${name}" failed at iteration ${iteration}: ${failure.message}`,
        new ToolError(name, failure.message, { toolCallId: toolCall.id }),
      );
    }
    return results;
  }

  /** Parses a final answer; on failure asks once for JSON only (not an iteration). */
  async #finalAnswer(
    step: Step,
    response: ChatResponse,
  ): Promise<{ data: unknown; response: ChatResponse }> {
    const { schema, jsonSchema } = this.#settings;
    if (schema === undefined || jsonSchema === undefined)
      return { data: response.content, response };
    const first = await parse(response.content, schema, jsonSchema);
    if (first.ok) return { data: first.data, response };

    const retry = await this.#call(step, undefined, {
      messages: [userMessage(jsonOnlyRequest(jsonSchema, first.error.issues))],
      ...(offersTools(step.client) ? { toolChoice: 'none' as const } : {}),
    });
    const second = await parse(retry.content, schema, jsonSchema);
    if (second.ok) return { data: second.data, response: retry };
    throw new ParseError(
      `The final answer could not be read as the schema, even after asking for JSON only: ${second.error.message}`,
      {
        text: retry.content,
        usage: this.#overview.totalUsage,
        issues: second.error.issues,
        cause: second.error,
      },
    );
  }
}
