/**
 * `@aigo/tools-tavily` — Tavily tools for aigo agents: `tavilySearchTool()`,
 * `tavilySearchAdvancedTool()` and `tavilyExtractTool()`.
 *
 * @packageDocumentation
 */

export {
  TAVILY_MAX_EXTRACT_URLS,
  TAVILY_MAX_RESULTS,
  type TavilyExtractResponse,
  type TavilySearchResponse,
  type TavilySearchResult,
} from './tavily-api.js';
export {
  TAVILY_EXTRACT_METRICS,
  type TavilyExtractTool,
  tavilyExtractTool,
} from './tavily-extract-tool.js';
export {
  TAVILY_API_KEY_ENV,
  TAVILY_DEFAULT_BASE_URL,
  TAVILY_DEFAULT_TIMEOUT_MS,
  type TavilyToolOptions,
} from './tavily-options.js';
export {
  TavilyExtractInput,
  TavilyExtractOutput,
  TavilySearchAdvancedInput,
  TavilySearchAdvancedOutput,
  TavilySearchInput,
  TavilySearchOutput,
} from './tavily-schemas.js';
export {
  TAVILY_SEARCH_ADVANCED_METRICS,
  type TavilySearchAdvancedTool,
  tavilySearchAdvancedTool,
} from './tavily-search-advanced-tool.js';
export {
  TAVILY_SEARCH_METRICS,
  type TavilySearchTool,
  tavilySearchTool,
} from './tavily-search-tool.js';
