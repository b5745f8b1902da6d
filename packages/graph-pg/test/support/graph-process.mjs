// A process of the crash, worker and cancellation tests (run on the built packages). Argument: a
// JSON object —
//   mode: 'execute' (run one graph.execute and print its result, or its suspension) | 'resume' (run
//         one graph.resume with `responses` and print the same) | 'worker' (a graph worker until
//         stdin closes) | 'cancel' (cancel one run and print whether it was running);
//   url, checkpoints (schema), queues (schema), queueName,
//   graph ('chain' | 'diamond' | 'waiter' | 'approval'),
//   runId, responses (of a resume), concurrency, killAt (global execution numbers at which the
//   executing process SIGKILLs itself), killInPay (the approval graph's first payment of a run
//   SIGKILLs its process), executions (the schema of the table that counts node executions).
// Each node execution is counted in "<executions>".executions (run, node, pid, attempt key)
// before it does anything else, so a node that kills its process is counted too.
import { defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { agentNode, cancelGraphRun, createGraph, createGraphWorker } from '@aigo/graph';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import pg from 'pg';
import { Type } from 'typebox';
import { pgCheckpointer, pgGraphRunQueue } from '../../dist/index.js';

const args = JSON.parse(process.argv[2]);
const pool = new pg.Pool({ connectionString: args.url, max: 2 });
pool.on('error', () => undefined);
const killAt = new Set(args.killAt ?? []);

/** Counts an execution; SIGKILLs this process when its global number is a kill point. */
async function count(runId, nodeId, attemptKey) {
  const { rows } = await pool.query(
    `INSERT INTO "${args.executions}".executions (run_id, node_id, pid, attempt_key) VALUES ($1, $2, $3, $4) RETURNING n`,
    [runId, nodeId, process.pid, attemptKey],
  );
  const n = Number(rows[0].n);
  const first = await pool.query(
    `SELECT count(*)::int AS c FROM "${args.executions}".executions WHERE run_id = $1 AND node_id = $2`,
    [runId, nodeId],
  );
  return { n, first: first.rows[0].c === 1 };
}

const provider = createFakeProvider().onRequest((request) => ({
  content: `<${request.messages.at(-1)?.content}>`,
  usage: { promptTokens: 100, completionTokens: 10, totalTokens: 110 },
}));
const client = createClient(provider, {
  defaultModel: 'm',
  modelCost: { inputCostPerMillion: 1_000, outputCostPerMillion: 2_000 },
});
const checkpointer = pgCheckpointer({
  connectionString: args.url,
  schema: args.checkpoints,
  poolSize: 4,
});

function node(runIdOf, body) {
  return async (input) => {
    const runId = runIdOf(input);
    const { n, first } = await count(runId, input.nodeId, input.attemptKey);
    if (killAt.has(n)) process.kill(process.pid, 'SIGKILL');
    return body(input, first);
  };
}

const runIdOf = (input) => input.attemptKey.slice(0, input.attemptKey.lastIndexOf('/'));

function chain() {
  // n1 → … → n10, each one model call; n6 kills its process on its first execution.
  const graph = createGraph('n10', { name: 'chain', defaultClient: client });
  for (let i = 1; i <= 10; i++) {
    graph.addNode(
      `n${i}`,
      node(runIdOf, async ({ client, upstreamResults }, first) => {
        if (i === 6 && first && args.killFirstN6) process.kill(process.pid, 'SIGKILL');
        const previous = upstreamResults[`n${i - 1}`]?.output ?? 'start';
        return (await client.sendMessage(String(previous))).content;
      }),
    );
    if (i > 1) graph.addEdge(`n${i - 1}`, `n${i}`);
  }
  return graph;
}

function diamond() {
  // a → (b, c) → d → e over a number in the input: e = ((n + 1) * 2 + (n + 1) * 3) + 1.
  return createGraph('e', { name: 'diamond' })
    .addNode(
      'a',
      node(runIdOf, async ({ sharedState }) => Number(await sharedState.get('n')) + 1),
    )
    .addNode(
      'b',
      node(runIdOf, ({ upstreamResults }) => Number(upstreamResults.a?.output) * 2),
    )
    .addNode(
      'c',
      node(runIdOf, ({ upstreamResults }) => Number(upstreamResults.a?.output) * 3),
    )
    .addNode(
      'd',
      node(
        runIdOf,
        ({ upstreamResults }) =>
          Number(upstreamResults.b?.output) + Number(upstreamResults.c?.output),
      ),
    )
    .addNode(
      'e',
      node(runIdOf, ({ upstreamResults }) => Number(upstreamResults.d?.output) + 1),
    )
    .addEdge('a', 'b')
    .addEdge('a', 'c')
    .addEdge('b', 'd')
    .addEdge('c', 'd')
    .addEdge('d', 'e');
}

function waiter() {
  // One node that waits for its signal and records why it stopped.
  return createGraph('wait', { name: 'waiter', runPollMs: 50 }).addNode(
    'wait',
    node(
      runIdOf,
      ({ signal }) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => {
            pool
              .query(`INSERT INTO "${args.executions}".aborts (run_id, reason) VALUES ($1, $2)`, [
                args.runId ?? 'any',
                String(signal.reason?.name),
              ])
              .finally(() => reject(signal.reason));
          });
        }),
    ),
  );
}

