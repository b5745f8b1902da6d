import {
  type ChatResponse,
  type GuardrailTrip,
  GuardrailTrippedError,
  type JsonObject,
  messageText,
  type Prompt,
  type Span,
  type ToolCall,
  toolErrorEnvelope,
} from '@aigo/ai';
import type { Client, ContinueOptions, Overview, ToolHooks } from '@aigo/client';
import { toolsAsk } from '../approval/pending-approvals.js';
import { readArguments } from '../approval/tool-arguments.js';
import type { AgentSettings, RunInput, RunParts } from '../loop/agent-settings.js';
import { promptAsMessage } from '../steering/steering-message.js';
import type { DeferringMemory } from '../suspend/deferring-memory.js';
import { type Authorizer, authorizeCall } from './authorize-call.js';
import type { GuardSettings } from './check-guardrails.js';
import { GuardrailCalls } from './guardrail-client.js';
import type { GuardrailContext } from './guardrail-types.js';
import { runGuardrails } from './run-guardrails.js';

/** The code of the tool result a guardrail refused (or whose call it stopped). */
export const GUARDRAIL_TRIPPED = 'guardrail_tripped';

/** What happens after a trip: see `AgentGuardrailTrippedEvent.action`. */
type TripAction = 'stop' | 'retry' | 'refuse';

/** The guardrails of a run, or `undefined` for an agent without any (a run then pays nothing). */
export function runGuardsOf(
  settings: AgentSettings,
  input: RunInput,
  parts: RunParts,
  state: JsonObject,
): RunGuards | undefined {
  const guards = settings.guards;
  if (guards === undefined) return undefined;
  const approval = settings.approval;
  const needsGate =
    guards.authorizeTool !== undefined ||
    (approval !== undefined && approval !== 'none') ||
    (approval === undefined && toolsAsk(settings.client.tools));
  return new RunGuards(
    guards,
    settings.client,
    parts.overview,
    input,
    state,
    parts.span,
    needsGate,
  );
}

/**
 * The guardrails of one run (made only for an agent that has some): runs the input guardrails
 * around the first model call, the output guardrails on the final answer, the tool guardrails
 * around each tool call, and reports each trip — a `guardrail_tripped` event on a streamed run, an
 * `aigo.guardrail.tripped` event on the run's span.
 */
export class RunGuards {
  readonly settings: GuardSettings;
  /**
   * True when a reply's calls must go through the approval gate: an approval policy, `authorizeTool`,
   * or a tool that declares `needsApproval` (decided once per run, as `openRun` does).
   */
  readonly needsGate: boolean;
  readonly #input: RunInput;
  readonly #state: JsonObject;
  readonly #span: Span | undefined;
  readonly #calls: GuardrailCalls;
  /** The parallel input check of the first model call, while it runs. */
  #inputCheck: Promise<GuardrailTrip | undefined> | undefined;
  /** A tool guardrail tripped on arguments: the run stops once the round's results are in. */
  #toolTrip: GuardrailTrip | undefined;
  /** Output guardrails that already sent the model back once. */
  readonly #retried = new Set<string>();

  constructor(
    settings: GuardSettings,
    client: Client,
    overview: Overview,
    input: RunInput,
    state: JsonObject,
    span: Span | undefined,
    needsGate = true,
  ) {
    this.settings = settings;
    this.needsGate = needsGate;
    this.#input = input;
    this.#state = state;
    this.#span = span;
    this.#calls = new GuardrailCalls(client, overview);
  }

  /** True when final answers wait for the output guardrails before they are stored. */
  get holdsAnswers(): boolean {
    return this.settings.output.length > 0;
  }

  context(iteration: number, signal = this.#input.signal): Omit<GuardrailContext, 'client'> {
    const input = this.#input;
    return {
      context: input.context,
      principal: input.principal,
      state: this.#state,
      signal,
      runId: input.runId,
      iteration,
    };
  }

