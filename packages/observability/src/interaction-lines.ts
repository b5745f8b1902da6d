import type { Attributes, AttributeValue } from '@aigo/ai';
import { attributePairs } from './attribute-pairs.js';

/** The span events of human in the loop that the log observer writes as `info` lines. */
const INTERACTION_MESSAGES: Readonly<Record<string, string>> = {
  'aigo.interaction.requested': 'Interaction requested',
  'aigo.interaction.resumed': 'Interaction resumed',
};

/**
 * The log line of a span event when it is an interaction event (a run suspended for decisions, or
 * resumed with them) — written at `info` whatever the span verbosity, since a person is waiting —
 * else `undefined`. The attributes are the event's: request ids, tool names and the arguments as
 * the approval rule redacted them for people (and every value through the secret rules).
 */
export function interactionLine(
  name: string,
  attributes: Attributes | undefined,
): { message: string; pairs: Array<readonly [string, AttributeValue]> } | undefined {
  const message = INTERACTION_MESSAGES[name];
  if (message === undefined) return undefined;
  return { message, pairs: [['event', name], ...attributePairs(attributes)] };
}
