/**
 * Gemini's code-execution outcomes and aigo's: `OUTCOME_OK` ↔ `ok`, `OUTCOME_FAILED` ↔ `failed`,
 * `OUTCOME_DEADLINE_EXCEEDED` ↔ `deadline_exceeded`. Any other value passes through unchanged both
 * ways, so an outcome this version does not know survives a round trip.
 */
const TO_AIGO: { readonly [wire: string]: string } = {
  OUTCOME_OK: 'ok',
  OUTCOME_FAILED: 'failed',
  OUTCOME_DEADLINE_EXCEEDED: 'deadline_exceeded',
};

const TO_WIRE: { readonly [aigo: string]: string } = {
  ok: 'OUTCOME_OK',
  failed: 'OUTCOME_FAILED',
  deadline_exceeded: 'OUTCOME_DEADLINE_EXCEEDED',
};

/** A wire outcome (`OUTCOME_OK`) as aigo's `CodeExecution.outcome` (`ok`). */
export function normaliseOutcome(outcome: string): string {
  return Object.hasOwn(TO_AIGO, outcome) ? (TO_AIGO[outcome] as string) : outcome;
}

/** aigo's outcome (`ok`) as the wire's (`OUTCOME_OK`); a raw wire outcome is sent unchanged. */
export function toWireOutcome(outcome: string): string {
  return Object.hasOwn(TO_WIRE, outcome) ? (TO_WIRE[outcome] as string) : outcome;
}
