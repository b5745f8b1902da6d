// The @aigo/graph scheduling benchmark (not a test): graphs of no-op nodes, so everything measured
// is the executor's own overhead — validation aside (compiled once per graph, reported apart).
//
//   node --expose-gc tooling/bench/suites/graph/graph-bench.mjs      (after `pnpm --filter @aigo/graph... build`)
//   node --expose-gc tooling/bench/suites/graph/graph-bench.mjs --quick   (fewer rounds and heap runs)
//
// Reports, as medians over rounds, wall time per execution (and CPU time of this process):
// - a 10,000-node layered DAG: 100 layers × 100 no-op nodes, each with 2 parents in the previous
//   layer, plus one sink as output (10,001 nodes, 19,900 edges), default options (fail_fast,
//   no concurrency limit, no timeouts);
// - a 1,000-wide fan-out / fan-in: source → 1,000 no-op nodes → sink;
// - for information: the same DAG with maxConcurrency 16, with an AbortSignal passed, with every
//   node reading its input (upstreamResults, signal) and as a stream; and the floor, awaiting
//   10,001 async no-op functions one after another.
// - heap: heapUsed after a forced GC at 10 % and at 100 % of 1,000 executions of each graph.
// Targets: 10k DAG < 100 ms, fan-out/fan-in < 20 ms per execution, heap growth < 1 MB.
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDist as dist } from '../../shared/paths.mjs';
import { fixed, median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';

const PACKAGES = ['ai', 'client', 'graph'];

let createGraph;

/** Loads the built packages; false (with the reason on stderr) when one is not built. */
async function load() {
  if (!packagesBuilt('graph', PACKAGES)) return false;
  ({ createGraph } = await import(dist('graph').href));
  return true;
}

export const TARGETS = Object.freeze({ dagMs: 100, fanMs: 20, heapGrowthMb: 1 });

const gc = globalThis.gc ?? (() => {});

const noop = async () => undefined;
const reading = async (input) => {
  // Touch what a real node reads: its parents' results and its signal.
  const upstream = input.upstreamResults;
  for (const id in upstream) if (upstream[id] === undefined) throw new Error('missing');
  return input.signal.aborted;
};

/** 100 × 100 layered DAG, 2 parents per node, one sink: 10,001 nodes, 19,900 edges. */
export function layeredDag(createGraph, { layers = 100, width = 100, node = noop, options } = {}) {
  const graph = createGraph('sink', options);
  for (let layer = 0; layer < layers; layer++) {
    for (let i = 0; i < width; i++) {
      const id = `n${layer}_${i}`;
      graph.addNode(id, node);
      if (layer > 0) {
        graph.addEdge(`n${layer - 1}_${i}`, id);
        graph.addEdge(`n${layer - 1}_${(i + 1) % width}`, id);
      }
    }
  }
  graph.addNode('sink', node);
  for (let i = 0; i < width; i++) graph.addEdge(`n${layers - 1}_${i}`, 'sink');
  return graph;
}

/** source → `width` no-op nodes → sink. */
export function fanOutFanIn(createGraph, { width = 1_000, node = noop, options } = {}) {
  const graph = createGraph('sink', options).addNode('source', node).addNode('sink', node);
  for (let i = 0; i < width; i++) {
    graph.addNode(`w${i}`, node).addEdge('source', `w${i}`).addEdge(`w${i}`, 'sink');
  }
  return graph;
}

async function timeRuns(run, runs) {
  const wall = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const cpuBefore = process.cpuUsage();
    const before = performance.now();
    await run();
    wall.push(performance.now() - before);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall, cpu };
}

/** Median wall and CPU ms per execution over `rounds` rounds of `runs` executions (after warm-up). */
async function measure(run, { rounds, runs, warmup }) {
  for (let i = 0; i < warmup; i++) await run();
  const wall = [];
  const cpu = [];
  for (let r = 0; r < rounds; r++) {
    gc();
    const sample = await timeRuns(run, runs);
    wall.push(median(sample.wall));
    cpu.push(median(sample.cpu));
  }
  return {
    wallMs: fixed(median(wall), 3),
    cpuMs: fixed(median(cpu), 3),
    bestWallMs: fixed(Math.min(...wall), 3),
  };
}

async function heap(run, executions) {
  const checkpoint = Math.round(executions / 10);
  let at10 = 0;
  for (let i = 1; i <= executions; i++) {
    await run();
    if (i === checkpoint) {
      gc();
      gc();
      at10 = process.memoryUsage().heapUsed;
    }
  }
  gc();
  gc();
  const at100 = process.memoryUsage().heapUsed;
  return {
    executions,
    heapUsedAt10PercentMb: fixed(at10 / 2 ** 20, 3),
    heapUsedAt100PercentMb: fixed(at100 / 2 ** 20, 3),
    growthMb: fixed((at100 - at10) / 2 ** 20, 3),
  };
}

