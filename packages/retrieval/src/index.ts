/**
 * `@aigo/retrieval` — documents in, chunks with their context out: chunkers for text, markdown and
 * HTML sized in tokens, heading or model-written context, idempotent batched ingestion into any
 * `VectorStore`, a retriever over it, a retrieval tool and middleware, an in-memory vector store.
 *
 * @packageDocumentation
 */

export { chunkId } from './chunking/build-chunks.js';
export { chunkHtml } from './chunking/chunk-html.js';
export { chunkMarkdown } from './chunking/chunk-markdown.js';
export { type ChunkOptions, DEFAULT_MAX_TOKENS } from './chunking/chunk-options.js';
export { chunkText } from './chunking/chunk-text.js';
export type { Chunk, Chunker, SourceDocument } from './documents/source-document.js';
export type {
  CostAmount,
  Enricher,
  Enrichment,
  EnrichOptions,
} from './enrichment/enricher.js';
export { type HeadingContextOptions, headingContext } from './enrichment/heading-context.js';
export {
  MODEL_CONTEXT_INSTRUCTIONS,
  type ModelContextOptions,
  modelContext,
} from './enrichment/model-context.js';
export { documentVersion } from './ingestion/document-version.js';
export { ingest } from './ingestion/ingest.js';
export type { IngestOptions, IngestRetryOptions } from './ingestion/ingest-options.js';
export type { DocumentReport, IngestProgress, IngestSummary } from './ingestion/ingest-report.js';
export { createRetriever, type RetrieverOptions } from './retriever/create-retriever.js';
export {
  formatRetrievedChunks,
  lastUserText,
  type RetrievalMiddlewareOptions,
  retrievalMiddleware,
} from './retriever/retrieval-middleware.js';
export { type RetrievalToolOptions, retrievalTool } from './retriever/retrieval-tool.js';
export {
  type InMemoryVectorStoreOptions,
  inMemoryVectorStore,
} from './stores/in-memory-vector-store.js';
export { type CountTokens, estimateTokensByCharacters } from './tokens/count-tokens.js';
