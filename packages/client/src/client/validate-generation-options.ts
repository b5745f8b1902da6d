import { type ChatRequest, type ToolChoice, ValidationError } from '@aigo/ai';
import type { GenerationOptions } from './client-options.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const EFFORTS = new Set(['minimal', 'low', 'medium', 'high']);

/** The option names of the generation settings, which clients and calls both take. */
export const GENERATION_KEYS: readonly (keyof GenerationOptions)[] = Object.freeze([
  'temperature',
  'topP',
  'maxOutputTokens',
  'stop',
  'seed',
  'reasoning',
  'providerOptions',
]);

/**
 * The generation settings found in `options`, checked. Only the fields that are set are returned
 * (unset stays `undefined`, never 0).
 *
 * @throws ValidationError naming the first bad option.
 */
export function validateGenerationOptions(options: GenerationOptions): GenerationOptions {
  const result: Mutable<GenerationOptions> = {};
  const { temperature, topP, maxOutputTokens, stop, seed, reasoning, providerOptions } = options;
  if (temperature !== undefined) {
    if (typeof temperature !== 'number' || !Number.isFinite(temperature) || temperature < 0) {
      throw new ValidationError('temperature', `must be a number ≥ 0, got ${String(temperature)}`);
    }
    result.temperature = temperature;
  }
  if (topP !== undefined) {
    if (typeof topP !== 'number' || !(topP >= 0 && topP <= 1)) {
      throw new ValidationError('topP', `must be a number between 0 and 1, got ${String(topP)}`);
    }
    result.topP = topP;
  }
  if (maxOutputTokens !== undefined) {
    if (!Number.isInteger(maxOutputTokens) || maxOutputTokens <= 0) {
      throw new ValidationError(
        'maxOutputTokens',
        `must be a positive integer, got ${String(maxOutputTokens)}`,
      );
    }
    result.maxOutputTokens = maxOutputTokens;
  }
  if (stop !== undefined) {
    if (!Array.isArray(stop) || stop.some((entry) => typeof entry !== 'string' || entry === '')) {
      throw new ValidationError('stop', 'must be an array of non-empty strings');
    }
    result.stop = Object.freeze([...stop]);
  }
  if (seed !== undefined) {
    if (!Number.isInteger(seed)) {
      throw new ValidationError('seed', `must be an integer, got ${String(seed)}`);
    }
    result.seed = seed;
  }
  if (reasoning !== undefined) {
    if (reasoning === null || typeof reasoning !== 'object') {
      throw new ValidationError(
        'reasoning',
        'must be an object { effort?, budgetTokens?, includeThoughts? }',
      );
    }
    if (reasoning.effort !== undefined && !EFFORTS.has(reasoning.effort)) {
      throw new ValidationError(
        'reasoning.effort',
        `must be minimal, low, medium or high, got ${String(reasoning.effort)}`,
      );
    }
    if (
      reasoning.budgetTokens !== undefined &&
      (!Number.isInteger(reasoning.budgetTokens) || reasoning.budgetTokens < -1)
    ) {
      throw new ValidationError(
        'reasoning.budgetTokens',
        `must be an integer ≥ -1 (0 disables, -1 lets the model decide), got ${String(reasoning.budgetTokens)}`,
      );
    }
    if (reasoning.includeThoughts !== undefined && typeof reasoning.includeThoughts !== 'boolean') {
      throw new ValidationError('reasoning.includeThoughts', 'must be a boolean');
    }
    result.reasoning = Object.freeze({ ...reasoning });
  }
  if (providerOptions !== undefined) {
    if (
      providerOptions === null ||
      typeof providerOptions !== 'object' ||
      Array.isArray(providerOptions)
    ) {
      throw new ValidationError('providerOptions', 'must be an object keyed by provider id');
    }
    result.providerOptions = providerOptions as ChatRequest['providerOptions'] & object;
  }
  return result;
}

/**
 * Checks a tool choice. A named choice must name a tool that `toolName` finds (it returns the tool's
 * exact name, so a choice with another case is corrected).
 *
 * @throws ValidationError naming `argument`.
 */
export function validateToolChoice(
  choice: ToolChoice,
  toolName: (name: string) => string | undefined,
  argument = 'toolChoice',
): ToolChoice {
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (choice !== null && typeof choice === 'object' && typeof choice.name === 'string') {
    const name = toolName(choice.name);
    if (name === undefined) {
      throw new ValidationError(
        argument,
        `names the tool "${choice.name}", which is not among the client's tools`,
      );
    }
    return Object.freeze({ name });
  }
  throw new ValidationError(argument, "must be 'auto', 'none', 'required' or { name }");
}
