import type { Attributes, AttributeValue } from '@aigo/ai';
import { attributePairs } from './attribute-pairs.js';

/**
 * The span events that the log observer writes as `info` lines: human in the loop, and a message
 * steered into an agent run (`aigo.steering`: its text only when the agent's observer captures
 * content).
 */
const INTERACTION_MESSAGES: Readonly<Record<string, string>> = {
  'aigo.interaction.requested': 'Interaction requested',
  'aigo.interaction.resumed': 'Interaction resumed',
  'aigo.steering': 'Steering message',
  'aigo.tool.denied': 'Tool call denied',
};

/**
 * The span events the log observer writes as `warn` lines: a guardrail tripped (an operator alerts
 * on it, whatever the span verbosity).
 */
const WARNING_MESSAGES: Readonly<Record<string, string>> = {
  'aigo.guardrail.tripped': 'Guardrail tripped',
};

/** The attribute of an `aigo.steering` event that holds the message's text. */
const STEERING_TEXT = 'aigo.steering.text';

/**
 * The log line of a span event when it is an interaction event (a run suspended for decisions, or
 * resumed with them; a person's message steered into a run) — written at `info` whatever the span
 * verbosity, since a person is waiting or speaking — else `undefined`. The attributes are the event's: request ids, tool names and the arguments as
 * the approval rule redacted them for people (and every value through the secret rules).
 */
export function interactionLine(
  name: string,
  attributes: Attributes | undefined,
):
  | {
      level: 'info' | 'warn';
      message: string;
      pairs: Array<readonly [string, AttributeValue]>;
    }
  | undefined {
  const warning = WARNING_MESSAGES[name];
  const message = warning ?? INTERACTION_MESSAGES[name];
  if (message === undefined) return undefined;
  const pairs = attributePairs(attributes);
  return {
    level: warning === undefined ? 'info' : 'warn',
    message,
    pairs: [
      ['event', name],
      // What a person wrote is content: never in a log line, whatever another observer captures.
      ...(name === 'aigo.steering' ? pairs.filter(([key]) => key !== STEERING_TEXT) : pairs),
    ],
  };
}
