import type {
  AgentEvent,
  AigoError,
  InteractionResponses,
  JsonObject,
  MemoryProvider,
  Principal,
  RunStore,
  Span,
  SuspendedRun,
} from '@aigo/ai';
import type { ReActOverview } from '../react-result.js';
import type { SteeringQueue } from '../steering/steering-queue.js';

/**
 * The saved state of a ReAct run driven step by step (`agent.start`, `agent.step`): the same
 * versioned JSON as a suspended run — a `SuspendedRun` whose `requests` are empty while it goes on,
 * the waiting ones when it suspended — signed with the agent's `signingKey`. Plain JSON: store it
 * anywhere, or in a run store (`pgRunStore`), and step it in any process with the same agent.
 */
export type ReActRunState = SuspendedRun;

/** How a step ended. */
export type ReActStepOutcome = 'continue' | 'final' | 'suspended' | 'stopped';

/**
 * What `agent.step` resolves to: the run's next state, and how the step ended — `continue` (step
 * `state` again), `final` (with the `result`, as `execute` resolves), `suspended` (with the
 * `suspended` run: step it with `responses`, or `resume` it) or `stopped` (with the `error`, as
 * `execute` rejects). A state that ended (`final`, `stopped`) steps to the same outcome again,
 * running nothing.
 */
export type ReActStepResult<T> =
  | { readonly outcome: 'continue'; readonly state: ReActRunState }
  | {
      readonly outcome: 'final';
      readonly state: ReActRunState;
      readonly result: ReActOverview<T>;
    }
  | {
      readonly outcome: 'suspended';
      readonly state: ReActRunState;
      readonly suspended: SuspendedRun;
    }
  | { readonly outcome: 'stopped'; readonly state: ReActRunState; readonly error: AigoError };

/** Options of `agent.start`. */
export interface ReActStartOptions {
  readonly signal?: AbortSignal;
  /**
   * The conversation the run holds (default: the client's memory; `null`: none — the conversation
   * then lives in the run state). Pass the same memory to every step.
   */
  readonly memory?: MemoryProvider | null;
  /** The run's id (`ctx.runId`). Default: a fresh `crypto.randomUUID()`. */
  readonly runId?: string;
  /** Where the state is saved (from the start, then after each step) and claimed by each step. */
  readonly runStore?: RunStore;
  /** The run's state when it starts (`ctx.state`): a JSON object. */
  readonly state?: JsonObject;
  /** Who the run acts for (saved in the state; each step's `principal` must match it). */
  readonly principal?: Principal;
}

/** Options of `agent.step`. */
export interface ReActStepOptions<T = unknown> {
  /** Aborting it stops the step (and the run: the step ends `stopped`, `aborted`). */
  readonly signal?: AbortSignal;
  /** The run's memory: the one it started with (none, `null`, for a run without one). */
  readonly memory?: MemoryProvider | null;
  /** Passed to every tool as `ctx.context`, and to the hooks. */
  readonly context?: unknown;
  /** A parent span for the step's `invoke_agent` span. */
  readonly span?: Span;
  /** Where the state is claimed and saved again (default: the agent's `runStore`). */
  readonly runStore?: RunStore;
  /** A queue to steer the run with; messages still waiting when the step ends go into the state. */
  readonly steering?: SteeringQueue;
  /** For a suspended state: the decisions, as `resume` takes them. The step runs the waiting tools. */
  readonly responses?: InteractionResponses;
  /**
   * Hears the step's events as a streamed run emits them (`steering_message`, `iteration_start`,
   * `content`, `tool_call`, `tool_result`…); the model call streams. A returned promise makes the
   * step wait for it.
   */
  readonly onEvent?: (event: AgentEvent<T>) => void | Promise<void>;
  /**
   * Who calls the step: the run's principal, or one with a role among the agent's `approverRoles`
   * (else `SuspendedRunError`, `problem: 'principal'`). The step acts for the run's principal.
   */
  readonly principal?: Principal;
}
