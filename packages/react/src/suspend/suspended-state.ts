import type { ChatResponse, JsonObject, Message, Usage } from '@aigo/ai';

/** The `version` of the suspended runs this agent writes and reads. */
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
 * The ReAct agent's `SuspendedRun.state` (version 1): everything a process with the same agent
 * configuration needs to continue the run.
 */
export interface SuspendedState {
  /** The iteration whose reply waits (the next model call is iteration + 1). */
  readonly iteration: number;
  /**
   * The messages of the turn not stored yet — what opened the iteration (the prompt, or the last
   * tool results) and the assistant reply whose calls wait, last. Stored with the tool results when
   * the run resumes.
   */
  readonly turn: readonly Message[];
  /** A run without a memory: its conversation so far (stored turns), which lives only here. */
  readonly history?: readonly Message[];
  /** A run on a memory: the conversation it holds, and its version when the run suspended. */
  readonly conversation?: { readonly id?: string; readonly version?: number };
  /** The calls that wait for a decision; the reply's other calls run on resume without one. */
  readonly pending: readonly PendingDecision[];
  readonly calls: readonly PriorCall[];
  readonly tools: readonly PriorTool[];
  /** Tokens and cost so far (informational: the resumed run recomputes them from `calls`). */
  readonly usage: Usage;
  readonly cost: { readonly total: number; readonly currency: string };
}

/** The state as the JSON object `SuspendedRun.state` holds. */
export function stateToJson(state: SuspendedState): JsonObject {
  return JSON.parse(JSON.stringify(state)) as JsonObject;
}
