import { type StoredSummary, ValidationError } from '@aigo/ai';
import type { ContextGroup } from './context-groups.js';
import type { ContextState, ContextStrategy, StrategyContext } from './context-strategy.js';

/** Options of `summarize`. */
export interface SummarizeOptions {
  /**
   * When the request is over budget, summarise the oldest turns until the rest (with the summary)
   * holds at most this fraction of the budget (default 0.5), so the next turns fit without another
   * summary for a while.
   */
  readonly targetFraction?: number;
  /** The longest summary asked for, in tokens (default 1,024). */
  readonly maxSummaryTokens?: number;
}

/**
 * Summarises older history with a model call (the client's provider and model, through its
 * middleware): the oldest turns are replaced by a summary sent in the system prompt. With a memory
 * that keeps summaries (`saveSummary`), the summary is stored with the conversation and later turns
 * start from it instead of making it again; a later summary builds on the earlier one.
 *
 * @throws ValidationError naming `targetFraction` or `maxSummaryTokens`.
 */
export function summarize(options: SummarizeOptions = {}): ContextStrategy {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  const target = options.targetFraction ?? 0.5;
  if (typeof target !== 'number' || !(target > 0 && target <= 1)) {
    throw new ValidationError(
      'targetFraction',
      `must be a number in (0, 1], got ${String(target)}`,
    );
  }
  const maxSummaryTokens = options.maxSummaryTokens ?? 1024;
  if (!Number.isSafeInteger(maxSummaryTokens) || maxSummaryTokens < 1) {
    throw new ValidationError(
      'maxSummaryTokens',
      `must be a positive integer, got ${String(maxSummaryTokens)}`,
    );
  }
  return Object.freeze({
    name: 'summarize',
    async apply(state: ContextState, context: StrategyContext): Promise<ContextState> {
      if (context.total(state) <= context.budget) return state;
      const goal = context.budget * target;
      const groups = state.groups;
      const chosen: ContextGroup[] = [];
      const kept: ContextGroup[] = [];
      let rest = context.total(state) - (state.summary?.tokens ?? 0) + maxSummaryTokens;
      for (const group of groups) {
        const open = kept.every((one) => one.pinned) && !group.pinned && !group.current;
        // Past the goal, the summary still takes groups up to the next user message, so the
        // request goes on with a user message after it.
        const wanted = rest > goal || (chosen.length > 0 && group.messages[0]?.role !== 'user');
        if (open && wanted) {
          chosen.push(group);
          rest -= group.tokens;
        } else {
          kept.push(group);
        }
      }
      if (chosen.length === 0) return state;
      const messages = chosen.flatMap((group) => group.messages);
      const text = await context.summarise(messages, state.summary?.text, maxSummaryTokens);
      let through = state.summary?.through ?? 0;
      for (const group of chosen) if (group.through !== undefined) through = group.through;
      const summary: StoredSummary = { text, through, tokens: context.summaryTokens(text) };
      context.report.summarisedMessages += messages.length;
      for (const group of chosen) context.report.summarisedTokens += group.tokens;
      return { groups: kept, summary };
    },
  });
}
