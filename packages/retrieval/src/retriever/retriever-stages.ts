import {
  type EmbedderSettings,
  type MetadataFilter,
  type Observer,
  type RetrievedChunk,
  type RetrieveOptions,
  type Span,
  ValidationError,
} from '@aigo/ai';
import { type RetrievalTrace, stage } from '../observe/retrieval-trace.js';
import { type RetrieverRerankOptions, rerank } from '../rerank/rerank.js';

/** ANDs a retriever's filter with a call's. */
export function andFilters(
  a: MetadataFilter | undefined,
  b: MetadataFilter | undefined,
): MetadataFilter | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return { $and: [a, b] };
}

/**
 * Checks a retriever's `observer`.
 *
 * @throws ValidationError naming `options.observer`.
 */
export function checkObserver(observer: unknown): Observer | undefined {
  if (observer === undefined) return undefined;
  if (
    observer === null ||
    typeof observer !== 'object' ||
    typeof (observer as Observer).startSpan !== 'function'
  )
    throw new ValidationError('options.observer', 'must be an Observer');
  return observer as Observer;
}

/** Checks the query and the options of one retrieval. */
export function checkRetrieveCall(query: unknown, options: unknown): void {
  if (typeof query !== 'string' || query.trim() === '')
    throw new ValidationError('query', 'must be a non-empty string');
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
}

/** How many chunks a retrieval returns, and how many its first stage finds. */
export function retrievalCounts(
  call: RetrieveOptions,
  rerankOptions: RetrieverRerankOptions | undefined,
  fallback: number,
): { readonly final: number; readonly firstStage: number } {
  const final = call.topK ?? rerankOptions?.topN ?? fallback;
  if (rerankOptions === undefined) return { final, firstStage: final };
  return { final, firstStage: Math.max(final, rerankOptions.candidates ?? final * 4) };
}

/** The query's vector, embedded as a `query` (the `embed` stage). */
export async function embedQuery(
  trace: RetrievalTrace | undefined,
  embedder: EmbedderSettings,
  query: string,
  signal: AbortSignal | undefined,
): Promise<number[]> {
  const { embeddings } = await stage(
    trace,
    'embed',
    () =>
      embedder.provider.embed(
        {
          model: embedder.model,
          values: [query],
          purpose: 'query',
          ...(embedder.dimensions === undefined ? {} : { dimensions: embedder.dimensions }),
        },
        signal === undefined ? {} : { signal },
      ),
    () => 1,
  );
  return embeddings[0] as number[];
}

/** The first stage's chunks reranked (the `rerank` stage), or cut to `final` without a reranker. */
export function finish(
  trace: RetrievalTrace | undefined,
  query: string,
  chunks: RetrievedChunk[],
  rerankOptions: RetrieverRerankOptions | undefined,
  final: number,
  call: { readonly signal: AbortSignal | undefined; readonly span: Span | undefined },
): Promise<RetrievedChunk[]> | RetrievedChunk[] {
  if (rerankOptions === undefined) return chunks.length > final ? chunks.slice(0, final) : chunks;
  const span = trace?.span ?? call.span;
  return stage(
    trace,
    'rerank',
    () =>
      rerank(query, chunks, {
        reranker: rerankOptions.reranker,
        topN: final,
        ...(call.signal === undefined ? {} : { signal: call.signal }),
        ...(span === undefined ? {} : { span }),
      }),
    (kept) => kept.length,
  );
}
