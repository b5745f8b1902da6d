import { type ChatRequest, ValidationError } from '@aigo/ai';
import { isRecord, readProviderRequestOptions } from '@aigo/http';
import {
  buildGeminiSpeechConfig,
  type GeminiSpeechOptions,
} from './request/gemini-speech-config.js';
import { GEMINI_PROVIDER_ID } from './response/gemini-response-mapper.js';
import type { GeminiSafetySetting } from './wire/gemini-api.js';

/**
 * Gemini-only per-request settings, passed as `ChatRequest.providerOptions.gemini`. Each is sent only
 * when set. (The options of `gemini()` itself are `GeminiOptions`.)
 *
 * @example
 * ```ts
 * providerOptions: {
 *   gemini: {
 *     safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_LOW_AND_ABOVE' }],
 *     responseModalities: ['TEXT', 'IMAGE'],
 *   },
 * }
 * ```
 */
export interface GeminiRequestOptions {
  /** Per-category block thresholds (`HARM_CATEGORY_*` / `BLOCK_*`). */
  readonly safetySettings?: readonly GeminiSafetySetting[];
  /** Output modalities, e.g. `['TEXT', 'IMAGE']` for image-output models. */
  readonly responseModalities?: readonly string[];
  readonly topK?: number;
  readonly presencePenalty?: number;
  readonly frequencyPenalty?: number;
  /** The name of an explicit context cache (`cachedContents/…`). */
  readonly cachedContent?: string;
  /**
   * Gemini 3 thinking level (`minimal`, `low`, `medium`, `high`); overrides `reasoning.effort`.
   * Gemini rejects a level together with a budget.
   */
  readonly thinkingLevel?: string;
  /**
   * Gemini 3: return the built-in tools the server ran (Google Search, URL context, file search…)
   * as `toolCall` / `toolResponse` parts, so they can be combined with function calling. The
   * adapter keeps those parts on the answer (`providerMetadata.gemini.parts`) and sends them back,
   * signed, on the next turn. Sent as `toolConfig.includeServerSideToolInvocations`.
   */
  readonly includeServerSideToolInvocations?: boolean;
  /**
   * Spoken output (speech models such as `gemini-2.5-flash-preview-tts`): the voice, or one voice
   * per speaker. Sent as `generationConfig.speechConfig`, with `responseModalities: ['AUDIO']`
   * unless `responseModalities` says otherwise; the audio comes back in the response's `audio`.
   */
  readonly speech?: GeminiSpeechOptions;
  /** Image output settings (`generationConfig.imageConfig`: `aspectRatio`, `imageSize`). */
  readonly imageConfig?: { readonly aspectRatio?: string; readonly imageSize?: string };
}

const KNOWN_KEYS: readonly string[] = [
  'safetySettings',
  'responseModalities',
  'topK',
  'presencePenalty',
  'frequencyPenalty',
  'cachedContent',
  'thinkingLevel',
  'includeServerSideToolInvocations',
  'speech',
  'imageConfig',
];

/**
 * Reads and validates `request.providerOptions.gemini`.
 *
 * @throws ValidationError naming the option that is unknown or of the wrong type.
 */
export function readGeminiRequestOptions(request: ChatRequest): GeminiRequestOptions {
  const raw = readProviderRequestOptions(request, GEMINI_PROVIDER_ID, KNOWN_KEYS);
  if (raw === undefined) return {};
  const where = `request.providerOptions.${GEMINI_PROVIDER_ID}`;
  const options: { -readonly [K in keyof GeminiRequestOptions]: GeminiRequestOptions[K] } = {};
  const { safetySettings, responseModalities, cachedContent, thinkingLevel } = raw;
  if (safetySettings !== undefined) {
    if (
      !Array.isArray(safetySettings) ||
      !safetySettings.every(
        (setting) =>
          setting !== null &&
          typeof setting === 'object' &&
          typeof setting.category === 'string' &&
          typeof setting.threshold === 'string',
      )
    ) {
      throw new ValidationError(
        `${where}.safetySettings`,
        'must be an array of { category, threshold } strings',
      );
    }
    options.safetySettings = safetySettings.map(({ category, threshold }) => ({
      category,
      threshold,
    }));
  }
  if (responseModalities !== undefined) {
    if (
      !Array.isArray(responseModalities) ||
      !responseModalities.every((modality) => typeof modality === 'string')
    ) {
      throw new ValidationError(`${where}.responseModalities`, 'must be an array of strings');
    }
    options.responseModalities = [...responseModalities];
  }
  for (const key of ['topK', 'presencePenalty', 'frequencyPenalty'] as const) {
    const value = raw[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new ValidationError(`${where}.${key}`, 'must be a finite number');
    }
    options[key] = value;
  }
  if (cachedContent !== undefined) {
    if (typeof cachedContent !== 'string' || cachedContent.length === 0) {
      throw new ValidationError(`${where}.cachedContent`, 'must be a non-empty string');
    }
    options.cachedContent = cachedContent;
  }
  if (thinkingLevel !== undefined) {
    if (typeof thinkingLevel !== 'string' || thinkingLevel.length === 0) {
      throw new ValidationError(`${where}.thinkingLevel`, 'must be a non-empty string');
    }
    options.thinkingLevel = thinkingLevel;
  }
  const serverSide = raw.includeServerSideToolInvocations;
  if (serverSide !== undefined) {
    if (typeof serverSide !== 'boolean') {
      throw new ValidationError(`${where}.includeServerSideToolInvocations`, 'must be a boolean');
    }
    options.includeServerSideToolInvocations = serverSide;
  }
  if (raw.speech !== undefined) {
    buildGeminiSpeechConfig(raw.speech, `${where}.speech`);
    options.speech = raw.speech as GeminiSpeechOptions;
  }
  if (raw.imageConfig !== undefined) {
    const config = raw.imageConfig;
    if (
      !isRecord(config) ||
      Object.entries(config).some(
        ([key, value]) =>
          (key !== 'aspectRatio' && key !== 'imageSize') || typeof value !== 'string',
      )
    ) {
      throw new ValidationError(
        `${where}.imageConfig`,
        'must be { aspectRatio?, imageSize? } strings',
      );
    }
    options.imageConfig = config as { aspectRatio?: string; imageSize?: string };
  }
  return options;
}
