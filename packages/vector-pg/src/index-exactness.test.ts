// Index exactness against brute force on seeded vectors: HNSW (pgvector on PGlite) recall@10 ≥ 0.95,
// and the exact search on the real server equal to brute force — same ids in the same order, the
// same scores.

import type { VectorMetric, VectorRecord } from '@aigo/ai';
import { uniqueSchemaName } from '@aigo/pg/testing';
import { bruteForce, seededVectors } from '@aigo/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteVector, startPgliteVector } from '../test/support/pglite-vector.js';
import { database, dropSchema, freshSchema } from '../test/support/real-database.js';
import { pgVectorStore } from './pg-vector-store.js';

const DIMENSIONS = 32;
const records: VectorRecord[] = seededVectors(2000, DIMENSIONS, 2026).map((vector, index) => ({
  id: `v${index}`,
  vector,
  metadata: { group: index % 4 },
}));
const queries = seededVectors(25, DIMENSIONS, 7);

describe('HNSW recall (pgvector on PGlite)', () => {
  let server: PgliteVector;
  beforeAll(async () => {
    server = await startPgliteVector();
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each<VectorMetric>(['cosine', 'l2'])(
    'recall@10 ≥ 0.95 over 2,000 seeded vectors under %s',
    async (metric) => {
      const store = pgVectorStore({
        connectionString: server.url,
        poolSize: 1,
        dimensions: DIMENSIONS,
        metric,
        index: 'hnsw',
        schema: uniqueSchemaName('r'),
      });
      try {
        await store.upsert(records);
        let found = 0;
        for (const query of queries) {
          const truth = new Set(bruteForce(records, query, metric, 10).map((match) => match.id));
          const matches = await store.query(query, { topK: 10 });
          found += matches.filter((match) => truth.has(match.id)).length;
        }
        const recall = found / (queries.length * 10);
        expect(recall).toBeGreaterThanOrEqual(0.95);
      } finally {
        await store.close();
      }
    },
  );

  it('keeps recall under a filter (iterative index scans)', async () => {
    const store = pgVectorStore({
      connectionString: server.url,
      poolSize: 1,
      dimensions: DIMENSIONS,
      index: 'hnsw',
      schema: uniqueSchemaName('r'),
    });
    try {
      await store.upsert(records);
      let found = 0;
      for (const query of queries) {
        const truth = new Set(
          bruteForce(records, query, 'cosine', 10, { group: 2 }).map((match) => match.id),
        );
        const matches = await store.query(query, { topK: 10, filter: { group: 2 } });
        expect(matches.every((match) => match.metadata.group === 2)).toBe(true);
        found += matches.filter((match) => truth.has(match.id)).length;
      }
      expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(0.95);
    } finally {
      await store.close();
    }
  });
});

describe('exact search (real server) equals brute force', () => {
  const schemas: string[] = [];
  afterAll(async () => {
    for (const schema of schemas) await dropSchema(schema);
  });

  it.each<VectorMetric>(['cosine', 'inner_product', 'l2'])(
    'under %s: same ids, same order, same scores',
    async (metric) => {
      const schema = freshSchema();
      schemas.push(schema);
      const store = pgVectorStore({
        connectionString: database.url,
        dimensions: DIMENSIONS,
        metric,
        index: 'exact',
        schema,
      });
      try {
        await store.upsert(records);
        for (const query of queries.slice(0, 10)) {
          const expected = bruteForce(records, query, metric, 10);
          const matches = await store.query(query, { topK: 10 });
          expect(matches.map((match) => match.id)).toEqual(expected.map((match) => match.id));
          matches.forEach((match, index) => {
            expect(match.score).toBeCloseTo(expected[index]?.score as number, 12);
          });
        }
      } finally {
        await store.close();
      }
    },
  );
});
