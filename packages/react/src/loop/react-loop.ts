import {
  AbortError,
  AgentStoppedError,
  type AigoError,
  type ChatResponse,
  copyRunState,
  type GuardrailTrip,
  GuardrailTrippedError,
  type JsonObject,
  type MemoryProvider,
  type Message,
  ParseError,
  type Prompt,
  type Span,
  type Steer,
  type SteerResult,
  type ToolCall,
  ToolError,
  userMessage,
} from '@aigo/ai';
import type { Client, ContinueOptions, ExecuteToolCallsOptions, Overview } from '@aigo/client';
import { ApprovalGate } from '../approval/approval-gate.js';
import { type RunGuards, runGuardsOf } from '../guardrails/run-guards.js';
import { finishedOverview, type ReActOverview, stoppedOverview } from '../react-result.js';
import { deliverSteering } from '../steering/deliver-steering.js';
import { promptAsMessage } from '../steering/steering-message.js';
import { RunSteering } from '../steering/steering-queue.js';
import { suspendRun } from '../suspend/build-suspended-run.js';
import type { ResumePlan } from '../suspend/prepare-resume.js';
import { resumeTurn } from '../suspend/resume-turn.js';
import type { AgentSettings, RunInput, RunParts, RunStart } from './agent-settings.js';
import { recordResumed } from './agent-span.js';
import { callModel, nativeSchema, type ReplySite } from './call-model.js';
import { callBase, toolBase } from './call-options.js';
import { readFinalAnswer } from './final-answer.js';
import type { LoopSnapshot, RunExtras, StepEnd } from './loop-types.js';
import { prepareIteration, type Step } from './prepare-iteration.js';
import { runToolRound } from './run-tools.js';

/**
 * The loop of one run and its state. `step()` is one iteration — one model call and the tools of its
 * reply — and the only place the loop's work happens: `loop()` (`execute`, `resume`…) calls it until
 * the run ends, `agent.step` (run-step.ts) once per call, between a saved `RunStart` and `snapshot()`.
 */
export class ReActLoop {
  iteration: number;
  readonly #settings: AgentSettings;
  readonly #input: RunInput;
  readonly #overview: Overview;
  readonly #memory: MemoryProvider;
  readonly #ownMemory: boolean;
  readonly #span: Span | undefined;
  /** What every model call of the run shares (memory, overview, signal, span, system prompt). */
  readonly #callBase: ContinueOptions;
  readonly #toolBase: ExecuteToolCallsOptions;
  readonly #extras: RunExtras;
  /** The run's state: the object every `ctx.state` of the run is. */
  readonly #state: JsonObject;
  /** `ctx.steer` of everything that runs in the run. */
  readonly #steer: Steer;
  #stopped = false;
  /** The run ended (final answer or stop): steering answers `finished`. */
  #ended = false;
  /** The prompt, until the first model call sends it. */
  #prompt: Prompt | undefined;
  /** The messages that open the next model call: tool results, or a rejection of the last answer. */
  #pending: Message[] | undefined;
  /** A resume not run yet: the first step runs the waiting reply's tools. */
  #plan: ResumePlan | undefined;
  /** The queue steering messages wait in (the caller's, or the run's own once something steers). */
  #steering: RunSteering | undefined;
  #result: ReActOverview<unknown> | undefined;
  /** The client of the iteration running now (its visible tools). */
  #stepClient: Client;
  /** What the memory's write learned about the last reply (approvals it waits for). */
  readonly #gate: ApprovalGate;
  /** Where a streamed reply's events and partial answers go (the partial answers, counted). */
  readonly #reply: ReplySite;
  /** The run's guardrails (and `authorizeTool`), when the agent has any. */
  readonly #guards: RunGuards | undefined;

