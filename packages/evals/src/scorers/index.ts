/**
 * `@aigo/evals/scorers` — the scorers an experiment applies to each run: plain functions of the
 * case, the output and the run, each giving `{ score: 0..1, pass?, reason?, cost? }`.
 *
 * @packageDocumentation
 */

export { costBudget, latencyBudget } from './budgets.js';
export { type ContainsOptions, contains } from './contains.js';
export {
  type EmbeddingSimilarityOptions,
  embeddingSimilarity,
} from './embedding-similarity.js';
export { type ExactMatchOptions, exactMatch } from './exact-match.js';
export { type FuzzyMatchOptions, fuzzyMatch } from './fuzzy-match.js';
export { type GroundedOptions, grounded } from './grounded.js';
export { jsonSchemaValid } from './json-schema-valid.js';
export { JUDGE_SCHEMA, type JudgeOptions, judge } from './judge.js';
export { type NumericCloseOptions, numericClose } from './numeric-close.js';
export { regexMatch } from './regex-match.js';
export type { Score, Scorer, ScorerResult, ScorerRun } from './scorer-types.js';
export {
  type ArgumentMatcher,
  type ExpectedToolCall,
  type ToolTrajectoryOptions,
  toolTrajectory,
} from './tool-trajectory.js';
