export { createRetriever, type RetrieverOptions } from './create-retriever.js';
export { type InMemoryVectorStoreOptions, inMemoryVectorStore } from './in-memory-vector-store.js';
export {
  formatRetrievedChunks,
  lastUserText,
  type RetrievalMiddlewareOptions,
  retrievalMiddleware,
} from './retrieval-middleware.js';
export { type RetrievalToolOptions, retrievalTool } from './retrieval-tool.js';
export { type CountTokens, estimateTokensByCharacters } from './token-budget.js';
