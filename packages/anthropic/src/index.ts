/**
 * `@aigo/anthropic` — Claude through Anthropic's native Messages API, behind aigo's
 * `StreamProvider`: extended thinking whose signatures round-trip, automatic prompt-cache
 * breakpoints with exact cache usage, server tools (web search, web fetch, code execution) with
 * grounding and citations, structured output, and Anthropic's list prices.
 *
 * @packageDocumentation
 */

export type { AnthropicOptions, AnthropicPrices } from './anthropic-options.js';
export {
  ANTHROPIC_API_KEY_ENV,
  ANTHROPIC_API_VERSION,
  ANTHROPIC_BASE_URL,
  ANTHROPIC_BASE_URL_ENV,
  AnthropicProvider,
  anthropic,
} from './anthropic-provider.js';
export type { AnthropicRequestOptions } from './anthropic-request-options.js';
export {
  ANTHROPIC_PROVIDER_TOOL_IDS,
  type AnthropicCodeExecutionOptions,
  type AnthropicUserLocation,
  type AnthropicWebFetchOptions,
  type AnthropicWebSearchOptions,
  anthropicTools,
} from './anthropic-tools.js';
export type { AnthropicPriceListId } from './prices/anthropic-prices.generated.js';
export type {
  AnthropicBlockRecord,
  AnthropicMetadata,
} from './shared/anthropic-metadata.js';
