import { AigoError, type AigoErrorOptions } from '../errors/aigo-error.js';
import type { GuardrailKind, GuardrailTrip } from './guardrail-result.js';

/**
 * A guardrail tripped on a client call (`createClient({ guardrails })`): the call stored nothing.
 * An agent run that a guardrail ends rejects with `AgentStoppedError` (`stopReason: 'guardrail'`)
 * instead, carrying the same `guardrail`.
 */
export class GuardrailTrippedError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/GuardrailTrippedError');
  readonly guardrail: GuardrailTrip;

  constructor(guardrail: GuardrailTrip, options?: AigoErrorOptions) {
    super('guardrail_tripped', guardrailMessage(guardrail), options);
    this.guardrail = guardrail;
  }
}

/**
 * A guardrail could not give a verdict: it threw (`cause`), or returned something that is not a
 * `GuardrailResult`. A run stops with `stopReason: 'error'` and this as its cause; nothing of the
 * checked call is stored.
 */
export class GuardrailError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/GuardrailError');
  /** The guardrail's name. */
  readonly guardrail: string;
  readonly kind: GuardrailKind;

  constructor(guardrail: string, kind: GuardrailKind, message: string, options?: AigoErrorOptions) {
    super('guardrail_error', message, options);
    this.guardrail = guardrail;
    this.kind = kind;
  }
}

/** The message of a trip: `Input guardrail "pii" tripped: reason`. */
export function guardrailMessage(trip: GuardrailTrip): string {
  const kind = `${trip.kind[0]?.toUpperCase()}${trip.kind.slice(1)}`;
  return `${kind} guardrail "${trip.name}" tripped${trip.reason === undefined ? '' : `: ${trip.reason}`}`;
}
