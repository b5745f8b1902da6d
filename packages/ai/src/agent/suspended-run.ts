import type { JsonObject } from '../json.js';

/**
 * A decision a run waits for. `tool_approval`: the model asked to call `toolCall`, and a person (or
 * a policy service) must approve or refuse it. `toolCall.arguments` is what the person may see:
 * arguments the approval rule marks as secret are redacted.
 */
export interface InteractionRequest {
  /** Unique within the suspended run; the key of its response. */
  readonly id: string;
  readonly type: 'tool_approval';
  readonly toolCall: { readonly id: string; readonly name: string; readonly arguments: string };
  /** What to show the person, when the approval rule gives one. */
  readonly message?: string;
}

/**
 * The answer to one `InteractionRequest`. Approving may replace the call's arguments (JSON text,
 * checked against the tool's schema again); refusing sends the model a tool result saying so, with
 * the reason.
 */
export type InteractionResponse =
  | { readonly approved: true; readonly arguments?: string }
  | { readonly approved: false; readonly reason?: string };

/** Responses by request id: one for every request of the suspended run. */
export type InteractionResponses = { readonly [requestId: string]: InteractionResponse };

/** The `format` of every `SuspendedRun`. */
export const SUSPENDED_RUN_FORMAT = 'aigo.suspended-run';

/**
 * A run that stopped to wait for decisions: a plain, JSON-serialisable value to store anywhere and
 * hand to `agent.resume` in any process running the same agent. `state` is the agent's own
 * (versioned by `version`); `signature`, when present, covers the whole value, so a resume with the
 * agent's signing key refuses a value that was changed or made by someone else.
 */
export interface SuspendedRun {
  readonly format: typeof SUSPENDED_RUN_FORMAT;
  readonly version: number;
  /** The run's id (`ToolContext.runId`), kept across the suspension. */
  readonly runId: string;
  /** The name of the agent that suspended it. */
  readonly agent: string;
  readonly requests: readonly InteractionRequest[];
  readonly state: JsonObject;
  readonly signature?: string;
}
