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
      const scored: { id: string; score: number; entry: Entry }[] = [];
      for (const [id, entry] of entries) {
        if (!matchesMetadataFilter(entry.metadata, checked.filter)) continue;
        // Cosine with the norms computed once: the same arithmetic as vectorScore.
        const score =
          metric === 'cosine'
            ? queryNorm * entry.norm === 0
              ? 0
              : dotProduct(vector, entry.vector) / (queryNorm * entry.norm)
            : vectorScore(metric, vector, entry.vector);
        if (checked.minScore !== undefined && score < checked.minScore) continue;
        scored.push({ id, score, entry });
      }
      scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      // Copies only of what is returned.
      return scored.slice(0, checked.topK).map(({ id, score, entry }) => ({
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