  /**
   * The first model call of a new run, guarded: the `before` input guardrails first (a trip throws
   * before the model is called), the `parallel` ones beside the call — a trip aborts it (its
   * request is cancelled) and throws; nothing of it is stored (`holdFirstTurn`).
   */
  async firstCall(
    prompt: Prompt,
    iteration: number,
    options: ContinueOptions,
    call: (options: ContinueOptions) => Promise<ChatResponse>,
  ): Promise<ChatResponse> {
    const { inputBefore, inputParallel } = this.settings;
    if (inputBefore.length === 0 && inputParallel.length === 0) return call(options);
    const message = promptAsMessage(prompt, 'prompt');
    const value = { prompt, message, text: messageText(message) };
    if (inputBefore.length > 0) {
      const trip = await runGuardrails(
        inputBefore,
        value,
        'input',
        this.context(iteration),
        this.#calls,
      );
      if (trip !== undefined) throw await this.#tripped(trip, 'stop', iteration);
    }
    if (inputParallel.length === 0) return call(options);
    const controller = new AbortController();
    const runSignal = this.#input.signal;
    const signal =
      runSignal === undefined ? controller.signal : AbortSignal.any([runSignal, controller.signal]);
    const check = runGuardrails(
      inputParallel,
      value,
      'input',
      this.context(iteration, signal),
      this.#calls,
    ).then(
      (trip) => {
        if (trip !== undefined) controller.abort(new GuardrailTrippedError(trip));
        return trip;
      },
      (error: unknown) => {
        controller.abort(error);
        throw error;
      },
    );
    check.catch(() => undefined);
    this.#inputCheck = check;
    try {
      let response: ChatResponse;
      try {
        response = await call({ ...options, signal });
      } catch (error) {
        // The call was cut short by the check (a trip, a guardrail that failed): that is the news.
        const trip = controller.signal.aborted ? await check : undefined;
        if (trip !== undefined) throw await this.#tripped(trip, 'stop', iteration);
        throw error;
      }
      const trip = await check;
      if (trip !== undefined) throw await this.#tripped(trip, 'stop', iteration);
      return response;
    } finally {
      this.#inputCheck = undefined;
    }
  }

  /**
   * Asked as the first model call's turn is stored: hold it back (never store it) until the parallel
   * input guardrails passed — `true` when one tripped or failed.
   */
  async holdFirstTurn(): Promise<boolean> {
    const check = this.#inputCheck;
    if (check === undefined) return false;
    try {
      return (await check) !== undefined;
    } catch {
      return true;
    }
  }

  /**
   * Asked as the client stores a turn (the run's `DeferringMemory`): hold it back while the parallel
   * input guardrails run (for good when one tripped), and hold a final answer (a reply without tool
   * calls) until the output guardrails passed.
   */
  hold(
    messages: readonly { role: string; toolCalls?: readonly unknown[] }[],
  ): boolean | Promise<boolean> {
    if (this.#inputCheck !== undefined) {
      return this.holdFirstTurn().then((held) => held || this.#holdsAnswer(messages));
    }
    return this.#holdsAnswer(messages);
  }

  /** `ReActLoop.holdBack` with guardrails: `hold`, then the approval gate when the run needs it. */
  async holdBack(
    messages: readonly { role: string; toolCalls?: readonly unknown[] }[],
    gate: () => Promise<boolean>,
  ): Promise<boolean> {
    const held = this.hold(messages);
    if (held === true || (held !== false && (await held))) return true;
    return this.needsGate ? gate() : false;
  }

  /** Stores a turn the guardrails held and the loop went past (see `answer`); nothing held: no-op. */
  settleHeld(deferring: DeferringMemory | undefined): Promise<void> | undefined {
    return deferring?.held === undefined ? undefined : deferring.settle('all');
  }

  #holdsAnswer(messages: readonly { role: string; toolCalls?: readonly unknown[] }[]): boolean {
    if (!this.holdsAnswers) return false;
    const reply = messages.at(-1);
    return (
      reply?.role === 'assistant' && (reply.toolCalls === undefined || reply.toolCalls.length === 0)
    );
  }

  /**
   * A final answer through the output guardrails, its held turn settled: stored when it passed or
   * goes back to the model (the reason returned), only its opening messages when it stopped the run
   * (which throws), nothing when a guardrail failed.
   */
  async answer(
    deferring: DeferringMemory | undefined,
    answer: { readonly data: unknown; readonly response: ChatResponse },
    iteration: number,
  ): Promise<string | undefined> {
    let reason: string | undefined;
    const { data, response } = answer;
    try {
      reason = await this.checkOutput({ content: response.content, data, response }, iteration);
    } catch (error) {
      if (GuardrailTrippedError.isInstance(error)) await deferring?.settle('opening');
      throw error;
    }
    await deferring?.settle('all');
    return reason;
  }

  /** `authorizeTool` as the approval gate asks it, or `undefined` without one. */
  authorizer(): Authorizer | undefined {
    const authorize = this.settings.authorizeTool;
    if (authorize === undefined) return undefined;
    return (call, iteration) => authorizeCall(authorize, call, this.context(iteration));
  }