  constructor(
    settings: AgentSettings,
    input: RunInput,
    parts: RunParts,
    extras: RunExtras,
    start: RunStart,
  ) {
    this.#settings = settings;
    this.#extras = extras;
    this.#stepClient = settings.client;
    this.#state = start.state;
    const guards = runGuardsOf(settings, input, parts, start.state);
    this.#guards = guards;
    this.#gate = new ApprovalGate(settings.approval, input, guards?.authorizer());
    this.#input = input;
    this.#overview = parts.overview;
    this.#memory = parts.memory;
    this.#ownMemory = parts.ownMemory;
    this.#span = parts.span;
    this.iteration = start.iteration;
    this.#prompt = start.prompt;
    this.#pending = start.next === undefined ? undefined : [...start.next];
    this.#plan = extras.plan;
    this.#steering = input.steering;
    if (start.steering !== undefined && start.steering.length > 0) {
      this.#queue().restore(start.steering);
    }
    const steer: Steer = (message) => this.steer(message);
    this.#steer = steer;
    this.#callBase = callBase(settings, input, parts);
    const { span } = parts;
    const agentSpan = span === input.parentSpan ? undefined : span;
    const counted = { partialAnswers: 0 };
    this.#reply = { sink: input.sink, jsonSchema: settings.jsonSchema, agentSpan, counted };
    const hooks = guards?.toolHooks(settings.hooks, () => this.iteration) ?? settings.hooks;
    const scope = { state: this.#state, steer, hooks };
    this.#toolBase = toolBase(settings, input, parts, () => this.iteration, scope);
  }

  /** The object `ctx.state` is. */
  get state(): JsonObject {
    return this.#state;
  }

  /** The run's final answer, once a step returned `final`. */
  get result(): ReActOverview<unknown> | undefined {
    return this.#result;
  }

  /** Runs steps until the run has its final answer (every other end throws). */
  async loop(): Promise<ReActOverview<unknown>> {
    while ((await this.step()) === 'continue');
    return this.#result as ReActOverview<unknown>;
  }

  /**
   * One step: a resume's waiting tools, or one iteration — the steering messages that wait, one
   * model call, then the reply's tools (`continue`) or its final answer (`final`, or `continue` when
   * it was rejected or a message was steered meanwhile). Throws `AgentStoppedError` (a stop, a
   * suspension) or `ParseError`; `failure()` turns anything else into the run's error.
   */
  async step(): Promise<StepEnd> {
    const plan = this.#plan;
    if (plan !== undefined) {
      this.#plan = undefined;
      this.#pending = await this.#resume(plan);
      return 'continue';
    }
    const settings = this.#settings;
    if (this.iteration >= settings.maxIterations) {
      await this.#keep(this.#pending);
      throw this.#stop(
        'max_iterations',
        `The agent "${settings.name}" reached its maximum of ${settings.maxIterations} iteration${settings.maxIterations === 1 ? '' : 's'} without a final answer`,
      );
    }
    const iteration = ++this.iteration;
    const step = await prepareIteration(
      settings,
      this.#input,
      { state: this.#state, steer: this.#steer },
      iteration,
    );
    const queue = this.#steering;
    const steered =
      queue === undefined || queue.size === 0
        ? undefined
        : await deliverSteering(queue, iteration, this.#input, this.#span, this.#settings.client);
    const sink = this.#input.sink;
    if (sink !== undefined) await sink.emit({ type: 'iteration_start', iteration });
    const pending = this.#pending;
    const opening = steered === undefined ? pending : [...(pending ?? []), ...steered];
    const prompt = this.#prompt;
    this.#prompt = undefined;
    const response = await this.#call(step, prompt, {
      ...(opening === undefined ? {} : { messages: opening }),
      ...(step.toolChoice === undefined ? {} : { toolChoice: step.toolChoice }),
    });
    this.#pending = undefined;

    if (response.toolCalls.length > 0) {
      this.#pending = await this.#runTools(step.client, response.toolCalls, iteration);
      return 'continue';
    }

    const answer = await readFinalAnswer(
      settings,
      step.client,
      response,
      (extra) => this.#call(step, undefined, extra),
      () => this.#overview.totalUsage,
    );
    const validate = settings.validateFinalAnswer;
    if (validate !== undefined) {
      const verdict = await validate({
        data: answer.data as never,
        content: answer.response.content,
        iteration,
        response: answer.response,
        context: this.#input.context,
        principal: this.#input.principal,
        state: this.#state,
        steer: this.#steer,
      });
      if (typeof verdict === 'string') {
        this.#pending = [
          userMessage(verdict === '' ? 'That answer was rejected; try again.' : verdict),
        ];
        return 'continue';
      }
    }
    if ((this.#steering?.size ?? 0) > 0 && iteration < settings.maxIterations) {
      // Messages steered while the answer was written: the model reads them before the run ends.
      return 'continue';
    }
    if (this.#guards?.holdsAnswers === true) {
      // The answer's turn was held back (holdBack): the output guardrails decide what is stored.
      const again = await this.#guards.answer(this.#extras.deferring, answer, iteration);
      if (again !== undefined) {
        this.#pending = [userMessage(again)];
        return 'continue';
      }
    }
    if (sink !== undefined) {
      const { images = [], audio = [], videos = [] } = answer.response;
      const media = [...images, ...audio, ...videos];
      const wait = sink.emit({
        type: 'final_answer',
        iteration,
        content: answer.response.content,
        result: answer.data,
        ...(media.length === 0 ? {} : { media }),
      });
      if (wait !== undefined) await wait;
    }
    this.#result = finishedOverview(this.#overview, answer.data, iteration, this.#state);
    this.#guards?.attach(this.#result);
    return 'final';
  }

  /** `ctx.steer`: queues a message for the next model call; `finished` once the run ended. */
  steer(message: Prompt): SteerResult {
    if (this.#ended) {
      promptAsMessage(message, 'message');
      return 'finished';
    }
    return this.#queue().push(message);
  }

