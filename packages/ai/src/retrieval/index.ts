// Retrieval: retrievers and rerankers, keyword indexes, fusion and hybrid search.
export {
  type CheckedLexicalSearch,
  checkCount,
  checkLexicalRecords,
  checkLexicalSearch,
} from './check-lexical-input.js';
export {
  type CandidateRank,
  type CheckedFusion,
  checkFusion,
  DEFAULT_RRF_K,
  type FusedCandidate,
  type Fusion,
  fuseRankings,
  type RankedCandidate,
} from './fusion.js';
export {
  type HybridMatch,
  type HybridQuery,
  type HybridSearch,
  type HybridSearchOptions,
  type HybridSearchResult,
  isHybridSearch,
} from './hybrid-search.js';
export type {
  LexicalIndex,
  LexicalMatch,
  LexicalMatchMode,
  LexicalRecord,
  LexicalSearchOptions,
} from './lexical-index.js';
export type {
  Reranker,
  RerankerCallOptions,
  RetrievalScores,
  RetrievalStage,
  RetrievedChunk,
  RetrieveOptions,
  Retriever,
} from './retriever.js';
