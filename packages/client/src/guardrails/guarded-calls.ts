import {
  type ChatResponse,
  type ChatStream,
  type GuardrailKind,
  type GuardrailTrip,
  GuardrailTrippedError,
  guardrailFailure,
  type Message,
  messageText,
  type Prompt,
  readGuardrailResult,
} from '@aigo/ai';
import type { MessageOptions } from '../client/client-options.js';
import type {
  CheckedClientGuardrails,
  ClientGuardrailContext,
  GuardrailModelClient,
} from './client-guardrails.js';

type Check<V> = {
  readonly name: string;
  check(value: V, ctx: ClientGuardrailContext): unknown;
};

/**
 * A call of `sendMessage` or `streamMessage` through the client's guardrails: the `before` input
 * guardrails first (a trip: the model is never called), the `parallel` ones beside the call (a trip
 * aborts it), the output guardrails on the complete answer — all before the turn is stored; a trip
 * rejects with `GuardrailTrippedError` (a streamed call's `collect()`; its iteration, when a parallel
 * trip cut it, rejects with the `AbortError` whose `cause` is that error).
 */
export async function guardedCall<R extends ChatResponse | ChatStream>(
  guards: CheckedClientGuardrails,
  prompt: Prompt,
  message: Message,
  options: MessageOptions | undefined,
  client: GuardrailModelClient,
  run: (options: MessageOptions, check: (response: ChatResponse) => Promise<void>) => Promise<R>,
): Promise<R> {
  const signal = options?.signal;
  const value = { prompt, message, text: messageText(message) };
  const before = await runChecks(guards.before, value, 'input', { signal, client });
  if (before !== undefined) throw new GuardrailTrippedError(before);
  let parallel: Promise<GuardrailTrip | undefined> | undefined;
  let callOptions: MessageOptions = options ?? {};
  let controller: AbortController | undefined;
  if (guards.parallel.length > 0) {
    controller = new AbortController();
    const combined =
      signal === undefined ? controller.signal : AbortSignal.any([signal, controller.signal]);
    callOptions = { ...callOptions, signal: combined };
    const abort = controller;
    parallel = runChecks(guards.parallel, value, 'input', { signal: combined, client }).then(
      (trip) => {
        if (trip !== undefined) abort.abort(new GuardrailTrippedError(trip));
        return trip;
      },
      (error: unknown) => {
        abort.abort(error);
        throw error;
      },
    );
    parallel.catch(() => undefined);
  }
  const check = async (response: ChatResponse): Promise<void> => {
    const trip = parallel === undefined ? undefined : await parallel;
    if (trip !== undefined) throw new GuardrailTrippedError(trip);
    const out = await runChecks(guards.output, { content: response.content, response }, 'output', {
      signal,
      client,
    });
    if (out !== undefined) throw new GuardrailTrippedError(out);
  };
  try {
    return await run(callOptions, check);
  } catch (error) {
    if (controller?.signal.aborted === true && parallel !== undefined) {
      const trip = await parallel;
      if (trip !== undefined) throw new GuardrailTrippedError(trip, { cause: error });
    }
    throw error;
  }
}

async function runChecks<V>(
  guardrails: readonly Check<V>[],
  value: V,
  kind: GuardrailKind,
  ctx: ClientGuardrailContext,
): Promise<GuardrailTrip | undefined> {
  if (guardrails.length === 0) return undefined;
  const settled = await Promise.allSettled(
    guardrails.map(async (guardrail) => {
      let result: unknown;
      try {
        result = await guardrail.check(value, ctx);
      } catch (error) {
        throw guardrailFailure(error, guardrail.name, kind);
      }
      return readGuardrailResult(result, guardrail.name, kind);
    }),
  );
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled' && outcome.value !== undefined) return outcome.value;
  }
  return undefined;
}
