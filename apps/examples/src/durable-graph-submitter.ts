/**
 * Submitting durable graph runs to workers (`@aigo/graph` + `@aigo/graph-pg`): this process starts
 * a worker (`durable-graph-worker.ts`) as a child process, submits three runs of the graph
 * `city-report` by name, watches the events of one as its checkpoint records them, awaits every
 * result by run id; then submits a payment whose agent node waits for approval — the run suspends,
 * the submitter reads what it waits for and approves it with `resumeGraphRun`, and the worker
 * completes it; then stops the worker, and cancels a run that is still waiting.
 *
 * - `submitGraphRun({ queue, checkpointer, graph, input })`: records the run (status `queued`) and
 *   queues it; resolves to a handle with `result()`, `watch()` and `cancel()`.
 * - A result is the run's record: `status`, `output` or `error`, and every node with its usage and
 *   cost. Any process can read it later with `awaitGraphRun(checkpointer, runId)`.
 *
 * Needs PostgreSQL: set DATABASE_URL. Without it, this example says how to run it and exits.
 *
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/durable-graph-submitter.js`
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { resumeGraphRun, submitGraphRun } from '@aigo/graph';
import { pgCheckpointer, pgGraphRunQueue } from '@aigo/graph-pg';
import { CITY_REPORT } from './shared/city-report-graph.js';
import { PAYMENT } from './shared/payment-graph.js';

const connectionString = process.env.DATABASE_URL;
if (connectionString === undefined || connectionString === '') {
  console.log(
    [
      'durable-graph-submitter: DATABASE_URL is not set, so this example did not run.',
      'It needs a PostgreSQL server. For example:',
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/durable-graph-submitter.js',
      'It keeps its tables in the schemas "aigo_examples_graph" and "aigo_examples_graph_queue".',
    ].join('\n'),
  );
  process.exit(0);
}

console.log('== Durable graph runs: a worker and a submitter');

// The worker: another process (it could be another machine).
const worker = spawn(
  process.execPath,
  [fileURLToPath(new URL('./durable-graph-worker.js', import.meta.url))],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
const workerLines = createInterface({ input: worker.stdout });
const workerExited = new Promise<number | null>((resolve) => worker.once('exit', resolve));
await new Promise<void>((resolve) =>
  workerLines.on('line', (line) => {
    if (line.endsWith(': ready')) {
      console.log('a worker process is ready');
      resolve();
    }
  }),
);

const checkpointer = pgCheckpointer({ connectionString, schema: 'aigo_examples_graph' });
const queue = pgGraphRunQueue({ connectionString, schema: 'aigo_examples_graph_queue' });
const batch = randomUUID().slice(0, 8);
const handles = [];
for (const city of ['Lisbon', 'Porto', 'Braga']) {
  handles.push(
    await submitGraphRun({
      queue,
      checkpointer,
      graph: CITY_REPORT,
      input: { city },
      runId: `${city}-${batch}`,
    }),
  );
}
console.log(`submitted ${handles.length} runs of "${CITY_REPORT}"`);

// The events of the first run, as its checkpoint records them (read by polling).
for await (const event of (handles[0] as (typeof handles)[number]).watch({ pollMs: 50 })) {
  if (event.type === 'node_settled')
    console.log(`  event: ${event.node.nodeId} ${event.node.status}`);
  else if (event.type === 'run_finished') console.log(`  event: run ${event.record.status}`);
}

for (const handle of handles) {
  const record = await handle.result({ pollMs: 50 });
  const cost = Object.values(record.nodes).reduce((sum, node) => sum + (node.cost ?? 0), 0);
  const tokens = Object.values(record.nodes).reduce(
    (sum, node) => sum + (node.usage?.totalTokens ?? 0),
    0,
  );
  console.log(
    `${handle.runId.split('-')[0]}: ${record.status}: ${String(record.output)} (${tokens} tokens, $${cost.toFixed(6)})`,
  );
}

// A run that waits for a person: its agent node asks to pay, and the tool needs approval.
const payment = await submitGraphRun({
  queue,
  checkpointer,
  graph: PAYMENT,
  input: { invoice: 'invoice 42: 120 EUR to ACME' },
  runId: `payment-${batch}`,
});
const waiting = await payment.result({ pollMs: 50 }); // resolves when the run suspends
const requests = waiting.nodes.pay?.suspended?.requests ?? [];
for (const request of requests) {
  console.log(
    `payment: ${waiting.status}: ${request.toolCall.name}(${request.toolCall.arguments}) waits for approval`,
  );
}
// A person approves — later, from any process: the worker resumes the run, the tool runs once.
const approved = await resumeGraphRun({
  queue,
  checkpointer,
  runId: payment.runId,
  responses: {
    pay: Object.fromEntries(requests.map((request) => [request.id, { approved: true }])),
  },
});
const paid = await approved.result({ pollMs: 50 });
console.log(`payment: approved → ${paid.status}: ${String(paid.output)}`);

worker.stdin.end();
await new Promise<void>((resolve) => workerLines.on('close', resolve));
console.log(`the worker stopped (exit code ${await workerExited})`);

// A run cancelled while it waits (no worker is running now): it never runs.
const cancelled = await submitGraphRun({
  queue,
  checkpointer,
  graph: CITY_REPORT,
  input: { city: 'Faro' },
  runId: `Faro-${batch}`,
});
await cancelled.cancel();
console.log(`Faro: ${(await cancelled.result({ pollMs: 50 })).status}`);
await queue.close();
await checkpointer.close();
