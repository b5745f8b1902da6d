/**
 * `@aigo/tools-duckduckgo` — DuckDuckGo Instant Answer tools for aigo agents:
 * `duckDuckGoSearchTool()` and `duckDuckGoSearchAdvancedTool()`. Not a web search: the Instant Answer
 * API returns nothing for most queries.
 *
 * @packageDocumentation
 */

export type {
  DuckDuckGoResponse,
  DuckDuckGoTopic,
  DuckDuckGoTopicGroup,
} from './duckduckgo-api.js';
export {
  DUCKDUCKGO_DEFAULT_BASE_URL,
  DUCKDUCKGO_DEFAULT_TIMEOUT_MS,
  DUCKDUCKGO_DEFAULT_USER_AGENT,
  type DuckDuckGoToolOptions,
} from './duckduckgo-options.js';
export {
  DuckDuckGoInput,
  DuckDuckGoSearchAdvancedOutput,
  DuckDuckGoSearchOutput,
} from './duckduckgo-schemas.js';
export {
  DUCKDUCKGO_SEARCH_ADVANCED_METRICS,
  type DuckDuckGoSearchAdvancedTool,
  duckDuckGoSearchAdvancedTool,
} from './duckduckgo-search-advanced-tool.js';
export {
  DUCKDUCKGO_LIMITATION,
  DUCKDUCKGO_SEARCH_METRICS,
  type DuckDuckGoSearchTool,
  duckDuckGoSearchTool,
} from './duckduckgo-search-tool.js';
