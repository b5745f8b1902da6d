/**
 * `@aigo/tools-exa` — Exa tools for aigo agents: `exaSearchTool()`, `exaSearchAdvancedTool()`,
 * `exaFindSimilarTool()` and `exaAnswerTool()`.
 *
 * @packageDocumentation
 */

export { EXA_ANSWER_METRICS, type ExaAnswerTool, exaAnswerTool } from './exa-answer-tool.js';
export {
  EXA_MAX_RESULTS,
  EXA_TEXT_MAX_CHARACTERS,
  type ExaAnswerResponse,
  type ExaResult,
  type ExaSearchResponse,
} from './exa-api.js';
export {
  EXA_FIND_SIMILAR_METRICS,
  type ExaFindSimilarTool,
  exaFindSimilarTool,
} from './exa-find-similar-tool.js';
export {
  EXA_API_KEY_ENV,
  EXA_DEFAULT_BASE_URL,
  EXA_DEFAULT_TIMEOUT_MS,
  type ExaToolOptions,
} from './exa-options.js';
export {
  EXA_CATEGORIES,
  ExaAnswerInput,
  ExaAnswerOutput,
  ExaFindSimilarInput,
  ExaFindSimilarOutput,
  ExaSearchAdvancedOutput,
  ExaSearchInput,
  ExaSearchOutput,
} from './exa-schemas.js';
export {
  EXA_SEARCH_ADVANCED_METRICS,
  type ExaSearchAdvancedTool,
  exaSearchAdvancedTool,
} from './exa-search-advanced-tool.js';
export { EXA_SEARCH_METRICS, type ExaSearchTool, exaSearchTool } from './exa-search-tool.js';