  /**
   * Checks a final answer: `undefined` when every output guardrail passed; the reason to send back
   * when one with `onTrip: 'retry'` tripped for the first time. Any other trip throws.
   */
  async checkOutput(
    answer: { readonly content: string; readonly data: unknown; readonly response: ChatResponse },
    iteration: number,
  ): Promise<string | undefined> {
    const output = this.settings.output;
    const trip = await runGuardrails(
      output,
      answer,
      'output',
      this.context(iteration),
      this.#calls,
    );
    if (trip === undefined) return undefined;
    const guardrail = output.find((candidate) => candidate.name === trip.name);
    if (guardrail?.onTrip === 'retry' && !this.#retried.has(trip.name)) {
      this.#retried.add(trip.name);
      await this.#report(trip, 'retry', iteration, undefined);
      return trip.reason ?? `The answer was refused by the "${trip.name}" check; answer again.`;
    }
    throw await this.#tripped(trip, 'stop', iteration);
  }

  /**
   * The tool hooks of the run with the tool guardrails around them: arguments checked before the
   * run's `beforeToolCall`, results after its `afterToolCall`.
   */
  toolHooks(hooks: ToolHooks, iteration: () => number): ToolHooks {
    const guardrails = this.settings.tool;
    if (guardrails.length === 0) return hooks;
    const { beforeToolCall, afterToolCall } = hooks;
    const parsed = async (toolCall: ToolCall, tool: Parameters<typeof readArguments>[0]) => {
      const read = await readArguments(tool, toolCall.function.arguments);
      return read.ok ? { value: read.value } : undefined;
    };
    return {
      ...hooks,
      beforeToolCall: async (info) => {
        const { toolCall, tool } = info;
        const args = tool === undefined ? undefined : await parsed(toolCall, tool);
        if (tool !== undefined && args !== undefined) {
          const at = iteration();
          const trip = await runGuardrails(
            guardrails,
            { phase: 'arguments', toolCall, name: tool.name, arguments: args.value },
            'tool',
            this.context(at),
            this.#calls,
          );
          if (trip !== undefined) {
            this.#toolTrip ??= trip;
            await this.#report(trip, 'stop', at, toolCall);
            return refusal(trip, 'The call was stopped by a guardrail. It did not run.');
          }
        }
        return beforeToolCall?.(info);
      },
      afterToolCall: async (outcome) => {
        const replaced = await afterToolCall?.(outcome);
        const { toolCall, tool } = outcome;
        if (tool === undefined || outcome.skipped) return replaced;
        const args = await parsed(toolCall, tool);
        const at = iteration();
        const trip = await runGuardrails(
          guardrails,
          {
            phase: 'result',
            toolCall,
            name: tool.name,
            arguments: args?.value,
            result: replaced ?? outcome.result,
          },
          'tool',
          this.context(at),
          this.#calls,
        );
        if (trip === undefined) return replaced;
        await this.#report(trip, 'refuse', at, toolCall);
        return refusal(trip, 'The result was withheld by a guardrail.');
      },
    };
  }

  /** The trip of a tool guardrail on arguments in the last round, taken (the run stops). */
  takeToolTrip(): GuardrailTrippedError | undefined {
    const trip = this.#toolTrip;
    this.#toolTrip = undefined;
    return trip === undefined ? undefined : new GuardrailTrippedError(trip);
  }

  /** Adds `guardrails` (each guardrail's model calls, by name) to a run's overview. */
  attach<O extends Overview>(overview: O): O {
    Object.defineProperty(overview, 'guardrails', {
      value: this.#calls.byName(),
      enumerable: true,
    });
    return overview;
  }

  async #tripped(
    trip: GuardrailTrip,
    action: TripAction,
    iteration: number,
  ): Promise<GuardrailTrippedError> {
    await this.#report(trip, action, iteration, undefined);
    return new GuardrailTrippedError(trip);
  }

  async #report(
    trip: GuardrailTrip,
    action: TripAction,
    iteration: number,
    toolCall: ToolCall | undefined,
  ): Promise<void> {
    try {
      this.#span?.addEvent('aigo.guardrail.tripped', {
        'aigo.run.id': this.#input.runId,
        'aigo.react.iteration': iteration,
        'aigo.guardrail.name': trip.name,
        'aigo.guardrail.kind': trip.kind,
        'aigo.guardrail.action': action,
        ...(trip.reason === undefined ? {} : { 'aigo.guardrail.reason': trip.reason }),
        ...(toolCall === undefined ? {} : { 'gen_ai.tool.name': toolCall.function.name }),
      });
    } catch {
      // Observers never break a run.
    }
    const wait = this.#input.sink?.emit({
      type: 'guardrail_tripped',
      iteration,
      guardrail: trip,
      action,
      ...(toolCall === undefined ? {} : { toolCall }),
    });
    if (wait !== undefined) await wait;
  }
}

function refusal(trip: GuardrailTrip, what: string): string {
  return toolErrorEnvelope(
    GUARDRAIL_TRIPPED,
    `${what} (${trip.name}${trip.reason === undefined ? '' : `: ${trip.reason}`})`,
  );
}
