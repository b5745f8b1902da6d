// The run store conformance suite of @aigo/testing against pgRunStore, on the real database of this
// run.
import { runStoreConformance } from '@aigo/testing';
import { afterAll } from 'vitest';
import { pgRunStore } from '../src/pg-run-store.js';
import type { PgRunStore } from '../src/pg-run-store-options.js';
import { database, dropSchema, testPoolSize, uniqueSchema } from './support/test-database.js';

const schema = uniqueSchema('runs');
const stores: PgRunStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await dropSchema(schema);
});

runStoreConformance({
  name: `pgRunStore (${database.kind})`,
  makeStore: () => {
    const store = pgRunStore({ connectionString: database.url, schema, poolSize: testPoolSize });
    stores.push(store);
    return store;
  },
});
