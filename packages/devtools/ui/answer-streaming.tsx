import type { RunDetail } from '../src/model/run-model.js';
import { count, duration } from './format.js';

/**
 * How an agent run's typed answer streamed: its partial answers, over how many model calls, and
 * when the first typed value appeared. Nothing for a run whose answer did not stream partially.
 */
export function AnswerStreamingNote(props: { readonly detail: RunDetail }) {
  const answer = props.detail.answer;
  if (answer === undefined) return null;
  const calls = `${answer.streamedCalls} model call${answer.streamedCalls === 1 ? '' : 's'}`;
  const partials =
    answer.partialAnswers === undefined
      ? 'streaming'
      : `${count(answer.partialAnswers)} partial answer${answer.partialAnswers === 1 ? '' : 's'}`;
  return (
    <p class="note" data-testid="answer-streaming">
      Typed answer streamed: {partials} over {calls}
      {answer.firstPartialMs === undefined
        ? ''
        : `; the first after ${duration(answer.firstPartialMs)}`}
      .
    </p>
  );
}
