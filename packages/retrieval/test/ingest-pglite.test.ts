// Idempotent ingestion into @aigo/vector-pg's HNSW mode on PGlite with pgvector (these machines'
// PostgreSQL has no pgvector): the same scenario as on the real server.
import { uniqueSchemaName } from '@aigo/pg/testing';
import { pgVectorStore } from '@aigo/vector-pg';
import { afterAll, beforeAll, it } from 'vitest';
import { DIMENSIONS, idempotentIngestion } from './support/ingestion-scenario.js';
import { type PgliteVector, startPgliteVector } from './support/pglite-vector.js';

let server: PgliteVector;
beforeAll(async () => {
  server = await startPgliteVector();
});
afterAll(async () => {
  await server.stop();
});

it('ingests idempotently into pgvector (HNSW)', async () => {
  const store = pgVectorStore({
    connectionString: server.url,
    poolSize: 1,
    dimensions: DIMENSIONS,
    index: 'hnsw',
    schema: uniqueSchemaName('h'),
  });
  try {
    await idempotentIngestion(store, () => store.count());
  } finally {
    await store.close();
  }
});
