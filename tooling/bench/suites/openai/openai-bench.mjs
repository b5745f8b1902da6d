// The @aigo/openai benchmark (not a test): @aigo/openai on Chat Completions (A) against the floor
// (F: raw `undici.request` on its own keep-alive Agent + eventsource-parser), with an identical floor
// F′ as the control, all against one mock Chat Completions server in a separate process.
//
//   pnpm --filter @aigo/openai build && node --expose-gc tooling/bench/suites/openai/openai-bench.mjs
//
// Figures (ratios are A/F, the median over rounds; a round alternates the stacks call by call, order
// rotated): (a) p50 latency of sequential tiny completions; (b) wall time and CPU per request at
// concurrency 32; (c) time and CPU per token of a 5,000-token stream; (d) RSS growth with 200 open
// streams (fresh process per stack and round); (e) process start → first reply (fresh process per
// stack and round). A ratio counts when the same run's F′/F control is within 1.00 ± 0.03; otherwise
// the figure is VOID. The anchors of the issue (openai SDK, ai + @ai-sdk/openai, @langchain/openai)
// are not run here (the anchors suite runs them). Writes tooling/bench/results/openai-<date>.json.
import { fork } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { forkServer } from '../../shared/fork-server.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDist } from '../../shared/paths.mjs';
import { fixed, median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';
import { aigoStack, floorStack } from './openai-bench-variants.mjs';

const TOKENS = 5000;
const OPEN_STREAMS = 200;
const CONTROL_TOLERANCE = 0.03;
const openaiDist = packageDist('openai');
const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const gc = globalThis.gc ?? (() => undefined);
const quick = process.argv.includes('--quick');

async function startServer() {
  const script = here('./openai-mock-server.mjs');
  const { info, origin, stop } = await forkServer(script, [String(TOKENS)], 'the mock server');
  return { origin, streamBytes: info.streamBytes, stop };
}

/** Runs `measure(stack)` for each stack in turn, order rotated, `iterations` times per round. */
async function rounds(stacks, { rounds: count, iterations }, measure) {
  const keys = Object.keys(stacks);
  const perRound = [];
  for (let round = 0; round < count; round++) {
    const samples = Object.fromEntries(keys.map((key) => [key, []]));
    for (let i = 0; i < iterations; i++) {
      const offset = (round * iterations + i) % keys.length;
      for (let k = 0; k < keys.length; k++) {
        const key = keys[(k + offset) % keys.length];
        samples[key].push(await measure(stacks[key], key));
      }
    }
    perRound.push(samples);
  }
  return perRound;
}

/** Per-round medians of a sample field, the A/F and F′/F ratios, and their medians over rounds. */
function summarize(perRound, field = (sample) => sample) {
  const medians = perRound.map((samples) =>
    Object.fromEntries(
      Object.entries(samples).map(([key, list]) => [key, median(list.map(field))]),
    ),
  );
  const ratio = median(medians.map((m) => m.A / m.F));
  const control = median(medians.map((m) => m.Fp / m.F));
  return {
    A: median(medians.map((m) => m.A)),
    F: median(medians.map((m) => m.F)),
    ratio: fixed(ratio, 3),
    control: fixed(control, 3),
    valid: Math.abs(control - 1) <= CONTROL_TOLERANCE,
  };
}

async function timed(run) {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await run();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

async function latency(stacks) {
  for (const stack of Object.values(stacks)) for (let i = 0; i < 50; i++) await stack.send();
  const schedule = quick ? { rounds: 5, iterations: 100 } : { rounds: 7, iterations: 300 };
  const perRound = await rounds(
    stacks,
    schedule,
    async (stack) => (await timed(() => stack.send())).ms,
  );
  return { schedule, ...summarize(perRound) };
}

async function throughput(stacks) {
  const concurrency = 32;
  const perWorker = quick ? 10 : 25;
  const schedule = quick ? { rounds: 5, iterations: 2 } : { rounds: 7, iterations: 3 };
  const perRound = await rounds(stacks, schedule, async (stack) => {
    gc();
    return timed(() =>
      Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let i = 0; i < perWorker; i++) await stack.send();
        }),
      ),
    );
  });
  const requests = concurrency * perWorker;
  const wall = summarize(perRound, (s) => s.ms);
  const cpu = summarize(perRound, (s) => s.cpuMs);
  return {
    schedule,
    concurrency,
    requests,
    requestsPerSecond: {
      A: Math.round(requests / (wall.A / 1000)),
      F: Math.round(requests / (wall.F / 1000)),
    },
    cpuPerRequestUs: {
      A: fixed((cpu.A * 1000) / requests, 1),
      F: fixed((cpu.F * 1000) / requests, 1),
    },
    wall,
    cpu,
  };
}

async function streaming(stacks) {
  // Every stack must read every character of content the floor reads.
  const expected = await stacks.F.stream();
  for (const stack of Object.values(stacks)) for (let i = 0; i < 5; i++) await stack.stream();
  const schedule = quick ? { rounds: 5, iterations: 5 } : { rounds: 7, iterations: 11 };
  const perRound = await rounds(stacks, schedule, async (stack) => {
    gc();
    let count = 0;
    const sample = await timed(async () => {
      count = await stack.stream();
    });
    if (count !== expected) {
      throw new Error(`${stack.name} read ${count} characters of content, expected ${expected}`);
    }
    return sample;
  });
  const time = summarize(perRound, (s) => s.ms);
  const cpu = summarize(perRound, (s) => s.cpuMs);
  return {
    schedule,
    time,
    cpu,
    cpuPerTokenNs: { A: fixed((cpu.A * 1e6) / TOKENS, 0), F: fixed((cpu.F * 1e6) / TOKENS, 0) },
  };
}

