import {
  checkEmbedderSettings,
  checkQueryOptions,
  checkVector,
  checkVectorIds,
  checkVectorRecords,
  dotProduct,
  type EmbedderSettings,
  type JsonObject,
  MemoryError,
  matchesMetadataFilter,
  type StoredVectorRecord,
  throwIfAborted,
  ValidationError,
  VECTOR_METRICS,
  type VectorMatch,
  type VectorMetric,
  type VectorQueryOptions,
  type VectorRecord,
  type VectorStore,
  type VectorWriteOptions,
  vectorNorm,
  vectorScore,
} from '@aigo/ai';

/** Options of {@link inMemoryVectorStore}. */
export interface InMemoryVectorStoreOptions {
  /** The vector length of every record and query. */
  readonly dimensions: number;
  /** How closeness is measured. Default `'cosine'`. */
  readonly metric?: VectorMetric;
  /** Embeds records given without a vector and text queries. */
  readonly embedder?: EmbedderSettings;
}

interface Entry {
  readonly vector: number[];
  /** The vector's norm, for cosine (computed once, as `vectorScore` computes it). */
  readonly norm: number;
  readonly text: string | undefined;
  readonly metadata: JsonObject;
}

interface Scored {
  readonly id: string;
  readonly score: number;
  readonly entry: Entry;
}

/** Whether `a` ranks before `b`: higher score, then lower id. */
function ranksBefore(a: Scored, b: Scored): boolean {
  return a.score > b.score || (a.score === b.score && a.id < b.id);
}

/** Inserts `item` into `best` (ranked, at most `limit` long) when it ranks among the first `limit`. */
function insertRanked(best: Scored[], item: Scored, limit: number): void {
  if (best.length === limit && !ranksBefore(item, best[limit - 1] as Scored)) return;
  let index = best.length;
  while (index > 0 && ranksBefore(item, best[index - 1] as Scored)) index--;
  best.splice(index, 0, item);
  if (best.length > limit) best.pop();
}

/**
 * A `VectorStore` in this process's memory: exact search (every record scored, as `vectorScore` of
 * `@aigo/ai`), JSON metadata filters, nothing kept after the process ends. For tests, demos and a
 * few thousand records; `@aigo/vector-pg` is the durable one.
 *
 * @throws ValidationError naming the bad option.
 */
export function inMemoryVectorStore(options: InMemoryVectorStoreOptions): VectorStore {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  const { dimensions, metric = 'cosine', embedder } = options;
  if (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1) {
    throw new ValidationError('options.dimensions', 'must be a positive integer');
  }
  if (!VECTOR_METRICS.includes(metric)) {
    throw new ValidationError('options.metric', `must be one of ${VECTOR_METRICS.join(', ')}`);
  }
  if (embedder !== undefined) checkEmbedderSettings(embedder, 'options.embedder');
  const entries = new Map<string, Entry>();
  let closed = false;

  const checkOpen = (): void => {
    if (closed) throw new MemoryError('The in-memory vector store is closed');
  };
  const embed = async (
    texts: readonly string[],
    purpose: 'query' | 'document',
    signal?: AbortSignal,
  ) => {
    const settings = embedder as EmbedderSettings;
    const { embeddings } = await settings.provider.embed(
      {
        model: settings.model,
        values: texts,
        purpose,
        ...(settings.dimensions === undefined ? {} : { dimensions: settings.dimensions }),
      },
      signal === undefined ? {} : { signal },
    );
    embeddings.forEach((vector, index) => {
      checkVector(vector, dimensions, `the embedder's vector for text ${index}`);
    });
    return embeddings;
  };

  return {
    dimensions,
    metric,
    async upsert(records: readonly VectorRecord[], writeOptions?: VectorWriteOptions) {
      checkVectorRecords(records, dimensions, embedder !== undefined);
      checkOpen();
      throwIfAborted(writeOptions?.signal);
      const missing = records.filter((record) => record.vector === undefined);
      const embedded =
        missing.length === 0
          ? []
          : await embed(
              missing.map((r) => r.text as string),
              'document',
              writeOptions?.signal,
            );
      throwIfAborted(writeOptions?.signal);
      let next = 0;
      for (const record of records) {
        const vector =
          record.vector === undefined ? (embedded[next++] as number[]) : [...record.vector];
        entries.set(record.id, {
          vector,
          norm: vectorNorm(vector),
          text: record.text,
          metadata: structuredClone(record.metadata ?? {}),
        });
      }
    },
    async query(
      query: readonly number[] | string,
      queryOptions?: VectorQueryOptions,
    ): Promise<VectorMatch[]> {
      const checked = checkQueryOptions(queryOptions);
      if (typeof query === 'string') {
        if (embedder === undefined) {
          throw new ValidationError(
            'query',
            'is a text but the store has no embedder: pass a vector, or give the store an embedder',
          );
        }
        if (query.trim() === '') throw new ValidationError('query', 'must not be empty');
      } else checkVector(query, dimensions, 'query');
      checkOpen();
      throwIfAborted(checked.signal);
      const vector =
        typeof query === 'string'
          ? ((await embed([query], 'query', checked.signal))[0] as number[])
          : query;
      const queryNorm = vectorNorm(vector);
      const filtered = !(checked.filter.kind === 'and' && checked.filter.nodes.length === 0);
      // The best topK so far, best first: a bounded insertion keeps this O(n · topK) without sorting n.
      const best: Scored[] = [];
      for (const [id, entry] of entries) {
        if (filtered && !matchesMetadataFilter(entry.metadata, checked.filter)) continue;
        // Cosine with the norms computed once: the same arithmetic as vectorScore.
        const score =
          metric === 'cosine'
            ? queryNorm * entry.norm === 0
              ? 0
              : dotProduct(vector, entry.vector) / (queryNorm * entry.norm)
            : vectorScore(metric, vector, entry.vector);
        if (checked.minScore !== undefined && score < checked.minScore) continue;
        insertRanked(best, { id, score, entry }, checked.topK);
      }
      const scored = best;
      // Copies only of what is returned.
      return scored.map(({ id, score, entry }) => ({
        id,
        score,
        text: entry.text,
        metadata: structuredClone(entry.metadata),
      }));
    },
    async delete(ids: readonly string[], writeOptions?: VectorWriteOptions) {
      checkVectorIds(ids);
      checkOpen();
      throwIfAborted(writeOptions?.signal);
      let deleted = 0;
      for (const id of new Set(ids)) if (entries.delete(id)) deleted++;
      return deleted;
    },
    async get(
      ids: readonly string[],
      writeOptions?: VectorWriteOptions,
    ): Promise<StoredVectorRecord[]> {
      checkVectorIds(ids);
      checkOpen();
      throwIfAborted(writeOptions?.signal);
      return ids.flatMap((id) => {
        const entry = entries.get(id);
        return entry === undefined
          ? []
          : [
              {
                id,
                vector: [...entry.vector],
                text: entry.text,
                metadata: structuredClone(entry.metadata),
              },
            ];
      });
    },
    async close() {
      closed = true;
    },
  };
}
