import { type ChatRequest, ValidationError } from '@aigo/ai';
import type { GeminiRequestOptions } from '../gemini-request-options.js';
import type { GeminiGenerationConfig, GeminiThinkingConfig } from '../wire/gemini-api.js';
import { convertJsonSchemaToGeminiSchema } from './convert-json-schema-to-gemini-schema.js';
import { buildGeminiSpeechConfig } from './gemini-speech-config.js';

/**
 * Builds `generationConfig` from the request: `temperature`, `topP`, `maxOutputTokens`,
 * `stopSequences` (from `stop`), `seed`, the Gemini provider options (`topK`, penalties,
 * `responseModalities`), structured output (`responseMimeType: application/json` plus the sanitised
 * `responseSchema`) and thinking (`thinkingConfig`). Every field only when it was set; 0 is a value.
 *
 * Thinking: `reasoning.budgetTokens` → `thinkingBudget` (0 disables, -1 is dynamic), `reasoning.effort`
 * (or `providerOptions.gemini.thinkingLevel`) → Gemini 3 `thinkingLevel`, `includeThoughts` as is.
 *
 * @returns the config, or undefined when nothing is set.
 * @throws ValidationError naming the field that is out of range, or when a thinking budget and a
 *   thinking level are both set (Gemini rejects that with 400).
 */
export function buildGeminiGenerationConfig(
  request: ChatRequest,
  options: GeminiRequestOptions,
): GeminiGenerationConfig | undefined {
  const config: GeminiGenerationConfig = {};
  if (request.temperature !== undefined) {
    config.temperature = finiteNumber(request.temperature, 'temperature', 0);
  }
  if (request.topP !== undefined) {
    const topP = finiteNumber(request.topP, 'topP', 0);
    if (topP > 1) throw new ValidationError('topP', 'must be between 0 and 1');
    config.topP = topP;
  }
  if (options.topK !== undefined) config.topK = options.topK;
  if (request.maxOutputTokens !== undefined) {
    if (!Number.isInteger(request.maxOutputTokens) || request.maxOutputTokens < 1) {
      throw new ValidationError('maxOutputTokens', 'must be a positive integer');
    }
    config.maxOutputTokens = request.maxOutputTokens;
  }
  if (request.stop !== undefined) {
    if (!Array.isArray(request.stop) || !request.stop.every((s) => typeof s === 'string')) {
      throw new ValidationError('stop', 'must be an array of strings');
    }
    if (request.stop.length > 0) config.stopSequences = [...request.stop];
  }
  if (request.seed !== undefined) {
    if (!Number.isInteger(request.seed)) throw new ValidationError('seed', 'must be an integer');
    config.seed = request.seed;
  }
  if (options.presencePenalty !== undefined) config.presencePenalty = options.presencePenalty;
  if (options.frequencyPenalty !== undefined) config.frequencyPenalty = options.frequencyPenalty;
  if (options.responseModalities !== undefined) {
    config.responseModalities = [...options.responseModalities];
  }
  if (options.speech !== undefined) {
    config.speechConfig = buildGeminiSpeechConfig(options.speech, 'providerOptions.gemini.speech');
    config.responseModalities ??= ['AUDIO'];
  }
  if (options.imageConfig !== undefined) config.imageConfig = { ...options.imageConfig };

  const format = request.responseFormat;
  if (format !== undefined) {
    if (format === null || typeof format !== 'object') {
      throw new ValidationError('responseFormat', "must be { type: 'text' } or { type: 'json' }");
    }
    if (format.type === 'json') {
      config.responseMimeType = 'application/json';
      if (format.schema !== undefined) {
        if (
          format.schema === null ||
          typeof format.schema !== 'object' ||
          Array.isArray(format.schema)
        ) {
          throw new ValidationError('responseFormat.schema', 'must be a JSON Schema object');
        }
        const schema = convertJsonSchemaToGeminiSchema(format.schema);
        if (schema !== undefined) config.responseSchema = schema;
      }
    } else if (format.type !== 'text') {
      throw new ValidationError('responseFormat.type', "must be 'text' or 'json'");
    }
  }

  const thinking = buildThinkingConfig(request, options);
  if (thinking !== undefined) config.thinkingConfig = thinking;

  return Object.keys(config).length > 0 ? config : undefined;
}

function buildThinkingConfig(
  request: ChatRequest,
  options: GeminiRequestOptions,
): GeminiThinkingConfig | undefined {
  const reasoning = request.reasoning;
  if (reasoning !== undefined && (reasoning === null || typeof reasoning !== 'object')) {
    throw new ValidationError('reasoning', 'must be an object');
  }
  const thinking: GeminiThinkingConfig = {};
  const budget = reasoning?.budgetTokens;
  if (budget !== undefined) {
    if (!Number.isInteger(budget) || budget < -1) {
      throw new ValidationError(
        'reasoning.budgetTokens',
        'must be an integer ≥ 0, or -1 for dynamic thinking',
      );
    }
    thinking.thinkingBudget = budget;
  }
  const level = options.thinkingLevel ?? reasoning?.effort;
  if (level !== undefined) {
    if (budget !== undefined) {
      throw new ValidationError(
        'reasoning',
        'set either budgetTokens (Gemini 2.5 thinkingBudget) or effort / thinkingLevel (Gemini 3), not both: Gemini rejects the pair',
      );
    }
    thinking.thinkingLevel = level;
  }
  if (reasoning?.includeThoughts !== undefined) {
    if (typeof reasoning.includeThoughts !== 'boolean') {
      throw new ValidationError('reasoning.includeThoughts', 'must be a boolean');
    }
    thinking.includeThoughts = reasoning.includeThoughts;
  }
  return Object.keys(thinking).length > 0 ? thinking : undefined;
}

function finiteNumber(value: unknown, name: string, min: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new ValidationError(name, `must be a finite number ≥ ${min}`);
  }
  return value;
}
