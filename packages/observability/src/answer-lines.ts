import type { Attributes, AttributeValue } from '@aigo/ai';
import { attributePairs } from './attribute-pairs.js';

/**
 * The agent span events written as their own `debug` lines: the first partial answer of a model
 * call, and an agent called as a tool (`agentTool` of `@aigo/react`: its sub-run starting and
 * ending, on the call's `execute_tool` span — the sub-run's events reach a streamed parent as
 * `agent_event`, its spans nest under that one).
 */
const AGENT_LINES: Readonly<Record<string, string>> = {
  'aigo.answer.partial': 'Answer streaming',
  'aigo.agent.call': 'Agent called',
  'aigo.agent.return': 'Agent returned',
};

/**
 * The `debug` line of an agent's typed answer beginning to stream (`aigo.answer.partial`, once per
 * model call: the partial answers themselves are never logged, there can be hundreds), or of an
 * agent called as a tool (`aigo.agent.call` with its path and depth, `aigo.agent.return` with its
 * stop reason), else `undefined`.
 */
export function answerLine(
  name: string,
  attributes: Attributes | undefined,
): { message: string; pairs: Array<readonly [string, AttributeValue]> } | undefined {
  const message = AGENT_LINES[name];
  if (message === undefined) return undefined;
  return { message, pairs: [['event', name], ...attributePairs(attributes)] };
}
