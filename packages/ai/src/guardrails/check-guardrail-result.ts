import { AbortError } from '../errors/interruption-errors.js';
import type { JsonValue } from '../json.js';
import { GuardrailError } from './guardrail-errors.js';
import type { GuardrailKind, GuardrailResult, GuardrailTrip } from './guardrail-result.js';

/**
 * Runs one guardrail's verdict through the checks every runner applies: a `GuardrailResult`
 * (`{ tripwire: boolean, reason?: string, info?: JSON }`) is returned as a trip (tripped) or
 * `undefined` (passed); anything else fails naming the guardrail.
 *
 * @throws GuardrailError when `result` is not a `GuardrailResult`.
 */
export function readGuardrailResult(
  result: unknown,
  name: string,
  kind: GuardrailKind,
): GuardrailTrip | undefined {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) {
    throw new GuardrailError(
      name,
      kind,
      `The ${kind} guardrail "${name}" returned ${describe(result)}, not { tripwire: boolean, reason?, info? }`,
    );
  }
  const { tripwire, reason, info } = result as GuardrailResult;
  if (typeof tripwire !== 'boolean') {
    throw new GuardrailError(
      name,
      kind,
      `The ${kind} guardrail "${name}" returned a result whose tripwire is ${describe(tripwire)}, not a boolean`,
    );
  }
  if (reason !== undefined && typeof reason !== 'string') {
    throw new GuardrailError(
      name,
      kind,
      `The ${kind} guardrail "${name}" returned a reason that is ${describe(reason)}, not a string`,
    );
  }
  if (!tripwire) return undefined;
  let kept: JsonValue | undefined;
  if (info !== undefined) {
    try {
      kept = JSON.parse(JSON.stringify(info)) as JsonValue;
    } catch (error) {
      throw new GuardrailError(
        name,
        kind,
        `The ${kind} guardrail "${name}" returned info that is not JSON`,
        { cause: error },
      );
    }
  }
  return { name, kind, reason, info: kept };
}

/** Wraps what a guardrail threw as the `GuardrailError` naming it (an abort passes as it is). */
export function guardrailFailure(error: unknown, name: string, kind: GuardrailKind): unknown {
  if (GuardrailError.isInstance(error)) return error;
  if (AbortError.isInstance(error)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new GuardrailError(name, kind, `The ${kind} guardrail "${name}" threw: ${detail}`, {
    cause: error,
  });
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
