import {
  type GuardrailKind,
  type GuardrailTrip,
  guardrailFailure,
  readGuardrailResult,
} from '@aigo/ai';
import type { GuardrailCalls } from './guardrail-client.js';
import type { Guardrail, GuardrailContext } from './guardrail-types.js';

/**
 * Runs `guardrails` on `value`, all at once, and resolves to the first trip in list order (or
 * `undefined`: every one passed). A guardrail that throws or answers something else rejects with
 * the `GuardrailError` naming it, once every check settled (nothing runs on behind the run's back).
 */
export async function runGuardrails<Value>(
  guardrails: readonly Guardrail<Value>[],
  value: Value,
  kind: GuardrailKind,
  context: Omit<GuardrailContext, 'client'>,
  calls: GuardrailCalls,
): Promise<GuardrailTrip | undefined> {
  if (guardrails.length === 1) {
    return checkOne(guardrails[0] as Guardrail<Value>, value, kind, context, calls);
  }
  const settled = await Promise.allSettled(
    guardrails.map((guardrail) => checkOne(guardrail, value, kind, context, calls)),
  );
  for (const outcome of settled) {
    if (outcome.status === 'rejected') throw outcome.reason;
  }
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled' && outcome.value !== undefined) return outcome.value;
  }
  return undefined;
}

async function checkOne<Value>(
  guardrail: Guardrail<Value>,
  value: Value,
  kind: GuardrailKind,
  context: Omit<GuardrailContext, 'client'>,
  calls: GuardrailCalls,
): Promise<GuardrailTrip | undefined> {
  const { name } = guardrail;
  let opened: ReturnType<GuardrailCalls['open']> | undefined;
  const ctx: GuardrailContext = {
    ...context,
    get client() {
      opened ??= calls.open(name);
      return opened.client;
    },
  };
  let result: unknown;
  try {
    result = await guardrail.check(value, ctx);
  } catch (error) {
    throw guardrailFailure(error, name, kind);
  } finally {
    opened?.done();
  }
  return readGuardrailResult(result, name, kind);
}
