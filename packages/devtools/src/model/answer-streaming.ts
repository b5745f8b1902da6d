import type { MutableSpan } from './recorded-run.js';
import type { AnswerStreaming } from './run-model.js';

/** The event an agent's span records at the first partial answer of a model call (`@aigo/react`). */
export const PARTIAL_ANSWER = 'aigo.answer.partial';

/**
 * How an agent run's typed answer streamed, from its agent span: the `partial_answer` events it
 * emitted (`aigo.react.partial_answers`), the model calls whose answer streamed (one
 * `aigo.answer.partial` event each) and when the first partial value appeared. `undefined` for a
 * run whose answer did not stream partially.
 */
export function answerStreamingOf(root: MutableSpan): AnswerStreaming | undefined {
  let streamedCalls = 0;
  let first: number | undefined;
  for (const event of root.events) {
    if (event.name !== PARTIAL_ANSWER) continue;
    streamedCalls++;
    first ??= event.time;
  }
  if (streamedCalls === 0) return undefined;
  const counted = root.attributes['aigo.react.partial_answers'];
  return {
    partialAnswers: typeof counted === 'number' && Number.isFinite(counted) ? counted : undefined,
    streamedCalls,
    firstPartialMs: first === undefined ? undefined : Math.max(0, first - root.start),
  };
}
