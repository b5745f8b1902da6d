import { type InteractionResponses, type Message, ValidationError } from '@aigo/ai';
import type { ToolCatalog } from '@aigo/client';
import { readArguments } from '../approval/tool-arguments.js';
import type { SuspendedState } from './suspended-state.js';

/** What a resume does with one call of the waiting reply. */
export type CallDecision =
  | { readonly kind: 'run'; readonly arguments: string }
  | { readonly kind: 'refuse'; readonly reason: string | undefined };

/**
 * Checks `responses` against the run's requests — one decision for every request, no other key,
 * each `{ approved: true, arguments? }` or `{ approved: false, reason? }`, edited arguments valid
 * for the tool's schema — and resolves to the decision for every call of the waiting reply, by
 * index (calls that needed no decision run as the model wrote them).
 *
 * @throws ValidationError naming `responses` or the response at fault; nothing has run.
 */
export async function checkResponses(
  responses: unknown,
  state: SuspendedState,
  tools: ToolCatalog,
): Promise<CallDecision[]> {
  if (responses === null || typeof responses !== 'object' || Array.isArray(responses)) {
    throw new ValidationError('responses', 'must be an object of responses by request id');
  }
  const given = responses as InteractionResponses;
  const known = new Set(state.pending.map((decision) => decision.requestId));
  for (const id of Object.keys(given)) {
    if (!known.has(id)) {
      throw new ValidationError(
        `responses[${JSON.stringify(id)}]`,
        `is not a request of this run (its requests: ${[...known].map((k) => JSON.stringify(k)).join(', ')})`,
      );
    }
  }
  const reply = state.turn.at(-1) as Message;
  const calls = reply.toolCalls ?? [];
  const decisions: CallDecision[] = calls.map((call) => ({
    kind: 'run',
    arguments: call.function.arguments,
  }));
  for (const pending of state.pending) {
    const argument = `responses[${JSON.stringify(pending.requestId)}]`;
    if (!Object.hasOwn(given, pending.requestId)) {
      throw new ValidationError(
        'responses',
        `has no decision for request ${JSON.stringify(pending.requestId)}: every request needs one`,
      );
    }
    const response: unknown = given[pending.requestId];
    if (response === null || typeof response !== 'object' || Array.isArray(response)) {
      throw new ValidationError(
        argument,
        'must be { approved: true, arguments? } or { approved: false, reason? }',
      );
    }
    const { approved, arguments: edited, reason } = response as Record<string, unknown>;
    for (const key of Object.keys(response)) {
      if (key !== 'approved' && key !== (approved === true ? 'arguments' : 'reason')) {
        throw new ValidationError(
          `${argument}.${key}`,
          `is not part of a response with approved: ${String(approved)}`,
        );
      }
    }
    if (approved === false) {
      if (reason !== undefined && typeof reason !== 'string') {
        throw new ValidationError(`${argument}.reason`, 'must be a string');
      }
      decisions[pending.index] = { kind: 'refuse', reason: reason as string | undefined };
      continue;
    }
    if (approved !== true)
      throw new ValidationError(`${argument}.approved`, 'must be true or false');
    if (edited === undefined) continue;
    if (typeof edited !== 'string') {
      throw new ValidationError(`${argument}.arguments`, 'must be JSON text');
    }
    const call = calls[pending.index];
    const tool = call === undefined ? undefined : tools.get(call.function.name);
    if (tool === undefined) continue; // readSuspendedRun checked every tool is there
    const parsed = await readArguments(tool, edited);
    if (!parsed.ok) {
      throw new ValidationError(
        `${argument}.arguments`,
        `do not fit tool "${tool.name}": ${parsed.message}`,
      );
    }
    decisions[pending.index] = { kind: 'run', arguments: edited };
  }
  return decisions;
}
