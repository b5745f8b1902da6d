import type { ProviderMetadata } from '@aigo/ai';
import { type GeminiPartRecord, readPartRecords } from './gemini-turn-parts.js';

/** The key under which this package keeps its values in `providerMetadata`. */
export const GEMINI_METADATA_KEY = 'gemini';

/**
 * What this package keeps in `providerMetadata.gemini`:
 *
 * - on a `ToolCall`: `thoughtSignature` (the signature Gemini attached to that `functionCall` part)
 *   and `functionCallId` (the API's own `functionCall.id`, when it sent one);
 * - on a `ChatResponse` / assistant `Message`: `thoughtSignature` carried by a text part (the last
 *   one), `parts` (the turn's parts as Gemini sent them, each with its thought signature: see
 *   `GeminiPartRecord`; only when a part was signed or the turn holds a server-side tool part), and
 *   `searchEntryPoint` (the Google Search suggestions HTML that Google asks grounded apps to show);
 * - on a message `ContentPart`: `thoughtSignature` for that part.
 *
 * Applications store these untouched (`toAssistantMessage` does); the adapter sends signatures and
 * call ids back on the next turn on the part that carried them.
 */
export interface GeminiMetadata {
  readonly thoughtSignature?: string;
  readonly functionCallId?: string;
  readonly searchEntryPoint?: string;
  readonly parts?: readonly GeminiPartRecord[];
}

/**
 * Reads this package's values from provider metadata; unknown or mistyped fields are ignored (and
 * `parts` when any record is malformed).
 */
export function readGeminiMetadata(metadata: ProviderMetadata | undefined): GeminiMetadata {
  const values = metadata?.[GEMINI_METADATA_KEY];
  if (values === undefined || values === null || typeof values !== 'object') return {};
  const result: { -readonly [K in keyof GeminiMetadata]: GeminiMetadata[K] } = {};
  if (typeof values.thoughtSignature === 'string')
    result.thoughtSignature = values.thoughtSignature;
  if (typeof values.functionCallId === 'string') result.functionCallId = values.functionCallId;
  if (typeof values.searchEntryPoint === 'string')
    result.searchEntryPoint = values.searchEntryPoint;
  const parts = readPartRecords(values.parts);
  if (parts !== undefined) result.parts = parts;
  return result;
}

/** Wraps the string values as `{ gemini: values }`, or undefined when there are none. */
export function geminiMetadata(
  values: Omit<GeminiMetadata, 'parts'>,
): ProviderMetadata | undefined {
  const defined: { [key: string]: string } = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string') defined[key] = value;
  }
  return Object.keys(defined).length === 0 ? undefined : { [GEMINI_METADATA_KEY]: defined };
}
