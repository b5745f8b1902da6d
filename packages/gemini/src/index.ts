/**
 * `@aigo/gemini` — Google Gemini (`generateContent` / `streamGenerateContent`) for aigo.
 *
 * @packageDocumentation
 */

export type { GoogleCredentialsOption, GoogleTokenSource } from '@aigo/http/google';
export {
  GEMINI_MAX_EMBEDDINGS_PER_CALL,
  type GeminiEmbeddingOptions,
  type GeminiEmbeddingTaskType,
} from './embeddings/gemini-embeddings-request.js';
export type { GeminiOptions, GeminiPrices } from './gemini-options.js';
export {
  GEMINI_API_KEY_ENV,
  GEMINI_BASE_URL_ENV,
  GeminiProvider,
  gemini,
} from './gemini-provider.js';
export type { GeminiRequestOptions } from './gemini-request-options.js';
export {
  GEMINI_PROVIDER_TOOL_IDS,
  type GeminiProviderToolId,
  type GoogleSearchOptions,
  geminiTools,
} from './gemini-tools.js';
export type { GeminiPriceListId } from './prices/gemini-prices.generated.js';
export { GEMINI_PRICING_SOURCE, geminiModelCost } from './prices/gemini-pricing.js';
export { GEMINI_BASE_URL, GEMINI_DEFAULT_MODEL } from './shared/gemini-endpoints.js';
export {
  GEMINI_METADATA_KEY,
  type GeminiMetadata,
  readGeminiMetadata,
} from './shared/gemini-provider-metadata.js';
export type { GeminiPartRecord } from './shared/gemini-turn-parts.js';
export {
  GEMINI_VERTEX_LOCATION_ENV,
  GEMINI_VERTEX_PROJECT_ENV,
  type GeminiVertexOptions,
} from './vertex/gemini-vertex.js';
export type { GeminiPart, GeminiSafetySetting } from './wire/gemini-api.js';
