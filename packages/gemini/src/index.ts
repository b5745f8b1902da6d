/**
 * `@aigo/gemini` — Google Gemini (`generateContent` / `streamGenerateContent`) for aigo.
 *
 * @packageDocumentation
 */

export { convertJsonSchemaToGeminiSchema } from './request/convert-json-schema-to-gemini-schema.js';
export {
  GEMINI_MAX_EMBEDDINGS_PER_CALL,
  type GeminiEmbeddingOptions,
  type GeminiEmbeddingTaskType,
} from './embeddings/gemini-embeddings-request.js';
export type {
  GeminiCandidate,
  GeminiContent,
  GeminiFunctionCall,
  GeminiFunctionDeclaration,
  GeminiGenerationConfig,
  GeminiGroundingMetadata,
  GeminiJson,
  GeminiPart,
  GeminiPartialArg,
  GeminiRequest,
  GeminiResponse,
  GeminiSafetySetting,
  GeminiSchema,
  GeminiServerToolCall,
  GeminiServerToolResponse,
  GeminiThinkingConfig,
  GeminiTool,
  GeminiToolConfig,
  GeminiUrlContextMetadata,
  GeminiUsageMetadata,
} from './wire/gemini-api.js';
export { GEMINI_DEFAULT_BASE_URL, GEMINI_DEFAULT_MODEL } from './shared/gemini-endpoints.js';
export { GEMINI_PRICING_SOURCE, geminiModelCost, geminiPricing } from './prices/gemini-pricing.js';
export {
  GEMINI_API_BASE_URL_ENV,
  GEMINI_API_KEY_ENV,
  GEMINI_API_KEY_ENV_VARS,
  type GeminiOptions,
  type GeminiProvider,
  gemini,
} from './gemini-provider.js';
export {
  GEMINI_METADATA_KEY,
  type GeminiMetadata,
  readGeminiMetadata,
} from './shared/gemini-provider-metadata.js';
export { type BuildGeminiRequestOptions, buildGeminiRequest } from './request/gemini-request.js';
export type { GeminiRequestOptions } from './gemini-request-options.js';
export {
  GEMINI_PROVIDER_TOOL_IDS,
  type GeminiProviderToolId,
  type GoogleSearchOptions,
  geminiTools,
} from './gemini-tools.js';
export type { GeminiPartRecord } from './shared/gemini-turn-parts.js';
export { mapGeminiResponse } from './response/map-gemini-response.js';
export type { GeminiPrices } from './prices/gemini-price-list.js';
export type { GeminiPriceListId } from './prices/gemini-prices.generated.js';
