/**
 * `@aigo/tools-brave` — Brave Search tools for aigo agents: `braveSearchTool()` (results with a summary
 * for the model) and `braveSearchAdvancedTool()` (every result group Brave returns).
 *
 * @packageDocumentation
 */

export { BRAVE_MAX_COUNT, type BraveWebSearchResponse } from './brave-api.js';
export {
  BRAVE_API_KEY_ENV,
  BRAVE_DEFAULT_BASE_URL,
  BRAVE_DEFAULT_TIMEOUT_MS,
  type BraveToolOptions,
} from './brave-options.js';
export {
  BraveSearchAdvancedOutput,
  BraveSearchInput,
  BraveSearchOutput,
} from './brave-schemas.js';
export {
  BRAVE_SEARCH_ADVANCED_METRICS,
  type BraveSearchAdvancedTool,
  braveSearchAdvancedTool,
} from './brave-search-advanced-tool.js';
export {
  BRAVE_SEARCH_METRICS,
  type BraveSearchTool,
  braveSearchTool,
} from './brave-search-tool.js';
