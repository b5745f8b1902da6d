import type { Attributes, AttributeValue } from '@aigo/ai';
import { attributePairs } from './attribute-pairs.js';

/** The span event an agent records at the first partial answer of a model call (`@aigo/react`). */
const PARTIAL_ANSWER = 'aigo.answer.partial';

/**
 * The `debug` line of an agent's typed answer beginning to stream (`aigo.answer.partial`, once per
 * model call: the partial answers themselves are never logged, there can be hundreds), else
 * `undefined`.
 */
export function answerLine(
  name: string,
  attributes: Attributes | undefined,
): { message: string; pairs: Array<readonly [string, AttributeValue]> } | undefined {
  if (name !== PARTIAL_ANSWER) return undefined;
  return { message: 'Answer streaming', pairs: [['event', name], ...attributePairs(attributes)] };
}
