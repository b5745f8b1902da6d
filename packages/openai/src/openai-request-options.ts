import { type ChatRequest, ValidationError } from '@aigo/ai';
import { isRecord, readProviderRequestOptions } from '@aigo/http';
import type { OpenAIChatAudioOptions } from './chat/openai-chat-audio.js';

/**
 * Per-request settings for OpenAI, passed as `request.providerOptions.openai`. Every key is
 * optional; unknown keys are rejected so that a typo does not silently do nothing.
 *
 * ```ts
 * await provider.sendMessage({
 *   model: 'gpt-5-mini',
 *   messages: [userMessage('Hi')],
 *   providerOptions: { openai: { parallelToolCalls: false, user: 'user-42' } },
 * });
 * ```
 */
export interface OpenAIRequestOptions {
  /** A stable id for the end user (`user`), for OpenAI's abuse monitoring. */
  readonly user?: string;
  /** Allow several tool calls in one turn (`parallel_tool_calls`); the API's default is true. */
  readonly parallelToolCalls?: boolean;
  /** Responses API: override the provider's `store` for this request. */
  readonly store?: boolean;
  /**
   * Responses API: the `include` list. Default: `['reasoning.encrypted_content']` when `store` is
   * false and the model reasons (o-series, gpt-5, or `reasoning` set), else nothing.
   */
  readonly include?: readonly string[];
  /**
   * Responses API: reasoning summaries (`reasoning.summary`). `reasoning.includeThoughts: true` in
   * the request means `'auto'`.
   */
  readonly reasoningSummary?: 'auto' | 'concise' | 'detailed';
  /** Override the provider's `structuredOutputs` (json_schema, or the json_object fallback). */
  readonly structuredOutputs?: boolean;
  /**
   * Chat Completions: which parameter carries `maxOutputTokens`. Default `max_completion_tokens` for
   * api.openai.com and `max_tokens` for every other server (DeepSeek, Ollama and older servers know
   * only `max_tokens`).
   */
  readonly maxTokensParameter?: 'max_tokens' | 'max_completion_tokens';
  /**
   * Extra top-level body fields for a compatible server's extensions (OpenRouter `provider`,
   * `models`, `transforms`, `reasoning`; vLLM `top_k`). Merged last, so it can also override.
   */
  readonly extraBody?: { readonly [key: string]: unknown };
  /**
   * Chat Completions: spoken output (`modalities: ['text', 'audio']`, `audio: { voice, format }`)
   * from an audio model; the audio and its transcript come back in the response's `audio`.
   */
  readonly audio?: OpenAIChatAudioOptions;
}

const KEYS: readonly string[] = [
  'user',
  'parallelToolCalls',
  'store',
  'include',
  'reasoningSummary',
  'structuredOutputs',
  'maxTokensParameter',
  'extraBody',
  'audio',
];

/** Reads and validates `request.providerOptions[providerId]`. */
export function parseOpenAIRequestOptions(
  request: ChatRequest,
  providerId: string,
): OpenAIRequestOptions {
  const raw = readProviderRequestOptions(request, providerId, KEYS);
  if (raw === undefined) return {};
  const where = `request.providerOptions.${providerId}`;
  const options: { -readonly [K in keyof OpenAIRequestOptions]: OpenAIRequestOptions[K] } = {};
  if (raw.user !== undefined) {
    if (typeof raw.user !== 'string')
      throw new ValidationError(`${where}.user`, 'must be a string');
    options.user = raw.user;
  }
  for (const key of ['parallelToolCalls', 'store', 'structuredOutputs'] as const) {
    const value = raw[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean')
      throw new ValidationError(`${where}.${key}`, 'must be a boolean');
    options[key] = value;
  }
  if (raw.include !== undefined) {
    if (!Array.isArray(raw.include) || raw.include.some((item) => typeof item !== 'string')) {
      throw new ValidationError(`${where}.include`, 'must be an array of strings');
    }
    options.include = raw.include as string[];
  }
  if (raw.reasoningSummary !== undefined) {
    if (!['auto', 'concise', 'detailed'].includes(raw.reasoningSummary as string)) {
      throw new ValidationError(
        `${where}.reasoningSummary`,
        'must be "auto", "concise" or "detailed"',
      );
    }
    options.reasoningSummary = raw.reasoningSummary as 'auto' | 'concise' | 'detailed';
  }
  if (raw.maxTokensParameter !== undefined) {
    if (
      raw.maxTokensParameter !== 'max_tokens' &&
      raw.maxTokensParameter !== 'max_completion_tokens'
    ) {
      throw new ValidationError(
        `${where}.maxTokensParameter`,
        'must be "max_tokens" or "max_completion_tokens"',
      );
    }
    options.maxTokensParameter = raw.maxTokensParameter;
  }
  if (raw.extraBody !== undefined) {
    if (!isRecord(raw.extraBody)) {
      throw new ValidationError(`${where}.extraBody`, 'must be an object');
    }
    options.extraBody = raw.extraBody;
  }
  if (raw.audio !== undefined) options.audio = raw.audio as OpenAIChatAudioOptions;
  return options;
}
