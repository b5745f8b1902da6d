/**
 * `@aigo/openai` — OpenAI's Chat Completions and Responses APIs, and every OpenAI-compatible server
 * (Ollama, vLLM, LM Studio, OpenRouter, DeepSeek, Groq, xAI, Azure), behind aigo's `StreamProvider`.
 *
 * @packageDocumentation
 */

export {
  OPENAI_MAX_EMBEDDING_TOKENS_PER_CALL,
  OPENAI_MAX_EMBEDDINGS_PER_CALL,
  type OpenAIEmbeddingOptions,
} from './embeddings/openai-embeddings-request.js';
export { OPENAI_MAX_TRANSCRIPTION_BYTES } from './media/openai-transcribe.js';
export type { OpenAIApi, OpenAIOptions, OpenAIPrices } from './openai-options.js';
export {
  OPENAI_API_KEY_ENV,
  OPENAI_BASE_URL,
  OPENAI_BASE_URL_ENV,
  OpenAIProvider,
  openai,
} from './openai-provider.js';
export type { OpenAIRequestOptions } from './openai-request-options.js';
export {
  type OpenAIImageGenerationOptions,
  type OpenAIWebSearchOptions,
  openaiTools,
} from './openai-tools.js';
export type { OpenAIPriceListId } from './prices/openai-prices.generated.js';
export { openAITokenCounter } from './tokens/openai-token-counter.js';
