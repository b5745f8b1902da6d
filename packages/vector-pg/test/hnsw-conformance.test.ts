// The vector store conformance suite on PGlite with pgvector (HNSW index): real pgvector, compiled
// for PGlite, since these machines' PostgreSQL has no pgvector.
import { uniqueSchemaName } from '@aigo/pg/testing';
import { vectorStoreConformance } from '@aigo/testing';
import { afterAll, beforeAll } from 'vitest';
import { pgVectorStore } from '../src/pg-vector-store.js';
import { type PgliteVector, startPgliteVector } from './support/pglite-vector.js';

let server: PgliteVector;
beforeAll(async () => {
  server = await startPgliteVector();
});
afterAll(async () => {
  await server.stop();
});

vectorStoreConformance({
  name: 'pgVectorStore, pgvector HNSW on PGlite',
  makeStore: ({ dimensions, metric, embedder }) =>
    pgVectorStore({
      connectionString: server.url,
      poolSize: 1,
      dimensions,
      metric,
      index: 'hnsw',
      schema: uniqueSchemaName('h'),
      ...(embedder === undefined ? {} : { embedder }),
    }),
  // pgvector keeps 4-byte floats.
  tolerance: 1e-6,
});
