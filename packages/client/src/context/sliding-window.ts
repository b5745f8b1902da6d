import { ValidationError } from '@aigo/ai';
import type { ContextGroup } from './context-groups.js';
import type { ContextState, ContextStrategy, StrategyContext } from './context-strategy.js';

/** Options of `slidingWindow`. */
export interface SlidingWindowOptions {
  /** Keep at least this many of the newest groups, even over budget (default 1: the current turn). */
  readonly keepLast?: number;
}

/**
 * Keeps the system prompt and the newest turns: drops the oldest groups (a message, or a tool call
 * with its results) until the request fits. System messages of the history and the current turn are
 * never dropped.
 *
 * @throws ValidationError naming `keepLast` when it is not a non-negative integer.
 */
export function slidingWindow(options: SlidingWindowOptions = {}): ContextStrategy {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  const keepLast = options.keepLast ?? 1;
  if (!Number.isSafeInteger(keepLast) || keepLast < 0) {
    throw new ValidationError(
      'keepLast',
      `must be a non-negative integer, got ${String(keepLast)}`,
    );
  }
  return Object.freeze({
    name: 'sliding-window',
    apply(state: ContextState, context: StrategyContext): ContextState {
      let kept = state;
      // Dropping can leave the request opening with an answer, which adds the note that opens it:
      // the total is taken again after each pass, until the request fits or nothing more may go.
      for (;;) {
        let excess = context.total(kept) - context.budget;
        if (excess <= 0) return kept;
        const groups = kept.groups;
        const droppable = groups.length - keepLast;
        const left: ContextGroup[] = [];
        for (let index = 0; index < groups.length; index++) {
          const group = groups[index] as ContextGroup;
          if (excess > 0 && index < droppable && !group.pinned && !group.current) {
            excess -= group.tokens;
            context.report.droppedMessages += group.messages.length;
            context.report.droppedTokens += group.tokens;
            continue;
          }
          left.push(group);
        }
        if (left.length === groups.length) return kept;
        kept = { ...state, groups: left };
      }
    },
  });
}