export async function runGraphBench({ quick = false } = {}) {
  const plan = quick ? { rounds: 5, runs: 5, warmup: 20 } : { rounds: 15, runs: 10, warmup: 60 };
  const heapRuns = quick ? 200 : 1_000;

  const dag = layeredDag(createGraph);
  let before = performance.now();
  dag.validate();
  const dagCompileMs = fixed(performance.now() - before, 3);
  const dagNodes = dag.nodeIds.length;

  const fan = fanOutFanIn(createGraph);
  before = performance.now();
  fan.validate();
  const fanCompileMs = fixed(performance.now() - before, 3);
  const fanNodes = fan.nodeIds.length;

  const dagResult = await measure(() => dag.execute({}), plan);
  const fanResult = await measure(() => fan.execute({}), { ...plan, runs: plan.runs * 5 });

  const info = {};
  const limited = layeredDag(createGraph, { options: { maxConcurrency: 16 } });
  info.maxConcurrency16 = await measure(() => limited.execute({}), plan);
  const controller = new AbortController();
  info.withSignal = await measure(() => dag.execute({}, { signal: controller.signal }), plan);
  const readingDag = layeredDag(createGraph, { node: reading });
  info.nodesReadInput = await measure(() => readingDag.execute({}), plan);
  info.stream = await measure(async () => {
    for await (const _event of dag.executeStream({})) {
      // drain
    }
  }, plan);
  const floorFunctions = Array.from({ length: dagNodes }, () => noop);
  info.floorAwaitEachNoop = await measure(async () => {
    for (const fn of floorFunctions) await fn();
  }, plan);

  const dagHeap = await heap(() => dag.execute({}), heapRuns);
  const fanHeap = await heap(() => fan.execute({}), heapRuns);

  const result = {
    dag: {
      nodes: dagNodes,
      edges: 99 * 200 + 100,
      compileMs: dagCompileMs,
      ...dagResult,
      nodesPerSecond: Math.round(dagNodes / (dagResult.wallMs / 1000)),
      usPerNode: fixed((dagResult.wallMs * 1000) / dagNodes, 3),
    },
    fan: {
      nodes: fanNodes,
      edges: 2_000,
      compileMs: fanCompileMs,
      ...fanResult,
      nodesPerSecond: Math.round(fanNodes / (fanResult.wallMs / 1000)),
      usPerNode: fixed((fanResult.wallMs * 1000) / fanNodes, 3),
    },
    info,
    heap: { dag: dagHeap, fan: fanHeap },
    targets: TARGETS,
    rounds: plan,
  };
  result.verdicts = {
    dag: result.dag.wallMs < TARGETS.dagMs,
    fan: result.fan.wallMs < TARGETS.fanMs,
    heap:
      Math.abs(dagHeap.growthMb) < TARGETS.heapGrowthMb &&
      Math.abs(fanHeap.growthMb) < TARGETS.heapGrowthMb,
  };
  return result;
}

export function graphBenchTable(result) {
  const ok = (pass) => (pass ? 'ok' : '**over target**');
  const { dag, fan, info, heap: h, verdicts } = result;
  const row = (name, m) => `| ${name} | ${m.wallMs} ms | ${m.cpuMs} ms |`;
  return [
    '## @aigo/graph scheduling overhead (no-op nodes; median wall time per execution)',
    '',
    '| graph | per execution | nodes/s | µs/node | target | verdict |',
    '|---|---:|---:|---:|---:|---|',
    `| 100 × 100 layered DAG, 2 parents each (${dag.nodes} nodes, ${dag.edges} edges; CPU ${dag.cpuMs} ms, best ${dag.bestWallMs} ms; validation once ${dag.compileMs} ms) | ${dag.wallMs} ms | ${dag.nodesPerSecond.toLocaleString('en')} | ${dag.usPerNode} | < ${TARGETS.dagMs} ms | ${ok(verdicts.dag)} |`,
    `| 1,000-wide fan-out / fan-in (${fan.nodes} nodes, ${fan.edges} edges; CPU ${fan.cpuMs} ms, best ${fan.bestWallMs} ms; validation once ${fan.compileMs} ms) | ${fan.wallMs} ms | ${fan.nodesPerSecond.toLocaleString('en')} | ${fan.usPerNode} | < ${TARGETS.fanMs} ms | ${ok(verdicts.fan)} |`,
    '',
    '| variant of the 10k DAG (information) | wall | CPU |',
    '|---|---:|---:|',
    row('maxConcurrency 16', info.maxConcurrency16),
    row('with an AbortSignal (every node cancellable)', info.withSignal),
    row('nodes read upstreamResults and signal', info.nodesReadInput),
    row('executeStream, every event read', info.stream),
    row('floor: await 10,001 async no-ops in a row', info.floorAwaitEachNoop),
    '',
    '| heapUsed after GC, 10 % → 100 % of the executions | growth | target | verdict |',
    '|---|---:|---:|---|',
    `| 10k DAG × ${h.dag.executions} (${h.dag.heapUsedAt10PercentMb} → ${h.dag.heapUsedAt100PercentMb} MB) | ${h.dag.growthMb} MB | < ${TARGETS.heapGrowthMb} MB | ${ok(Math.abs(h.dag.growthMb) < TARGETS.heapGrowthMb)} |`,
    `| fan-out/fan-in × ${h.fan.executions} (${h.fan.heapUsedAt10PercentMb} → ${h.fan.heapUsedAt100PercentMb} MB) | ${h.fan.growthMb} MB | < ${TARGETS.heapGrowthMb} MB | ${ok(Math.abs(h.fan.growthMb) < TARGETS.heapGrowthMb)} |`,
  ].join('\n');
}

/**
 * Runs the graph benchmark, prints its table and writes its JSON to tooling/bench/results/. Runs on its
 * own (`node --expose-gc tooling/bench/suites/graph/graph-bench.mjs`); a runner can call `main()`.
 */
export async function main(options = { quick: process.argv.includes('--quick') }) {
  if (!(await load())) return undefined;
  if (globalThis.gc === undefined) {
    process.stderr.write('graph bench: run node with --expose-gc for the heap figures\n');
  }
  const result = await runGraphBench(options);
  process.stdout.write(
    `\n${graphBenchTable(result)}\n\nNode ${process.version}, ${cpus().length} CPUs.\n`,
  );
  writeResult('graph', result);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
