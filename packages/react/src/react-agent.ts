import type {
  Agent,
  InteractionResponses,
  JsonSchema,
  Prompt,
  Schema,
  SuspendedRun,
  ToolDescription,
} from '@aigo/ai';
import type { Client } from '@aigo/client';
import type { ReActRunOptions } from './react-options.js';
import type { ReActOverview } from './react-result.js';
import type { ReActStream } from './react-stream.js';
import type {
  ReActRunState,
  ReActStartOptions,
  ReActStepOptions,
  ReActStepResult,
} from './step/step-types.js';

/**
 * A ReAct agent: a loop of model calls and tool runs over a client, ending with a typed final
 * answer. Immutable and safe to share: concurrent runs on separate memories do not interfere.
 *
 * It is `@aigo/ai`'s `Agent<T>`, so servers and adapters written against `Agent` can run, stream
 * and resume it. With `approval` (or tools that declare `needsApproval`) a run suspends before a
 * reply's tools run, and `resume` continues it — in any process with the same agent configuration.
 * `start` and `step` drive a run one iteration at a time over a JSON state (checkpoints, custom
 * loops, workers); a run is steered with a `SteeringQueue`, `stream.steer` or `ctx.steer`.
 */
export interface ReAct<T> extends Agent<T> {
  /** The agent's name (`gen_ai.agent.name` on its spans). */
  readonly name: string;
  /** What the agent does, for people and other agents (the `description` option). */
  readonly description: string | undefined;
  /** The client's current tools, described (a tool set's as of now). */
  readonly toolDescriptions: readonly ToolDescription[];
  /** The client the agent runs on (never changed by the agent). */
  readonly client: Client;
  /** The final answer's schema, if any. */
  readonly schema: Schema | undefined;
  /** The final answer's JSON Schema the model sees, when there is a schema. */
  readonly jsonSchema: JsonSchema | undefined;
  readonly maxIterations: number;
  /**
   * Runs the agent on a prompt. Resolves to the run's overview with the typed `data` only when the
   * run ends with a final answer; rejects with `AgentStoppedError` (`stopReason` `max_iterations`,
   * `error`, `aborted`, or `suspended` with the `suspended` run to resume, and the overview so far)
   * on any other end, or with `ParseError` when the final answer cannot be read as the schema even
   * after one JSON-only retry.
   *
   * @throws ValidationError (as a rejection) for a bad prompt or option.
   */
  execute(prompt: Prompt, options?: ReActRunOptions): Promise<ReActOverview<T>>;
  /**
   * Runs the agent, streaming its events (`steering_message`, `iteration_start`, `reasoning`,
   * `content`, `partial_answer` — the typed answer so far, with a schema —, `tool_call`,
   * `tool_progress`, `tool_result`, then `final_answer`, `interaction_requested` or `error`). Nothing runs until the stream is iterated or
   * collected; `collect()` resolves or rejects as `execute` does, and the memory ends up as
   * `execute` leaves it.
   *
   * @throws ValidationError for a bad prompt or option (synchronously).
   */
  executeStream(prompt: Prompt, options?: ReActRunOptions): ReActStream<T>;
  /**
   * Continues a suspended run with a decision for every request: runs the waiting reply's calls as
   * decided (approved ones with the edited arguments, if any; refused ones answered with a tool
   * result saying so and why), then goes on as `execute` does — and may suspend again. Before any
   * tool runs it checks the value (`SuspendedRunError`), the responses (`ValidationError`), the
   * conversation (`ConversationConflictError` when it moved on) and, with a run store, claims the
   * run (`RunConflictError` for the loser of two resumes). Pass the memory the run suspended on.
   */
  resume(
    suspended: SuspendedRun,
    responses: InteractionResponses,
    options?: ReActRunOptions,
  ): Promise<ReActOverview<T>>;
  /**
   * The streaming twin of `resume`: `interaction_resumed` first, then the events of the run. A
   * resume refused before it ran anything ends the stream with an `error` event carrying the error.
   */
  resumeStream(
    suspended: SuspendedRun,
    responses: InteractionResponses,
    options?: ReActRunOptions,
  ): ReActStream<T>;
  /**
   * Starts a run to drive step by step: checks the prompt and options, and resolves to the run's
   * first state — its prompt not sent yet, its state (`options.state`), the conversation it holds
   * and that conversation's version now (or, with no memory, an empty history), signed with the
   * agent's `signingKey`; saved to the run store when there is one. Nothing is sent to the model.
   *
   * @throws ValidationError (as a rejection) for a bad prompt or option.
   */
  start(prompt: Prompt, options?: ReActStartOptions): Promise<ReActRunState>;
  /**
   * Runs one step of a run: one iteration — one model call and the tools of its reply, events as a
   * streamed run emits them (`options.onEvent`) — on the same loop `execute` runs to the end; or,
   * for a suspended state with `options.responses`, the waiting reply's tools. Resolves to the next
   * state and the outcome: `continue`, `final` (with `result`), `suspended` (with `suspended`) or
   * `stopped` (with `error`). A state that ended steps to its outcome again and runs nothing; a
   * suspended one without `responses` too. Usage, cost and run time add up across steps to what one
   * `execute` reports.
   *
   * Before it runs anything a step checks the state (`SuspendedRunError`: `format`, `version`,
   * `agent`, `signature`), the memory (the run's, still at the version the state records, else
   * `ConversationConflictError`) and, with a run store, claims the state as a resume does (a state
   * stepped twice runs its tools once: the second step rejects with `RunConflictError`).
   */
  step(state: ReActRunState, options?: ReActStepOptions<T>): Promise<ReActStepResult<T>>;
}