  /** The steering queue, made the first time something steers a run given none. */
  #queue(): RunSteering {
    this.#steering ??= new RunSteering();
    return this.#steering;
  }

  /** The run stops using its steering queue: it ended (`true`), or waits (suspended, a step). */
  release(ended: boolean): void {
    this.#ended = ended;
    this.#input.steering?.release(ended);
  }

  /** What a run that goes on saves: see `LoopSnapshot`. @throws ValidationError for a bad state. */
  snapshot(): LoopSnapshot {
    return {
      iteration: this.iteration,
      prompt: this.#prompt,
      next: this.#pending,
      steering: this.#steering?.take() ?? [],
      state: copyRunState(this.#state),
    };
  }

  /** What the run rejects with for `error`: our own stops and parse failures as they are. */
  failure(error: unknown): AigoError {
    if (AgentStoppedError.isInstance(error) || ParseError.isInstance(error)) return error;
    if (GuardrailTrippedError.isInstance(error)) {
      return this.#stop('guardrail', error.message, undefined, error.guardrail);
    }
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
    reason: 'max_iterations' | 'error' | 'aborted' | 'guardrail',
    message: string,
    cause?: unknown,
    guardrail?: GuardrailTrip,
  ): AgentStoppedError {
    const options = {
      ...(cause === undefined ? {} : { cause }),
      ...(guardrail === undefined ? {} : { guardrail }),
    };
    if (this.#stopped) {
      // A second failure while stopping (a memory write): keep the overview as it was marked.
      return new AgentStoppedError(reason, message, this.#overview, options);
    }
    this.#stopped = true;
    this.#overview.end();
    const overview = stoppedOverview(this.#overview, reason, this.iteration, this.#state);
    return new AgentStoppedError(
      reason,
      message,
      this.#guards?.attach(overview) ?? overview,
      options,
    );
  }

  /** Stores messages the model never saw (the last tool results) so the transcript stays whole. */
  async #keep(pending: Message[] | undefined): Promise<void> {
    if (pending === undefined || this.#ownMemory) return;
    await this.#memory.appendMessages(pending);
  }

  /** Asked as the client stores a turn: hold it back (`RunGuards.hold`; calls that wait: suspend)? */
  holdBack(messages: readonly Message[]): Promise<boolean> {
    const gate = () => this.#gate.holdBack(messages, this.#stepClient.tools, this.iteration);
    return this.#guards === undefined ? gate() : this.#guards.holdBack(messages, gate);
  }

  /** One model call; suspends the run when its reply waits for decisions. */
  async #call(
    step: Step,
    prompt: Prompt | undefined,
    extra: ContinueOptions,
  ): Promise<ChatResponse> {
    this.#stepClient = step.client;
    // The suspend path goes through the memory's write. When tools may ask, the run's memory is the
    // view of a `DeferringMemory` (suspend/deferring-memory.ts; `openRun` hands it `holdBack`).
    // Once the reply is complete, the client stores the turn in that memory (one `appendMessages`),
    // and the write first calls `holdBack` (above, on the tools of `#stepClient`): a reply whose
    // calls wait for decisions sets `#gate.approvals` (a policy that throws: `#gate.error`), and the
    // memory keeps the turn as `held` instead of storing it. The write and the model call then
    // return as usual; below, the run reads what the write left and suspends (or fails).
    const client = step.client;
    const native = nativeSchema(this.#settings, client);
    const options: ContinueOptions = {
      ...this.#callBase,
      ...(native === undefined ? {} : { outputSchema: native }),
      ...extra,
    };
    const guards = this.#guards;
    // A turn the guardrails held (an answer sent back, or rejected since) is stored before going on.
    const settling = guards?.settleHeld(this.#extras.deferring);
    if (settling !== undefined) await settling;
    const call = (with_: ContinueOptions) =>
      callModel(client, prompt, with_, this.iteration, this.#reply);
    const response =
      guards === undefined || prompt === undefined
        ? await call(options)
        : await guards.firstCall(prompt, this.iteration, options, call);
    const failed = this.#gate.error;
    if (failed !== undefined) throw failed.error;
    const held = this.#extras.deferring?.held;
    const approvals = this.#gate.approvals;
    if (held !== undefined && approvals !== undefined) {
      const suspended = await suspendRun(this.#settings, this.#input, this.#extras, {
        iteration: this.iteration,
        held,
        approvals,
        overview: this.#overview,
        ownMemory: this.#ownMemory,
        state: this.#state,
        // Messages steered since this iteration's model call began: the resumed run's first call reads them.
        steering: this.#steering?.take() ?? [],
      });
      this.#stopped = true;
      throw suspended;
    }
    return response;
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
      ready.denied,
    );
    return [...ready.turn, ...results];
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
    denied = this.#gate.takeDenied(),
  ): Promise<Message[]> {
    const { results, failure } = await runToolRound({
      client,
      toolCalls,
      iteration,
      options: this.#toolBase,
      sink: this.#input.sink,
      ...(refused === undefined ? {} : { refused }),
      ...(shown === undefined ? {} : { shown }),
      ...(denied === undefined ? {} : { denied }),
    });
    const tripped = this.#guards?.takeToolTrip();
    if (tripped !== undefined) throw tripped;
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
}
