import type { ProviderMetadata } from '@aigo/ai';
import { nonEmptyString, recordOf } from '@aigo/http';
import { ANTHROPIC_METADATA_KEY } from '../shared/anthropic-metadata.js';
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
  const blocks = turn.records();
  const stop = nonEmptyString(stopSequence);
  const box = recordOf(container);
  const id = nonEmptyString(box?.id);
  if (blocks === undefined && stop === undefined && id === undefined) return undefined;
  const values: Record<string, unknown> = {};
  if (blocks !== undefined) values.blocks = blocks;
  if (stop !== undefined) values.stopSequence = stop;
  if (id !== undefined) {
    const expiresAt = nonEmptyString(box?.expires_at);
    values.container = expiresAt === undefined ? { id } : { id, expiresAt };
  }
  return { [ANTHROPIC_METADATA_KEY]: values };
}
