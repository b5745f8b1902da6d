import type { ProviderMetadata } from '@aigo/ai';
import { ANTHROPIC_METADATA_KEY } from '../anthropic-metadata.js';
import { nonEmptyString, recordOf } from '../shared/json-guards.js';
import type { AnthropicTurn } from './anthropic-turn.js';

/**
 * The response's `providerMetadata.anthropic`: the block records when the turn needs them, the stop
 * sequence that ended it, the code-execution container. `undefined` when there is none.
 */
export function turnMetadata(
  turn: AnthropicTurn,
  stopSequence: unknown,
  container: unknown,
): ProviderMetadata | undefined {
  const values: Record<string, unknown> = {};
  const blocks = turn.records();
  if (blocks !== undefined) values.blocks = blocks;
  const stop = nonEmptyString(stopSequence);
  if (stop !== undefined) values.stopSequence = stop;
  const box = recordOf(container);
  const id = nonEmptyString(box?.id);
  if (id !== undefined) {
    const expiresAt = nonEmptyString(box?.expires_at);
    values.container = expiresAt === undefined ? { id } : { id, expiresAt };
  }
  return Object.keys(values).length === 0 ? undefined : { [ANTHROPIC_METADATA_KEY]: values };
}