function approval() {
  // a → b (a ReAct agent whose `pay` tool needs approval) → c, and a → d → c. The model asks to
  // pay until it reads the tool's result, then answers. Each `pay` execution is counted as node
  // "pay" of the run.
  const pay = defineTool({
    name: 'pay',
    description: 'Pays a supplier',
    input: Type.Object({ amount: Type.Number(), to: Type.String() }),
    needsApproval: true,
    execute: async ({ amount, to }, ctx) => {
      const runId = ctx.runId.slice(0, ctx.runId.lastIndexOf('/'));
      const { first } = await count(runId, 'pay', ctx.runId);
      // A crash in the middle of the resumed run, after the payment went out.
      if (first && args.killInPay) process.kill(process.pid, 'SIGKILL');
      return { paid: amount, to };
    },
  });
  const model = createFakeProvider().onRequest((request) =>
    request.messages.at(-1)?.role === 'tool'
      ? {
          content: 'Paid ACME 120 EUR.',
          usage: { promptTokens: 100, completionTokens: 10, totalTokens: 110 },
        }
      : {
          toolCalls: [
            {
              id: `call_${request.messages.length}`,
              type: 'function',
              function: { name: 'pay', arguments: '{"amount":120,"to":"ACME"}' },
            },
          ],
          finishReason: 'tool_calls',
          usage: { promptTokens: 100, completionTokens: 10, totalTokens: 110 },
        },
  );
  const agentClient = createClient(model, {
    defaultModel: 'm',
    modelCost: { inputCostPerMillion: 1_000, outputCostPerMillion: 2_000 },
    tools: [pay],
  });
  const payer = agentNode(createReAct(agentClient, { name: 'payer' }), {
    prompt: ({ upstreamResults }) => `Pay ${upstreamResults.a?.output}`,
  });
  return createGraph('c', { name: 'approval', defaultClient: agentClient })
    .addNode(
      'a',
      node(runIdOf, () => 'invoice 42'),
    )
    .addNode(
      'b',
      node(runIdOf, (input) => payer(input)),
    )
    .addNode(
      'c',
      node(
        runIdOf,
        ({ upstreamResults }) => `${upstreamResults.b?.output} (${upstreamResults.d?.output})`,
      ),
    )
    .addNode(
      'd',
      node(runIdOf, () => 'audited'),
    )
    .addEdge('a', 'b')
    .addEdge('b', 'c')
    .addEdge('a', 'd')
    .addEdge('d', 'c');
}

const graphs = { chain, diamond, waiter, approval };

/** Prints what an execution or resume ended with: its result, or its suspension. */
async function report(promise) {
  try {
    const result = await promise;
    process.stdout.write(
      `${JSON.stringify({ data: result.data, usage: result.totalUsage, cost: result.costSummary().totalModelCost, requests: result.responses.length })}\n`,
    );
  } catch (error) {
    if (error?.name === 'RunConflictError' || error?.name === 'GraphRunNotSuspendedError') {
      process.stdout.write(`${JSON.stringify({ refused: error.name })}\n`);
      return;
    }
    if (error?.reason !== 'suspended') throw error;
    process.stdout.write(
      `${JSON.stringify({ suspended: error.suspensions, code: error.code, usage: error.overview.totalUsage })}\n`,
    );
  }
}

if (args.mode === 'execute') {
  const graph = graphs[args.graph]();
  await report(graph.execute(args.input ?? {}, { runId: args.runId, checkpointer }));
} else if (args.mode === 'resume') {
  const graph = graphs[args.graph]();
  await report(graph.resume(args.runId, args.responses, { checkpointer }));
} else if (args.mode === 'worker') {
  const queue = pgGraphRunQueue({
    connectionString: args.url,
    schema: args.queues,
    queueName: args.queueName,
    heartbeatSeconds: 10,
    superviseIntervalSeconds: 1,
    pollingIntervalSeconds: 0.5,
    poolSize: 4,
  });
  const worker = createGraphWorker({
    queue,
    checkpointer,
    graphs: [graphs[args.graph]()],
    concurrency: args.concurrency ?? 4,
  });
  await worker.start();
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.on('close', resolve).resume());
  await worker.stop();
  await queue.close();
} else if (args.mode === 'cancel') {
  const cancelled = await cancelGraphRun({ checkpointer }, args.runId);
  process.stdout.write(`${JSON.stringify({ cancelled })}\n`);
}
await checkpointer.close();
await pool.end();
