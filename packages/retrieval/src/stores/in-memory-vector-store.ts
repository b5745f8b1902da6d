import {
  checkDocumentRecords,
  checkEmbedderSettings,
  checkMatchModels,
  checkQueryOptions,
  checkVector,
  checkVectorIds,
  checkVectorRecords,
  type DocumentRecords,
  type DocumentRef,
  dotProduct,
  type EmbedderSettings,
  type JsonObject,
  MemoryError,
  matchesMetadataFilter,
  type StoredDocument,
  type StoredVectorRecord,
  throwIfAborted,
  ValidationError,
  VECTOR_METRICS,
  type VectorMatch,
  type VectorMetric,
  type VectorQueryOptions,
  type VectorRecord,
  type VectorRecordFields,
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
  readonly document: DocumentRef | undefined;
  readonly position: number | undefined;
  readonly context: string | undefined;
  readonly model: string | undefined;
  /** The version of the `replaceDocuments` that wrote it. */
  readonly version: string | undefined;
}

interface Scored {
  readonly id: string;
  readonly score: number;
  readonly entry: Entry;
}

const OPTION_KEYS = new Set(['dimensions', 'metric', 'embedder']);

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

/** A copy of what an entry holds besides its vector, with the optional fields only when set. */
function fieldsOf(id: string, entry: Entry): VectorRecordFields {
  return {
    id,
    text: entry.text,
    metadata: structuredClone(entry.metadata),
    ...(entry.document === undefined ? {} : { document: { ...entry.document } }),
    ...(entry.position === undefined ? {} : { position: entry.position }),
    ...(entry.context === undefined ? {} : { context: entry.context }),
    ...(entry.model === undefined ? {} : { model: entry.model }),
  };
}

function entryOf(
  record: VectorRecord,
  vector: number[],
  model: string | undefined,
  version: string | undefined,
  document: DocumentRef | undefined,
): Entry {
  return {
    vector,
    norm: vectorNorm(vector),
    text: record.text,
    metadata: structuredClone(record.metadata ?? {}),
    document: document === undefined ? undefined : { ...document },
    position: record.position,
    context: record.context,
    model: record.model ?? model,
    version,
  };
}

/**
 * A `VectorStore` in this process's memory: exact search (every record scored, as `vectorScore` of
 * `@aigo/ai`), JSON metadata filters, documents replaced at once, nothing kept after the process
 * ends. For tests, demos and a few thousand records; `@aigo/vector-pg` is the durable one.
 *
 * @throws ValidationError naming the bad option.
 */
export function inMemoryVectorStore(options: InMemoryVectorStoreOptions): VectorStore {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  }
  const { dimensions, metric = 'cosine', embedder } = options;
  if (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1) {
    throw new ValidationError('options.dimensions', 'must be a positive integer');
  }
  if (!VECTOR_METRICS.includes(metric)) {
    throw new ValidationError('options.metric', `must be one of ${VECTOR_METRICS.join(', ')}`);
  }
  if (embedder !== undefined) checkEmbedderSettings(embedder, 'options.embedder');
  const entries = new Map<string, Entry>();
  /** The record ids of each document. */
  const byDocument = new Map<string, Set<string>>();
  let closed = false;

  const checkOpen = (): void => {
    if (closed) throw new MemoryError('The in-memory vector store is closed');
  };
  const unlink = (id: string): void => {
    const documentId = entries.get(id)?.document?.id;
    if (documentId === undefined) return;
    const ids = byDocument.get(documentId);
    ids?.delete(id);
    if (ids?.size === 0) byDocument.delete(documentId);
  };
  const put = (id: string, entry: Entry): void => {
    unlink(id);
    entries.set(id, entry);
    const documentId = entry.document?.id;
    if (documentId === undefined) return;
    let ids = byDocument.get(documentId);
    if (ids === undefined) {
      ids = new Set();
      byDocument.set(documentId, ids);
    }
    ids.add(id);
  };
  const remove = (id: string): boolean => {
    unlink(id);
    return entries.delete(id);
  };
  const removeDocument = (documentId: string): number => {
    const ids = [...(byDocument.get(documentId) ?? [])];
    for (const id of ids) remove(id);
    return ids.length;
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
        const given = record.vector === undefined;
        const vector = given ? (embedded[next++] as number[]) : [...(record.vector as number[])];
        put(
          record.id,
          entryOf(record, vector, given ? embedder?.model : undefined, undefined, record.document),
        );
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
      // Copies only of what is returned.
      const matches = best.map(({ id, score, entry }) => ({ ...fieldsOf(id, entry), score }));
      checkMatchModels(
        matches,
        checked.model ?? (typeof query === 'string' ? embedder?.model : undefined),
      );
      return matches;
    },
    async delete(ids: readonly string[], writeOptions?: VectorWriteOptions) {
      checkVectorIds(ids);
      checkOpen();
      throwIfAborted(writeOptions?.signal);
      let deleted = 0;
      for (const id of new Set(ids)) if (remove(id)) deleted++;
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
        return entry === undefined ? [] : [{ ...fieldsOf(id, entry), vector: [...entry.vector] }];
      });
    },
    async deleteDocument(documentId: string, writeOptions?: VectorWriteOptions) {
      if (typeof documentId !== 'string' || documentId === '')
        throw new ValidationError('documentId', 'must be a non-empty string');
      checkOpen();
      throwIfAborted(writeOptions?.signal);
      return removeDocument(documentId);
    },
    async documents(
      ids: readonly string[],
      writeOptions?: VectorWriteOptions,
    ): Promise<StoredDocument[]> {
      checkVectorIds(ids);
      checkOpen();
      throwIfAborted(writeOptions?.signal);
      return ids.flatMap((id) => {
        const recordIds = byDocument.get(id);
        if (recordIds === undefined) return [];
        const versions = new Set<string | undefined>();
        const models = new Set<string | undefined>();
        for (const recordId of recordIds) {
          const entry = entries.get(recordId) as Entry;
          versions.add(entry.version);
          models.add(entry.model);
        }
        const [version] = versions;
        const [model] = models;
        return [
          {
            id,
            version: versions.size === 1 ? version : undefined,
            model: models.size === 1 ? model : undefined,
            records: recordIds.size,
          },
        ];
      });
    },
    async replaceDocuments(
      documents: readonly DocumentRecords[],
      writeOptions?: VectorWriteOptions,
    ) {
      checkDocumentRecords(documents, dimensions);
      checkOpen();
      throwIfAborted(writeOptions?.signal);
      // Checked first, written after: nothing awaits in between, so no reader sees a mix.
      for (const { document, version, records } of documents) {
        removeDocument(document.id);
        for (const record of records) {
          put(
            record.id,
            entryOf(record, [...(record.vector as number[])], undefined, version, document),
          );
        }
      }
    },
    async models(writeOptions?: VectorWriteOptions): Promise<string[]> {
      checkOpen();
      throwIfAborted(writeOptions?.signal);
      const models = new Set<string>();
      for (const entry of entries.values()) if (entry.model !== undefined) models.add(entry.model);
      return [...models].sort();
    },
    async close() {
      closed = true;
    },
  };
}
