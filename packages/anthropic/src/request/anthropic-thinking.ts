import { type ChatRequest, ValidationError } from '@aigo/ai';
import { thinkingForms } from '../shared/anthropic-model-support.js';
import type { AnthropicThinking } from '../wire/anthropic-api.js';

/** The smallest thinking budget the API takes. */
export const MIN_THINKING_BUDGET = 1024;

/** The budget of each effort on models that take only a budget. */
const EFFORT_BUDGETS = Object.freeze({ minimal: 1024, low: 4096, medium: 16_384, high: 32_768 });

/** The `thinking` field and the `output_config.effort` of a request. */
export interface ThinkingSettings {
  readonly thinking: AnthropicThinking | undefined;
  readonly effort: string | undefined;
}

const NO_THINKING: ThinkingSettings = Object.freeze({ thinking: undefined, effort: undefined });

/**
 * `request.reasoning` as Claude's extended thinking:
 *
 * - unset: no `thinking` field (the model's default: off);
 * - `budgetTokens: 0`: `{ type: 'disabled' }`;
 * - on a model that takes a budget only (before Claude 4.6): `{ type: 'enabled', budget_tokens }`,
 *   the budget given or the one of the effort (`minimal` 1,024, `low` 4,096, `medium` 16,384,
 *   `high` 32,768; `medium` when neither is set), kept below `max_tokens`;
 * - on Claude 4.6: a budget when one is given, else `{ type: 'adaptive' }` with the effort in
 *   `output_config.effort`;
 * - on models that take only the adaptive form (Opus 4.7, Claude 5): `{ type: 'adaptive' }` and the
 *   effort (a budget is not sent: those models refuse it). `minimal` is sent as `low`.
 *
 * @throws ValidationError naming `request.reasoning.budgetTokens` for a budget under 1,024 or not
 * below `max_tokens`, or `request.reasoning.effort` for an unknown effort.
 */
export function anthropicThinking(
  request: ChatRequest,
  model: string,
  maxTokens: number,
): ThinkingSettings {
  const reasoning = request.reasoning;
  if (reasoning === undefined) return NO_THINKING;
  if (reasoning === null || typeof reasoning !== 'object') {
    throw new ValidationError('request.reasoning', 'must be an object');
  }
  const { effort, budgetTokens } = reasoning;
  if (effort !== undefined && !(effort in EFFORT_BUDGETS)) {
    throw new ValidationError('request.reasoning.effort', 'must be minimal, low, medium or high');
  }
  if (
    budgetTokens !== undefined &&
    (typeof budgetTokens !== 'number' || !Number.isInteger(budgetTokens))
  ) {
    throw new ValidationError('request.reasoning.budgetTokens', 'must be an integer');
  }
  if (budgetTokens === 0) return { thinking: { type: 'disabled' }, effort: undefined };
  const forms = thinkingForms(model);
  const givenBudget = budgetTokens !== undefined && budgetTokens > 0 ? budgetTokens : undefined;
  if (forms === 'adaptive' || (forms === 'both' && givenBudget === undefined)) {
    const sent = effort === undefined ? undefined : effort === 'minimal' ? 'low' : effort;
    return { thinking: { type: 'adaptive' }, effort: sent };
  }
  let budget = givenBudget ?? EFFORT_BUDGETS[effort ?? 'medium'];
  if (budget < MIN_THINKING_BUDGET) {
    throw new ValidationError(
      'request.reasoning.budgetTokens',
      `must be at least ${MIN_THINKING_BUDGET} (or 0 to turn thinking off)`,
    );
  }
  if (budget >= maxTokens) {
    if (givenBudget !== undefined) {
      throw new ValidationError(
        'request.reasoning.budgetTokens',
        `must be less than max_tokens (${maxTokens}): thinking is part of the output`,
      );
    }
    // An effort's budget shrinks to half of a small max_tokens.
    budget = Math.floor(maxTokens / 2);
    if (budget < MIN_THINKING_BUDGET) {
      throw new ValidationError(
        'request.maxOutputTokens',
        `must be at least ${2 * MIN_THINKING_BUDGET} with thinking on`,
      );
    }
  }
  return { thinking: { type: 'enabled', budget_tokens: budget }, effort: undefined };
}