function child(script, args, execArgv = []) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const proc = fork(here(script), args, {
      execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let message;
    proc.once('message', (m) => {
      message = { ...m, ms: Number(process.hrtime.bigint() - start) / 1e6 };
    });
    proc.once('error', reject);
    proc.once('exit', (code) =>
      message === undefined ? reject(new Error(`${script} exited with ${code}`)) : resolve(message),
    );
  });
}

async function processFigures(origin) {
  const variants = { A: 'A', F: 'F', Fp: 'Fp' };
  const rss = await rounds(variants, { rounds: quick ? 3 : 5, iterations: 1 }, (variant) =>
    child(
      './openai-open-streams.mjs',
      [variant, origin, String(OPEN_STREAMS), openaiDist.href],
      ['--expose-gc'],
    ),
  );
  const start = await rounds(variants, { rounds: quick ? 5 : 10, iterations: 1 }, (variant) =>
    child('./openai-first-reply.mjs', [variant, origin, openaiDist.href]).then((m) => m.ms),
  );
  const rssSummary = summarize(rss, (m) => m.growth);
  const heapSummary = summarize(rss, (m) => m.heapGrowth);
  const mib = (summary) => ({ A: fixed(summary.A / 2 ** 20, 1), F: fixed(summary.F / 2 ** 20, 1) });
  return {
    rss: { ...rssSummary, growthMiB: mib(rssSummary) },
    heap: { ...heapSummary, growthMiB: mib(heapSummary) },
    firstReply: summarize(start),
  };
}

const verdict = (figure, target) =>
  !figure.valid
    ? 'VOID (control)'
    : figure.ratio <= target
      ? `ok (≤ ${target}×)`
      : `over (${target}×)`;

export async function main() {
  if (!packagesBuilt('openai', ['openai'])) return undefined;
  const { openai } = await import(openaiDist.href);
  const server = await startServer();
  const stacks = {
    A: aigoStack(openai, server.origin),
    F: floorStack(server.origin, 'F'),
    Fp: floorStack(server.origin, 'F′'),
  };
  let result;
  try {
    const a = await latency(stacks);
    process.stderr.write(`[openai] (a) latency A/F=${a.ratio} control=${a.control}\n`);
    const b = await throughput(stacks);
    process.stderr.write(
      `[openai] (b) c=32 wall A/F=${b.wall.ratio} cpu A/F=${b.cpu.ratio} control=${b.wall.control}/${b.cpu.control}\n`,
    );
    const c = await streaming(stacks);
    process.stderr.write(
      `[openai] (c) stream A/F=${c.time.ratio} cpu A/F=${c.cpu.ratio} control=${c.time.control}/${c.cpu.control}\n`,
    );
    for (const stack of Object.values(stacks)) await stack.close();
    const de = await processFigures(server.origin);
    process.stderr.write(
      `[openai] (d) rss A/F=${de.rss.ratio} (e) first reply A/F=${de.firstReply.ratio}\n`,
    );
    result = { latency: a, throughput: b, stream: c, ...de };
  } finally {
    await server.stop();
  }
  const { latency: a, throughput: b, stream: c, rss: d, heap: h, firstReply: e } = result;
  const lines = [
    `## @aigo/openai (Chat Completions) against the floor — ${TOKENS}-token stream of ${(server.streamBytes / 1024).toFixed(0)} KiB`,
    '',
    '| figure | A (@aigo/openai) | F (floor) | A/F | control F′/F | verdict |',
    '|---|---:|---:|---:|---:|---|',
    `| (a) p50 latency, sequential tiny completions | ${fixed(a.A * 1000, 0)} µs | ${fixed(a.F * 1000, 0)} µs | **${a.ratio}×** | ${a.control} | ${verdict(a, 1.1)} |`,
    `| (b) requests/s at concurrency 32 | ${b.requestsPerSecond.A} | ${b.requestsPerSecond.F} | **${b.wall.ratio}×** (time) | ${b.wall.control} | ${verdict(b.wall, 1.1)} |`,
    `| (b) CPU per request | ${b.cpuPerRequestUs.A} µs | ${b.cpuPerRequestUs.F} µs | **${b.cpu.ratio}×** | ${b.cpu.control} | ${verdict(b.cpu, 1.1)} |`,
    `| (c) ${TOKENS}-token stream time | ${fixed(c.time.A, 1)} ms | ${fixed(c.time.F, 1)} ms | **${c.time.ratio}×** | ${c.time.control} | ${verdict(c.time, 1.1)} |`,
    `| (c) CPU per token | ${c.cpuPerTokenNs.A} ns | ${c.cpuPerTokenNs.F} ns | **${c.cpu.ratio}×** | ${c.cpu.control} | ${verdict(c.cpu, 1.1)} |`,
    `| (d) RSS growth, ${OPEN_STREAMS} open streams | ${d.growthMiB.A} MiB | ${d.growthMiB.F} MiB | **${d.ratio}×** | ${d.control} | ${verdict(d, 1.2)} |`,
    `| (d) JS heap + external growth, same streams | ${h.growthMiB.A} MiB | ${h.growthMiB.F} MiB | **${h.ratio}×** | ${h.control} | ${verdict(h, 1.2)} |`,
    `| (e) process start → first reply | ${fixed(e.A, 1)} ms | ${fixed(e.F, 1)} ms | **${e.ratio}×** | ${e.control} | ${verdict(e, 1.1)} |`,
    '',
    `Node ${process.version}, ${cpus().length} CPUs${quick ? ', --quick' : ''}.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  process.stdout.write('\n');
  return writeResult('openai', { tokens: TOKENS, quick, ...result });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
