import { ValidationError } from '@aigo/ai';
import { named } from './check-options.js';
import type { Scorer } from './scorer-types.js';

/**
 * 1 when the run cost at most `maxCost` (in the run's currency), else `maxCost ÷ cost` (so twice
 * the budget scores 0.5). A run whose cost is unknown or only a lower bound below the budget (an
 * unpriced model) fails with a reason: an unknown cost never passes a budget.
 *
 * @example
 * scorers: { cheap: costBudget(0.002) }
 *
 * @throws ValidationError when `maxCost` is not a positive number.
 */
export function costBudget(maxCost: number): Scorer {
  if (typeof maxCost !== 'number' || !Number.isFinite(maxCost) || maxCost <= 0) {
    throw new ValidationError('maxCost', 'must be a positive number');
  }
  return named('costBudget', (_evalCase, _output, run) => {
    const cost = run.cost;
    if (cost === undefined) return { score: 0, pass: false, reason: 'the run reported no cost' };
    if (cost.total > maxCost) {
      return {
        score: maxCost / cost.total,
        pass: false,
        reason: `cost ${cost.total} ${cost.currency} > ${maxCost}`,
      };
    }
    if (!cost.complete) {
      return {
        score: 0,
        pass: false,
        reason: `cost unknown: only a lower bound (${cost.total}) is known`,
      };
    }
    return { score: 1, pass: true };
  });
}

/**
 * 1 when the run took at most `maxMs` milliseconds, else `maxMs ÷ latency`. Replayed runs use the
 * latency recorded with them, so the score is the same offline.
 *
 * @throws ValidationError when `maxMs` is not a positive number.
 */
export function latencyBudget(maxMs: number): Scorer {
  if (typeof maxMs !== 'number' || !Number.isFinite(maxMs) || maxMs <= 0) {
    throw new ValidationError('maxMs', 'must be a positive number of milliseconds');
  }
  return named('latencyBudget', (_evalCase, _output, run) =>
    run.latencyMs <= maxMs
      ? { score: 1, pass: true }
      : {
          score: maxMs / run.latencyMs,
          pass: false,
          reason: `${Math.round(run.latencyMs)} ms > ${maxMs} ms`,
        },
  );
}
