/**
 * A durable graph worker (`@aigo/graph` + `@aigo/graph-pg`): takes graph runs from a pg-boss queue
 * in PostgreSQL and executes each with checkpoints, so that a run survives the worker: when a
 * worker dies mid-run, its lease lapses and another worker resumes the run from its checkpoint —
 * completed nodes are not run again. Start as many as you like, on as many machines.
 *
 * - `pgCheckpointer({ connectionString })`: the runs' checkpoints (tables created on first use).
 * - `pgGraphRunQueue({ connectionString })`: the queue, on pg-boss (leases kept by heartbeats).
 * - `createGraphWorker({ queue, checkpointer, graphs })`: runs the graphs it knows, by name. A run
 *   whose agent node waits for a person's approval (the `supplier-payment` graph) suspends and ends
 *   its job; the resume the submitter queues (`resumeGraphRun`) is a job of its own.
 *
 * `durable-graph-submitter.ts` starts this worker as a child process and submits runs to it. It stops
 * when its standard input closes (or on SIGTERM), leaving unfinished runs to the other workers.
 *
 * Needs PostgreSQL: set DATABASE_URL. Without it, this example says how to run it and exits.
 *
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/durable-graph-worker.js`
 */
import { createGraphWorker } from '@aigo/graph';
import { pgCheckpointer, pgGraphRunQueue } from '@aigo/graph-pg';
import { cityReportGraph } from './shared/city-report-graph.js';
import { paymentGraph } from './shared/payment-graph.js';

const connectionString = process.env.DATABASE_URL;
if (connectionString === undefined || connectionString === '') {
  console.log(
    [
      'durable-graph-worker: DATABASE_URL is not set, so this example did not run.',
      'It needs a PostgreSQL server. For example:',
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/durable-graph-worker.js',
      'Then submit runs to it: node dist/durable-graph-submitter.js (which also starts a worker itself).',
    ].join('\n'),
  );
  process.exit(0);
}

const checkpointer = pgCheckpointer({ connectionString, schema: 'aigo_examples_graph' });
const queue = pgGraphRunQueue({ connectionString, schema: 'aigo_examples_graph_queue' });
const worker = createGraphWorker({
  queue,
  checkpointer,
  graphs: [cityReportGraph(), paymentGraph()],
  concurrency: 8,
});
await worker.start();
console.log(`worker ${process.pid}: ready`);

// Stop on SIGTERM or when the standard input closes (the submitter's way of stopping it).
await new Promise<void>((resolve) => {
  process.once('SIGTERM', resolve);
  process.stdin.once('close', resolve).resume();
});
await worker.stop();
await queue.close();
await checkpointer.close();
console.log(`worker ${process.pid}: stopped`);
