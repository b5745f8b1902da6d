import type {
  AgentStopReason,
  ChatResponse,
  JsonObject,
  JsonValue,
  Message,
  Principal,
  Usage,
} from '@aigo/ai';

/** The `version` of the suspended runs and run states this agent writes and reads. */
export const SUSPENDED_STATE_VERSION = 1;

/** A decision the run waits for, as the state keeps it. */
export interface PendingDecision {
  /** The request's id (`InteractionRequest.id`). */
  readonly requestId: string;
  /** The call's index in the reply's tool calls. */
  readonly index: number;
  /** The argument paths the rule redacts from what people see. */
  readonly redact?: readonly string[];
}

/** A call of the waiting reply that `authorizeTool` denied: it gets a refused result on resume. */
export interface DeniedDecision {
  /** The call's index in the reply's tool calls. */
  readonly index: number;
  readonly reason: string;
}

/** One model call of the run before the suspension, kept so cost and usage add up. */
export interface PriorCall {
  /** The model the request named (its price key). */
  readonly model: string;
  readonly response: ChatResponse;
}

/** The tool executions of the run before the suspension, by tool. */
export interface PriorTool {
  readonly name: string;
  readonly count: number;
  /** What the successful calls cost, in `currency`. */
  readonly amount: number;
  readonly currency: string;
}

/**
 * The ReAct agent's `SuspendedRun.state` (version 1) — of a suspended run (`requests` not empty:
 * `turn` and `pending` set) and of a run driven step by step (`ReActRunState`): everything a process
 * with the same agent configuration needs to continue the run.
 */
export interface RunStateBody {
  /**
   * Iterations (model calls) done; of a suspended run, the iteration whose reply waits (the next
   * model call is iteration + 1).
   */
  readonly iteration: number;
  /**
   * A suspended run: the messages of the turn not stored yet — what opened the iteration (the
   * prompt, or the last tool results) and the assistant reply whose calls wait, last. Stored with
   * the tool results when the run resumes.
   */
  readonly turn?: readonly Message[];
  /** A run without a memory: its conversation so far (stored turns), which lives only here. */
  readonly history?: readonly Message[];
  /** A run on a memory: the conversation it holds, and its version when the state was saved. */
  readonly conversation?: { readonly id?: string; readonly version?: number };
  /** A suspended run: the calls that wait for a decision; the reply's other calls run on resume. */
  readonly pending?: readonly PendingDecision[];
  /** A suspended run: the calls of the waiting reply `authorizeTool` denied. */
  readonly denied?: readonly DeniedDecision[];
  /** Who the run acts for: a resume or a step by another principal is refused. */
  readonly principal?: Principal;
  readonly calls: readonly PriorCall[];
  readonly tools: readonly PriorTool[];
  /** Tokens and cost so far (informational: the resumed run recomputes them from `calls`). */
  readonly usage: Usage;
  readonly cost: { readonly total: number; readonly currency: string };
  /** Run time so far in milliseconds (not the waits between parts): compute cost adds up. */
  readonly computeMs?: number;
  /** The run's state (`ctx.state`). */
  readonly state?: JsonObject;
  /** Steering messages queued and not delivered yet: the next model call reads them first. */
  readonly steering?: readonly Message[];
  /** A run started and not stepped yet: its prompt, as a user message. */
  readonly prompt?: Message;
  /** The messages that open the next model call (tool results, a rejected answer's reason). */
  readonly next?: readonly Message[];
  /** The task-memory question and the recalled tasks of a run started with task memory. */
  readonly taskMemory?: { readonly question: string; readonly recalled?: string };
  /** How the run ended, for a state that ended: stepping it again runs nothing. */
  readonly outcome?: 'final' | 'stopped';
  /** The final answer (`outcome: 'final'`): its data as JSON, and its text. */
  readonly final?: { readonly data: JsonValue; readonly content: string };
  /** Why the run stopped (`outcome: 'stopped'`): the error it stopped with. */
  readonly stopped?: {
    readonly reason: AgentStopReason;
    readonly code: string;
    readonly message: string;
  };
}

/** The state of a suspended run: what its waiting reply needs. */
export interface SuspendedState extends RunStateBody {
  readonly turn: readonly Message[];
  readonly pending: readonly PendingDecision[];
}

/** The state as the JSON object `SuspendedRun.state` holds. */
export function stateToJson(state: RunStateBody): JsonObject {
  return JSON.parse(JSON.stringify(state)) as JsonObject;
}
