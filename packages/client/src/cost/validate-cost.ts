import {
  type ComputeCost,
  type ModelCost,
  type ModelCosts,
  type ToolMetrics,
  ValidationError,
} from '@aigo/ai';

/**
 * True when `costs` is one `ModelCost` for every model rather than a map from model name to
 * `ModelCost`. The two shapes are told apart by `inputCostPerMillion`: a `ModelCost` has it as a
 * number, while in a map every value is an object (even for a model literally named
 * `inputCostPerMillion`).
 */
export function isModelCost(costs: ModelCosts): costs is ModelCost {
  return typeof (costs as { inputCostPerMillion?: unknown }).inputCostPerMillion === 'number';
}

/**
 * Checks a `ModelCost` or a map of them.
 *
 * @throws ValidationError naming `argument` (and the model, for a map) on the first problem.
 */
export function validateModelCosts(costs: unknown, argument = 'modelCost'): void {
  if (costs === null || typeof costs !== 'object' || Array.isArray(costs)) {
    throw new ValidationError(
      argument,
      'must be a ModelCost or an object mapping model names to ModelCost',
    );
  }
  if (isModelCost(costs as ModelCosts)) {
    validateModelCost(costs, argument);
    return;
  }
  for (const [model, cost] of Object.entries(costs)) {
    validateModelCost(cost, `${argument}[${JSON.stringify(model)}]`);
  }
}

/**
 * Checks one `ModelCost`: finite non-negative rates, tiers with a non-negative `aboveTokens`.
 *
 * @throws ValidationError naming the field.
 */
export function validateModelCost(
  cost: unknown,
  argument = 'modelCost',
): asserts cost is ModelCost {
  if (cost === null || typeof cost !== 'object' || Array.isArray(cost)) {
    throw new ValidationError(argument, 'must be a ModelCost object');
  }
  const value = cost as Record<string, unknown>;
  rate(value.inputCostPerMillion, `${argument}.inputCostPerMillion`, true);
  rate(value.outputCostPerMillion, `${argument}.outputCostPerMillion`, true);
  rate(value.cachedInputCostPerMillion, `${argument}.cachedInputCostPerMillion`, false);
  rate(value.reasoningCostPerMillion, `${argument}.reasoningCostPerMillion`, false);
  rate(value.cacheWrite5mCostPerMillion, `${argument}.cacheWrite5mCostPerMillion`, false);
  rate(value.cacheWrite1hCostPerMillion, `${argument}.cacheWrite1hCostPerMillion`, false);
  currency(value.currency, `${argument}.currency`);
  if (value.tiers === undefined) return;
  if (!Array.isArray(value.tiers)) {
    throw new ValidationError(`${argument}.tiers`, 'must be an array');
  }
  value.tiers.forEach((tier: unknown, index) => {
    const name = `${argument}.tiers[${index}]`;
    if (tier === null || typeof tier !== 'object') {
      throw new ValidationError(name, 'must be a ModelCostTier object');
    }
    const t = tier as Record<string, unknown>;
    rate(t.aboveTokens, `${name}.aboveTokens`, true);
    rate(t.inputCostPerMillion, `${name}.inputCostPerMillion`, true);
    rate(t.outputCostPerMillion, `${name}.outputCostPerMillion`, true);
    rate(t.cachedInputCostPerMillion, `${name}.cachedInputCostPerMillion`, false);
    rate(t.reasoningCostPerMillion, `${name}.reasoningCostPerMillion`, false);
    rate(t.cacheWrite5mCostPerMillion, `${name}.cacheWrite5mCostPerMillion`, false);
    rate(t.cacheWrite1hCostPerMillion, `${name}.cacheWrite1hCostPerMillion`, false);
  });
}

/**
 * Checks a `ComputeCost`.
 *
 * @throws ValidationError naming the field.
 */
export function validateComputeCost(
  cost: unknown,
  argument = 'computeCost',
): asserts cost is ComputeCost {
  if (cost === null || typeof cost !== 'object') {
    throw new ValidationError(argument, 'must be a ComputeCost object');
  }
  rate((cost as Record<string, unknown>).costPerSecond, `${argument}.costPerSecond`, true);
}

/**
 * Checks a tool's `ToolMetrics` (only the fields cost tracking reads: `amount` and `currency`).
 *
 * @throws ValidationError naming the field.
 */
export function validateToolMetrics(
  metrics: unknown,
  argument = 'metrics',
): asserts metrics is ToolMetrics {
  if (metrics === null || typeof metrics !== 'object') {
    throw new ValidationError(argument, 'must be a ToolMetrics object');
  }
  const value = metrics as Record<string, unknown>;
  rate(value.amount, `${argument}.amount`, true);
  currency(value.currency, `${argument}.currency`);
}

function rate(value: unknown, argument: string, required: boolean): void {
  if (value === undefined && !required) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ValidationError(argument, 'must be a finite number of at least 0');
  }
}

function currency(value: unknown, argument: string): void {
  if (value === undefined) return;
  if (typeof value !== 'string') {
    throw new ValidationError(argument, 'must be a currency code such as USD');
  }
}
