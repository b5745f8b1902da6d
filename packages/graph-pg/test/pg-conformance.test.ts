// The checkpointer and run queue conformance suites of @aigo/testing, against the real PostgreSQL.
import { checkpointerConformance, graphRunQueueConformance } from '@aigo/testing';
import { afterAll } from 'vitest';
import { pgCheckpointer } from '../src/pg-checkpointer.js';
import { pgGraphRunQueue } from '../src/pg-graph-run-queue.js';
import { database, dropSchema, uniqueSchema } from './support/test-database.js';

const checkpoints = uniqueSchema('gc');
const queues = uniqueSchema('gq');
let queueNumber = 0;

afterAll(async () => {
  await dropSchema(checkpoints);
  await dropSchema(queues);
});

checkpointerConformance({
  name: `pgCheckpointer (${database.description})`,
  makeCheckpointer: () =>
    pgCheckpointer({ connectionString: database.url, schema: checkpoints, poolSize: 4 }),
});

graphRunQueueConformance({
  name: `pgGraphRunQueue (${database.description})`,
  makeQueue: () =>
    pgGraphRunQueue({
      connectionString: database.url,
      schema: queues,
      queueName: `conformance-${++queueNumber}`,
      pollingIntervalSeconds: 0.5,
      poolSize: 4,
    }),
});
