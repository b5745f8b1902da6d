// hybridRetriever over @aigo/vector-pg with its keyword index, on the real PostgreSQL server of the
// run (exact vectors) and on PGlite with pgvector (HNSW): the corpus ingested once, then each
// retrieval through the store's one-statement hybrid search compared with the same retrieval done
// in two queries and fused here — the same chunks, the same order, the same scores.
import type { LexicalIndex, Reranker } from '@aigo/ai';
import { dropTestSchema, uniqueSchemaName } from '@aigo/pg/testing';
import { testDatabase } from '@aigo/pg/testing/vitest';
import { createFakeEmbedder, createRecordingObserver } from '@aigo/testing';
import { type PgVectorStore, pgVectorStore } from '@aigo/vector-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retrievalCorpus } from '../src/corpus/index.js';
import { chunkMarkdown, hybridRetriever, ingest } from '../src/index.js';
import { type PgliteVector, startPgliteVector } from './support/pglite-vector.js';

const DIMENSIONS = 96;
const corpus = retrievalCorpus();
const embedder = createFakeEmbedder({ dimensions: DIMENSIONS });
const settings = { provider: embedder, model: 'fake-embed' };

const BACKENDS = [
  { name: 'the real server (exact vectors)', index: 'exact' as const, pglite: false },
  { name: 'PGlite with pgvector (HNSW)', index: 'hnsw' as const, pglite: true },
];

describe.each(BACKENDS)('hybridRetriever on $name', (backend) => {
  let pglite: PgliteVector | undefined;
  let store: PgVectorStore;
  let url: string;
  const schema = uniqueSchemaName('hy');

  beforeAll(async () => {
    if (backend.pglite) pglite = await startPgliteVector();
    url = pglite?.url ?? testDatabase().url;
    store = pgVectorStore({
      connectionString: url,
      dimensions: DIMENSIONS,
      index: backend.index,
      schema,
      poolSize: backend.pglite ? 1 : 2,
      lexical: { language: 'english' },
      embedder: settings,
    });
    await ingest(corpus.documents, {
      chunker: (document) => chunkMarkdown(document, corpus.chunkOptions),
      embedder: settings,
      store,
    });
  });
  afterAll(async () => {
    await store.close();
    if (pglite !== undefined) await pglite.stop();
    else await dropTestSchema(url, schema);
  });

  /** The same store's keyword side as an object of its own: the two-query path. */
  const apart = (): LexicalIndex => ({
    upsert: (records, options) => store.upsert(records, options),
    delete: (ids, options) => store.delete(ids, options),
    deleteDocument: (id, options) => store.deleteDocument(id, options),
    search: (query, options) => store.search(query, options),
  });

  it.each([
    { type: 'rrf' as const },
    { type: 'weighted' as const, weights: { semantic: 0.6, lexical: 0.4 } },
  ])('one statement equals two queries fused here (%j)', async (fusion) => {
    const together = hybridRetriever({
      lexical: store,
      semantic: store,
      embedder: settings,
      fusion,
      k: 5,
    });
    const split = hybridRetriever({
      lexical: apart(),
      semantic: store,
      embedder: settings,
      fusion,
      k: 5,
    });
    for (const { question } of corpus.questions.slice(0, 12)) {
      const one = await together.retrieve(question);
      const two = await split.retrieve(question);
      expect(one.map((chunk) => [chunk.id, chunk.score, chunk.scores])).toEqual(
        two.map((chunk) => [chunk.id, chunk.score, chunk.scores]),
      );
      expect(one.every((chunk) => chunk.stage === 'fused' && chunk.document !== undefined)).toBe(
        true,
      );
    }
  });

  it('finds an error code by keyword', async () => {
    const retriever = hybridRetriever({
      lexical: store,
      semantic: store,
      embedder: settings,
      k: 3,
    });
    for (const code of ['E3150', 'E1042']) {
      const [best] = await retriever.retrieve(`What does error ${code} mean?`);
      expect(best?.text).toContain(code);
      expect(best?.scores.lexical).toBeGreaterThan(0);
      expect(best?.scores.semantic).toBeGreaterThan(0);
    }
  });

  it('works for a stop-word query, reranks, and traces one search stage', async () => {
    const observer = createRecordingObserver();
    const reranker: Reranker = (_query, chunks) =>
      chunks.map((chunk, index) => ({ ...chunk, score: 1 - index / 100 }));
    const retriever = hybridRetriever({
      lexical: store,
      semantic: store,
      embedder: settings,
      k: 2,
      observer,
      rerank: { reranker, candidates: 6 },
    });
    const chunks = await retriever.retrieve('what is the and of it');
    expect(chunks).toHaveLength(2);
    expect(
      chunks.every((chunk) => chunk.stage === 'rerank' && chunk.scores.lexical === undefined),
    ).toBe(true);
    const span = observer.spans.find((recorded) => recorded.name === 'aigo.retrieval');
    expect(span?.attributes).toMatchObject({
      'aigo.retrieval.stages': ['embed', 'search', 'semantic', 'lexical', 'rerank'],
      'aigo.retrieval.search.count': 6,
      'aigo.retrieval.lexical.count': 0,
      'aigo.retrieval.rerank.count': 2,
    });
  });
});
