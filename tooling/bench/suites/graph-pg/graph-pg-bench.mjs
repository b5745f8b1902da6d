// The @aigo/graph-pg benchmark (not a test), on a real PostgreSQL at its default settings (fsync and
// synchronous commit on; a scratch cluster unless DATABASE_URL is set).
//
//   node tooling/bench/suites/graph-pg/graph-pg-bench.mjs            (after `pnpm build`)
//
// 1. Checkpoint overhead per node: 16 concurrent writers each record settled nodes one after another.
//    - aigo:  checkpointer.writeNode(runId, token, node) — the fenced upsert (one statement) with its
//      argument checks and JSON serialisation;
//    - floor: a raw INSERT of the same row (run id, node id, status, the same JSON.stringify of the
//      node) into a table of the same shape, prepared, through a bare pg.Pool of the same size;
//    - floor′: an identical copy of the floor, the control (the ratio is VOID outside 1.00 ± 0.03).
//    Median over rounds of the per-round ratio of µs per write. Target ≤ 1.5×.
// 2. A 1,000-node graph of no-op nodes (10 layers × 100, 2 parents each, plus a sink) executed durably
//    with pgCheckpointer (1,001 checkpoint writes, one claim, one finish), against the same graph
//    without a checkpointer: wall ms per execution (information).
// 3. I/O-bound runs: a diamond of four nodes that each wait 50 ms, run by 1, 2 and 4 worker processes
//    (createGraphWorker, concurrency 8 each, pgGraphRunQueue on pg-boss), 120 runs per worker queued
//    first: runs/s from the workers' go to the last run completed. Targets: 2 workers ≥ 1.8×,
//    4 workers ≥ 3.2× one worker.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { benchPostgres } from '../../shared/bench-postgres.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDirectory, packageDist } from '../../shared/paths.mjs';
import { fixed, median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WRITERS = 16;
const WRITES_PER_WRITER = Number(process.env.BENCH_WRITES ?? 100);
const RUNS_PER_WORKER = Number(process.env.BENCH_RUNS_PER_WORKER ?? 120);
const WORKER_COUNTS = [1, 2, 4];
export const TARGETS = Object.freeze({ writeRatio: 1.5, twoWorkers: 1.8, fourWorkers: 3.2 });
const round2 = (value) => Math.round(value * 100) / 100;
const workerScript = fileURLToPath(new URL('./graph-pg-worker.mjs', import.meta.url));

/** A settled node as the executor records it (~300 bytes of JSON). */
function node(index) {
  return {
    nodeId: `node-${index}`,
    status: 'completed',
    output: `the answer of node ${index}: `.padEnd(120, 'lorem ipsum '),
    attempts: 1,
    durationMs: 12.5,
    usage: { promptTokens: 120, completionTokens: 30, totalTokens: 150 },
    cost: 0.000036,
    currency: 'USD',
    calls: [
      {
        model: 'gpt-4o-mini',
        usage: { promptTokens: 120, completionTokens: 30, totalTokens: 150 },
      },
    ],
  };
}

/** Runs the benchmark, prints its table, writes its JSON; resolves to the result. */
export async function main() {
  if (!packagesBuilt('graph-pg', ['ai', 'pg', 'graph', 'graph-pg'])) {
    process.exitCode = 1;
    return undefined;
  }
  const { pgCheckpointer, pgGraphRunQueue } = await import(packageDist('graph-pg').href);
  const { createGraph, submitGraphRun } = await import(packageDist('graph').href);
  const pg = createRequire(new URL('package.json', packageDirectory('graph-pg')))('pg');
  const { url, cluster, stop: stopPostgres } = await benchPostgres();
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  const schema = `bench_graph_${suffix}`;
  const queues = `bench_graph_q_${suffix}`;
  const admin = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const server = (await admin.query('SHOW server_version')).rows[0].server_version;
    console.log(
      `PostgreSQL ${server} (${cluster ? 'scratch cluster' : 'DATABASE_URL'}); node ${process.version}, ${cpus().length} CPUs\n`,
    );

    // ---- 1. checkpoint write vs raw INSERT ----
    const checkpointer = pgCheckpointer({ connectionString: url, schema, poolSize: WRITERS });
    await checkpointer.ready();
    await admin.query(
      `CREATE TABLE "${schema}".floor_nodes (run_id text NOT NULL, node_id text NOT NULL, status text NOT NULL, body jsonb NOT NULL, PRIMARY KEY (run_id, node_id))`,
    );
    const floorPool = new pg.Pool({ connectionString: url, max: WRITERS });
    const identity = { name: 'bench', version: '1', fingerprint: 'f' };
    const tokens = [];
    for (let writer = 0; writer < WRITERS; writer++) {
      tokens.push(
        (await checkpointer.claim(`w${writer}`, { graph: identity, input: {} })).fencingToken,
      );
    }
    let sequence = 0;
    const floorInsert = `INSERT INTO "${schema}".floor_nodes (run_id, node_id, status, body) VALUES ($1, $2, $3, $4::jsonb)`;
    const variants = {
      aigo: (writer, index) => checkpointer.writeNode(`w${writer}`, tokens[writer], node(index)),
      floor: (writer, index) => {
        const body = node(index);
        return floorPool.query({
          name: 'bench_floor_node',
          text: floorInsert,
          values: [`w${writer}`, body.nodeId, body.status, JSON.stringify(body)],
        });
      },
      floorCopy: (writer, index) => {
        const body = node(index);
        return floorPool.query({
          name: 'bench_floor_node',
          text: floorInsert,
          values: [`w${writer}`, body.nodeId, body.status, JSON.stringify(body)],
        });
      },
    };
    async function writes(write) {
      const base = sequence;
      sequence += WRITES_PER_WRITER;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, writer) => {
          for (let i = 0; i < WRITES_PER_WRITER; i++) await write(writer, base + i);
        }),
      );
      return ((performance.now() - started) * 1000) / (WRITERS * WRITES_PER_WRITER);
    }
    for (const write of Object.values(variants)) await writes(write);
    const writeRounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const names = Object.keys(variants);
      const order = names.map((_, i) => names[(i + round) % names.length]);
      const figures = {};
      for (const name of order) figures[name] = await writes(variants[name]);
      writeRounds.push(figures);
    }
    const write = {
      aigoUs: round2(median(writeRounds.map((r) => r.aigo))),
      floorUs: round2(median(writeRounds.map((r) => r.floor))),
      ratio: round2(median(writeRounds.map((r) => r.aigo / r.floor))),
      control: round2(median(writeRounds.map((r) => r.floorCopy / r.floor))),
    };
    await floorPool.end();

    // ---- 2. 1,000 no-op nodes, durably ----
    const layered = (options) => {
      const graph = createGraph('sink', options);
      const noop = () => 0;
      for (let layer = 0; layer < 10; layer++) {
        for (let i = 0; i < 100; i++) {
          graph.addNode(`l${layer}n${i}`, noop);
          if (layer > 0) {
            graph.addEdge(`l${layer - 1}n${i}`, `l${layer}n${i}`);
            graph.addEdge(`l${layer - 1}n${(i + 1) % 100}`, `l${layer}n${i}`);
          }
        }
      }
      graph.addNode('sink', noop);
      for (let i = 0; i < 100; i++) graph.addEdge(`l9n${i}`, 'sink');
      return graph;
    };
    const durableGraph = layered({ name: 'thousand', checkpointer });
    const plainGraph = layered({});
    let runNumber = 0;
    await durableGraph.execute({}, { runId: `warm-${runNumber++}` });
    const thousandRounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      let started = performance.now();
      await durableGraph.execute({}, { runId: `thousand-${runNumber++}` });
      const durableMs = performance.now() - started;
      started = performance.now();
      await plainGraph.execute({});
      thousandRounds.push({ durableMs, plainMs: performance.now() - started });
    }
    const thousand = {
      nodes: 1001,
      durableMs: round2(median(thousandRounds.map((r) => r.durableMs))),
      plainMs: round2(median(thousandRounds.map((r) => r.plainMs))),
    };
    thousand.usPerNode = round2((thousand.durableMs * 1000) / thousand.nodes);
    await checkpointer.close();

    // ---- 3. I/O-bound runs, 1, 2, 4 worker processes ----
    const io = [];
    for (const workers of WORKER_COUNTS) {
      const queueName = `io-${workers}`;
      const runs = RUNS_PER_WORKER * workers;
      const runStore = pgCheckpointer({ connectionString: url, schema, poolSize: 4 });
      const queue = pgGraphRunQueue({
        connectionString: url,
        schema: queues,
        queueName,
        poolSize: 4,
      });
      await queue.ready();
      await Promise.all(
        Array.from({ length: runs }, (_, n) =>
          submitGraphRun({
            queue,
            checkpointer: runStore,
            graph: 'io',
            runId: `${queueName}-${n}`,
          }),
        ),
      );
      const children = [];
      const started = performance.now();
      for (let w = 0; w < workers; w++) {
        const child = spawn(
          process.execPath,
          [
            workerScript,
            JSON.stringify({ url, checkpoints: schema, queues, queueName, concurrency: 8 }),
          ],
          {
            stdio: ['pipe', 'pipe', 'inherit'],
          },
        );
        children.push({ child, exited: new Promise((resolve) => child.once('exit', resolve)) });
      }
      await Promise.all(
        children.map(
          ({ child }) =>
            new Promise((resolve) =>
              createInterface({ input: child.stdout }).once('line', resolve),
            ),
        ),
      );
      const ready = performance.now();
      // The runs were queued before the workers started: the figure is how fast they drain the queue.
      for (;;) {
        const { rows } = await admin.query(
          `SELECT count(*)::int AS n FROM "${schema}".graph_runs WHERE run_id LIKE $1 AND status = 'completed'`,
          [`${queueName}-%`],
        );
        if (rows[0].n >= runs) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const elapsed = (performance.now() - ready) / 1000;
      for (const { child } of children) child.stdin.end();
      await Promise.all(children.map(({ exited }) => exited));
      await queue.close();
      await runStore.close();
      io.push({
        workers,
        runs,
        seconds: round2(elapsed),
        runsPerSecond: round2(runs / elapsed),
        startupS: round2((ready - started) / 1000),
      });
    }
    const one = io[0].runsPerSecond;
    const scaling = {
      two: round2(io[1].runsPerSecond / one),
      four: round2(io[2].runsPerSecond / one),
    };
    const verdicts = {
      write: Math.abs(write.control - 1) <= 0.03 ? write.ratio <= TARGETS.writeRatio : 'void',
      two: scaling.two >= TARGETS.twoWorkers,
      four: scaling.four >= TARGETS.fourWorkers,
    };
    const result = {
      server,
      rounds: ROUNDS,
      write,
      thousand,
      io,
      scaling,
      targets: TARGETS,
      verdicts,
    };
    console.log(graphPgBenchTable(result));
    writeResult('graph-pg', result);
    return result;
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS "${queues}" CASCADE`).catch(() => undefined);
    await admin.end();
    await stopPostgres();
  }
}

/** The section's table (Markdown). */
export function graphPgBenchTable(r) {
  if (r.skipped) return `## @aigo/graph-pg\n\nSkipped: ${r.skipped}.`;
  const lines = [
    `## @aigo/graph-pg (PostgreSQL ${r.server}, ${r.rounds} rounds, medians)`,
    '',
    '| figure | aigo | floor / baseline | ratio | control | target |',
    '|---|---|---|---|---|---|',
    `| checkpoint write per node, 16 writers | ${fixed(r.write.aigoUs, 1)} µs | ${fixed(r.write.floorUs, 1)} µs (raw INSERT) | ${fixed(r.write.ratio)}× | ${fixed(r.write.control)} | ≤ ${r.targets.writeRatio}× |`,
    `| 1,001 no-op nodes, durable execution | ${fixed(r.thousand.durableMs, 1)} ms (${fixed(r.thousand.usPerNode, 1)} µs/node) | ${fixed(r.thousand.plainMs, 2)} ms (no checkpointer) | — | — | — |`,
  ];
  for (const row of r.io) {
    lines.push(
      `| I/O-bound runs (4 × 50 ms nodes), ${row.workers} worker(s) × concurrency 8 | ${fixed(row.runsPerSecond, 1)} runs/s (${row.runs} runs in ${fixed(row.seconds, 2)} s) | — | ${row.workers === 1 ? '1.00' : fixed(row.workers === 2 ? r.scaling.two : r.scaling.four)}× | — | ${row.workers === 2 ? `≥ ${r.targets.twoWorkers}×` : row.workers === 4 ? `≥ ${r.targets.fourWorkers}×` : '—'} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
