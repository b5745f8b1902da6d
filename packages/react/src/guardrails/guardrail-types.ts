import type {
  ChatResponse,
  GuardrailResult,
  JsonObject,
  Message,
  Principal,
  Prompt,
  ToolCall,
} from '@aigo/ai';
import type { Client } from '@aigo/client';

/** What every guardrail's `check` (and `authorizeTool`) learns besides the value it checks. */
export interface GuardrailContext {
  /** Whatever the application passed to the run as `context`. */
  readonly context: unknown;
  /** Who the run acts for (the run's `principal` option). */
  readonly principal: Principal | undefined;
  /** The run's state (`ctx.state`): read it, write it. */
  readonly state: JsonObject;
  /** The run's signal (aborted, too, when a parallel input guardrail's model call is cancelled). */
  readonly signal: AbortSignal | undefined;
  /** The run's id. */
  readonly runId: string;
  /** The iteration being checked (0 before the first model call). */
  readonly iteration: number;
  /**
   * The agent's client, to call a model with (a guardrail may be a small agent: `createReAct(ctx.client)`).
   * Its calls are recorded into the run's overview — usage and cost — and under the guardrail's name
   * in the result's `guardrails`.
   */
  readonly client: Client;
}

/**
 * A check beside the model: `check(value, ctx)` answers `{ tripwire, reason?, info? }`. A guardrail
 * that throws, or answers anything else, stops the run (`stopReason: 'error'`, a `GuardrailError`
 * naming it).
 */
export interface Guardrail<Value> {
  /** Names the guardrail in errors, events, spans, logs and the cost breakdown. */
  readonly name: string;
  check(value: Value, ctx: GuardrailContext): GuardrailResult | Promise<GuardrailResult>;
}

/** What an input guardrail checks: the run's prompt. */
export interface InputGuardrailValue {
  /** The prompt as given to `execute`. */
  readonly prompt: Prompt;
  /** The prompt as the user message the model reads. */
  readonly message: Message;
  /** The prompt's text (its text parts joined). */
  readonly text: string;
}

/**
 * Checks the prompt of a new run. `mode: 'before'` (default): the model is called only once every
 * such guardrail passed. `'parallel'`: it runs while the first model call streams; a tripwire aborts
 * that call (its request is cancelled) and nothing of it is stored.
 */
export interface InputGuardrail extends Guardrail<InputGuardrailValue> {
  readonly mode?: 'before' | 'parallel';
}

/** What an output guardrail checks: the final answer. */
export interface OutputGuardrailValue<T> {
  /** The answer's text. */
  readonly content: string;
  /** The answer as the result's `data` (the schema's type; the text without a schema). */
  readonly data: T;
  /** The model's whole response. */
  readonly response: ChatResponse;
}

/**
 * Checks the final answer (after `validateFinalAnswer` accepted it). On a tripwire the run ends
 * (`onTrip: 'stop'`, default) or, with `onTrip: 'retry'`, the reason goes back to the model once
 * (per guardrail), which answers again; a second trip ends the run.
 */
export interface OutputGuardrail<T = unknown> extends Guardrail<OutputGuardrailValue<T>> {
  readonly onTrip?: 'stop' | 'retry';
}

/**
 * What a tool guardrail checks: a call's arguments before it runs (`phase: 'arguments'`; parsed and
 * validated as the tool will get them), or its result before the model reads it (`phase: 'result'`).
 */
export type ToolGuardrailValue =
  | {
      readonly phase: 'arguments';
      readonly toolCall: ToolCall;
      readonly name: string;
      readonly arguments: unknown;
    }
  | {
      readonly phase: 'result';
      readonly toolCall: ToolCall;
      readonly name: string;
      readonly arguments: unknown;
      /** What the model would read: the tool's JSON output, or an error envelope. */
      readonly result: string;
    };

/**
 * Checks tool calls. A tripwire on the arguments ends the run before the call runs; a tripwire on a
 * result replaces it with a refusal the model reads (code `guardrail_tripped`), and the run goes on.
 */
export type ToolGuardrail = Guardrail<ToolGuardrailValue>;

/** `createReAct`'s `guardrails`: lists of checks on the prompt, the final answer and tool calls. */
export interface ReActGuardrails<T = unknown> {
  readonly input?: readonly InputGuardrail[];
  readonly output?: readonly OutputGuardrail<T>[];
  readonly tool?: readonly ToolGuardrail[];
}

/** A tool call as `authorizeTool` sees it. */
export interface ToolAuthorizationCall {
  /** The tool's name. */
  readonly name: string;
  /** The arguments, parsed and validated (what the tool's `execute` would get). */
  readonly arguments: unknown;
  /** The call as the model wrote it. */
  readonly toolCall: ToolCall;
}

/**
 * What `authorizeTool` decides for one call: `allow` — it runs, no approval asked; `deny` (or
 * `{ decision: 'deny', reason }`) — it does not run, and the model reads a refused result (code
 * `tool_denied`) with the reason; `approve` — a person decides (the run suspends, as with `approval`).
 */
export type ToolAuthorizationDecision =
  | 'allow'
  | 'deny'
  | 'approve'
  | { readonly decision: 'deny'; readonly reason: string };

/** What `authorizeTool` learns besides the call: a guardrail's context without the client. */
export type ToolAuthorizationContext = Omit<GuardrailContext, 'client'>;

/**
 * Decides each tool call before the approval policy, per principal: sees the call, its parsed and
 * validated arguments, and `ctx` (run context, principal, state, run id, iteration).
 */
export type AuthorizeTool = (
  call: ToolAuthorizationCall,
  ctx: ToolAuthorizationContext,
) => ToolAuthorizationDecision | Promise<ToolAuthorizationDecision>;
