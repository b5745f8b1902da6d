import { type ComputeCost, type ModelCost, ValidationError } from '@aigo/ai';

/** The environment variables `createClient` falls back to. */
export const CLIENT_ENV = Object.freeze({
  defaultModel: 'AIGO_DEFAULT_LLM_MODEL',
  inputCost: 'AIGO_MODEL_INPUT_COST_PER_MILLION',
  outputCost: 'AIGO_MODEL_OUTPUT_COST_PER_MILLION',
  cachedCost: 'AIGO_MODEL_CACHED_COST_PER_MILLION',
  reasoningCost: 'AIGO_MODEL_REASONING_COST_PER_MILLION',
  computeCost: 'AIGO_COMPUTE_COST_PER_SECOND',
} as const);

type Env = { readonly [name: string]: string | undefined };

/** The default model from the environment, if set. */
export function envDefaultModel(env: Env): string | undefined {
  const value = env[CLIENT_ENV.defaultModel]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The model cost from the environment: input and output prices are both needed; cached and
 * reasoning prices are optional. Unlike the Go original, a malformed number is an error naming the
 * variable rather than silently no cost.
 *
 * @throws ValidationError naming the variable.
 */
export function envModelCost(env: Env): ModelCost | undefined {
  const input = envNumber(env, CLIENT_ENV.inputCost);
  const output = envNumber(env, CLIENT_ENV.outputCost);
  const cached = envNumber(env, CLIENT_ENV.cachedCost);
  const reasoning = envNumber(env, CLIENT_ENV.reasoningCost);
  if (input === undefined && output === undefined) {
    if (cached !== undefined || reasoning !== undefined) {
      throw new ValidationError(
        CLIENT_ENV.inputCost,
        `must be set (with ${CLIENT_ENV.outputCost}) when cached or reasoning prices are`,
      );
    }
    return undefined;
  }
  if (input === undefined) {
    throw new ValidationError(CLIENT_ENV.inputCost, `must be set when ${CLIENT_ENV.outputCost} is`);
  }
  if (output === undefined) {
    throw new ValidationError(CLIENT_ENV.outputCost, `must be set when ${CLIENT_ENV.inputCost} is`);
  }
  return Object.freeze({
    inputCostPerMillion: input,
    outputCostPerMillion: output,
    ...(cached === undefined ? {} : { cachedInputCostPerMillion: cached }),
    ...(reasoning === undefined ? {} : { reasoningCostPerMillion: reasoning }),
  });
}

/** The compute cost from the environment, if set. */
export function envComputeCost(env: Env): ComputeCost | undefined {
  const costPerSecond = envNumber(env, CLIENT_ENV.computeCost);
  return costPerSecond === undefined ? undefined : Object.freeze({ costPerSecond });
}

function envNumber(env: Env, name: string): number | undefined {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    throw new ValidationError(name, `must be a non-negative number, got ${JSON.stringify(text)}`);
  }
  return value;
}
