// The vector store conformance suite on the real PostgreSQL server, exact search (plain arrays, no
// extension): the path for a server without pgvector.
import { vectorStoreConformance } from '@aigo/testing';
import { pgVectorStore } from '../src/pg-vector-store.js';
import { database, dropSchema, freshSchema } from './support/real-database.js';

const schemas: string[] = [];

vectorStoreConformance({
  name: 'pgVectorStore, exact search on the real server',
  makeStore: ({ dimensions, metric, embedder }) => {
    const schema = freshSchema();
    schemas.push(schema);
    return pgVectorStore({
      connectionString: database.url,
      poolSize: 2,
      dimensions,
      metric,
      index: 'exact',
      schema,
      ...(embedder === undefined ? {} : { embedder }),
    });
  },
  // double precision[] keeps every bit.
  tolerance: 1e-12,
  cleanup: async () => {
    for (const schema of schemas.splice(0)) await dropSchema(schema);
  },
});
