import type { JsonValue } from '../json.js';

/**
 * Where a guardrail checks: the prompt (`input`), the final answer (`output`), or a tool call's
 * arguments and result (`tool`).
 */
export type GuardrailKind = 'input' | 'output' | 'tool';

/** What a guardrail's `check` answers. */
export interface GuardrailResult {
  /** True when the check failed: the run ends (or retries, or the tool result is refused). */
  readonly tripwire: boolean;
  /** Why, for the operator and (on a retry or a refused result) for the model. */
  readonly reason?: string;
  /** Anything JSON the guardrail wants to keep with the trip (scores, matched rules). */
  readonly info?: JsonValue;
}

/** A guardrail that tripped: which one, where, and why (`AgentStoppedError.guardrail`, events). */
export interface GuardrailTrip {
  readonly name: string;
  readonly kind: GuardrailKind;
  readonly reason: string | undefined;
  readonly info: JsonValue | undefined;
}
