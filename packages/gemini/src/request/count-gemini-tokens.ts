import type { TokenCount } from '@aigo/ai';
import { invalidResponse, type KeyedHttpClient, toRequestOptions } from '@aigo/http';
import { GEMINI_PROVIDER_ID } from '../response/gemini-response-mapper.js';
import { countTokensUrl, modelResourcePath } from '../shared/gemini-endpoints.js';

/**
 * Asks Gemini's `countTokens` endpoint for the input tokens of a `generateContent` body (contents,
 * system instruction, tools, generation config): `{ totalTokens }`, exact for every part.
 */
export async function countGeminiTokens(
  http: KeyedHttpClient,
  baseURL: string,
  model: string,
  body: object,
  signal: AbortSignal | undefined,
): Promise<TokenCount> {
  const { data } = await http
    .client()
    .postJson<unknown>(
      countTokensUrl(baseURL, model),
      { generateContentRequest: { model: modelResourcePath(model), ...body } },
      toRequestOptions(signal === undefined ? undefined : { signal }),
    );
  const total = (data as { totalTokens?: unknown } | null)?.totalTokens;
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0) {
    throw invalidResponse(GEMINI_PROVIDER_ID, 'of countTokens has no totalTokens count');
  }
  return { tokens: total, exact: true, method: 'endpoint', estimated: [] };
}
