import {
  checkCount,
  type Reranker,
  type RetrievedChunk,
  type Span,
  throwIfAborted,
  ValidationError,
} from '@aigo/ai';

/** Options of {@link rerank}. */
export interface RerankOptions {
  /** The second pass: `modelReranker`, `cohereReranker`, `voyageReranker`, `jinaReranker`, or yours. */
  readonly reranker: Reranker;
  /** How many chunks to keep, best first. Default all the candidates. */
  readonly topN?: number;
  /** Cancels the reranker's calls. */
  readonly signal?: AbortSignal;
  /** The span the reranker's calls nest under. */
  readonly span?: Span;
}

const OPTION_KEYS = new Set(['reranker', 'topN', 'signal', 'span']);

/** What a retriever takes to rerank: the reranker, how many chunks it gets, how many it keeps. */
export interface RetrieverRerankOptions {
  readonly reranker: Reranker;
  /** How many chunks the first stage hands the reranker. Default 4 × the chunks kept. */
  readonly candidates?: number;
  /** How many reranked chunks a retrieval returns. Default the retriever's count (`topK`, `k`). */
  readonly topN?: number;
}

/**
 * Checks a retriever's `rerank` option.
 *
 * @throws ValidationError naming `options.rerank.…`.
 */
export function checkRetrieverRerank(rerank: unknown): RetrieverRerankOptions | undefined {
  if (rerank === undefined) return undefined;
  if (rerank === null || typeof rerank !== 'object' || typeof rerank === 'function')
    throw new ValidationError('options.rerank', 'must be { reranker, candidates?, topN? }');
  const extra = Object.keys(rerank).find(
    (key) => key !== 'reranker' && key !== 'candidates' && key !== 'topN',
  );
  if (extra !== undefined) throw new ValidationError(`options.rerank.${extra}`, 'is not an option');
  const options = rerank as RetrieverRerankOptions;
  if (typeof options.reranker !== 'function')
    throw new ValidationError('options.rerank.reranker', 'must be a Reranker (a function)');
  checkCount(options.candidates, 'options.rerank.candidates', 1);
  checkCount(options.topN, 'options.rerank.topN', 1);
  return options;
}

/** A reranked chunk: the reranker's score as its score and `scores.rerank`, its stage `rerank`. */
function reranked(original: RetrievedChunk, score: number): RetrievedChunk {
  return { ...original, score, scores: { ...original.scores, rerank: score }, stage: 'rerank' };
}

/**
 * The second, more precise pass over a first stage's chunks: asks the reranker to order
 * `candidates` for `query`, checks what it returned — only chunks it was given, none twice, each
 * with a finite score — and keeps the best `topN`, each with the reranker's score as `score` and
 * `scores.rerank` (its earlier scores kept) and `stage: 'rerank'`. No candidates: no call, `[]`.
 *
 * ```ts
 * const best = await rerank('How long do refunds take?', chunks, { reranker: cohereReranker(), topN: 5 });
 * ```
 *
 * @throws ValidationError naming the bad argument, or `options.reranker` when the reranker returned
 *   a chunk it was not given, one twice, or a score that is not a finite number.
 */
export async function rerank(
  query: string,
  candidates: readonly RetrievedChunk[],
  options: RerankOptions,
): Promise<RetrievedChunk[]> {
  if (typeof query !== 'string' || query.trim() === '')
    throw new ValidationError('query', 'must be a non-empty string');
  if (!Array.isArray(candidates))
    throw new ValidationError('candidates', 'must be an array of retrieved chunks');
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be { reranker, topN? }');
  for (const key of Object.keys(options))
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  const { reranker, signal, span } = options;
  if (typeof reranker !== 'function')
    throw new ValidationError('options.reranker', 'must be a Reranker (a function)');
  const topN = checkCount(options.topN, 'options.topN', Math.max(1, candidates.length));
  const byId = new Map<string, RetrievedChunk>();
  candidates.forEach((chunk, index) => {
    if (chunk === null || typeof chunk !== 'object' || typeof chunk.id !== 'string')
      throw new ValidationError(`candidates[${index}]`, 'must be a retrieved chunk');
    if (byId.has(chunk.id))
      throw new ValidationError(`candidates[${index}].id`, `"${chunk.id}" appears twice`);
    byId.set(chunk.id, chunk);
  });
  throwIfAborted(signal);
  if (candidates.length === 0) return [];
  const ordered = await reranker(query, candidates, {
    signal,
    topN,
    ...(span === undefined ? {} : { span }),
  });
  throwIfAborted(signal);
  if (!Array.isArray(ordered))
    throw new ValidationError(
      'options.reranker',
      'must return an array of the chunks it was given',
    );
  const seen = new Set<string>();
  const kept: RetrievedChunk[] = [];
  for (const chunk of ordered as readonly RetrievedChunk[]) {
    const original = byId.get(chunk?.id);
    if (original === undefined)
      throw new ValidationError(
        'options.reranker',
        `returned "${String(chunk?.id)}", a chunk it was not given`,
      );
    if (seen.has(chunk.id))
      throw new ValidationError('options.reranker', `returned "${chunk.id}" twice`);
    seen.add(chunk.id);
    if (typeof chunk.score !== 'number' || !Number.isFinite(chunk.score))
      throw new ValidationError(
        'options.reranker',
        `returned "${chunk.id}" without a finite score`,
      );
    if (kept.length < topN) kept.push(reranked(original, chunk.score));
  }
  return kept;
}
