export {
  type CompactedToolResult,
  type CompactToolResultsOptions,
  compactToolResults,
} from './compact-tool-results.js';
export type { ContextGroup } from './context-groups.js';
export type { ContextOptions } from './context-options.js';
export type {
  ContextReport,
  ContextState,
  ContextStrategy,
  StrategyContext,
} from './context-strategy.js';
export { type CountRequestTokensOptions, countTokens } from './count-tokens.js';
export { estimateMessageTokens } from './estimate-tokens.js';
export { type SlidingWindowOptions, slidingWindow } from './sliding-window.js';
export { type SummarizeOptions, summarize } from './summarize.js';
export { SUMMARY_HEADING, SUMMARY_INSTRUCTIONS } from './summary-request.js';
