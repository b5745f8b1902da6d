// aigo against the floor and the anchors (issue 3's performance figures), all against one mock Chat
// Completions server in a separate process (../openai/openai-mock-server.mjs):
//
// (a)–(c) one fresh process per stack (stack-process.mjs): the stack and two identical floors in that
//         same process, alternating rounds; ratios to that in-process floor, control F′/F;
// (d)–(e) one fresh process per stack and round (start-process.mjs), the floor's processes (F, F′)
//         alternating with the stacks' in every round; ratio per round to that round's floor process;
// size    installed size of each stack's dependency closure (installed-size.mjs).
//
//   node --expose-gc tooling/bench/suites/anchors/anchors-bench.mjs [--quick]   (after `pnpm bench` built it)
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { forkServer } from '../../shared/fork-server.mjs';
import { balancedOrders, fixed, median } from '../../shared/stats.mjs';
import { measureInstalledSizes } from './installed-size.mjs';
import { summarize, withinTolerance } from './rounds.mjs';
import { STACK_LABELS } from './stacks.mjs';

/** The stacks compared with the floor, aigo's first. */
export const STACKS = Object.freeze([
  'aigo-openai',
  'aigo-client',
  'openai-sdk',
  'ai-sdk',
  'langchain',
]);

/** Targets for aigo's stacks (ratios to the floor; size in KiB of the @aigo/client + @aigo/openai closure). */
export const TARGETS = Object.freeze({
  latency: 1.1,
  throughput: 1.1,
  stream: 1.1,
  rss: 1.2,
  firstReply: 1.1,
  clientOpenaiKb: 4 * 1024,
});

/**
 * The schedule of stack `stack`; `quick` for a smoke run. aigo's stacks (whose figures have targets)
 * get longer blocks and extra passes for a VOID figure; the anchors, 4–25× slower per call, shorter
 * blocks and no extra pass, so the whole run fits in its 10 minutes on a busy machine. Six rounds: one
 * full cycle of the carry-over-balanced orders of three keys.
 */
export function anchorSchedule(stack, quick = false) {
  const aigo = stack.startsWith('aigo');
  if (quick) {
    return {
      tokens: 5000,
      concurrency: 32,
      openStreams: 200,
      extraPasses: 0,
      latency: { rounds: 6, iterations: 30, settle: 5 },
      throughput: { rounds: 6, iterations: 1, settle: 1, perWorker: 4, floorPerWorker: 4 },
      stream: { rounds: 6, iterations: 1, settle: 1 },
      processRounds: 5,
    };
  }
  return {
    tokens: 5000,
    concurrency: 32,
    openStreams: 200,
    // Up to three more passes of six rounds for a VOID aigo figure, while the run's deadline allows.
    extraPasses: aigo ? 3 : 0,
    // After the full GC before each block, at least 250 ms of untimed calls (see rounds.mjs).
    latency: { rounds: 6, iterations: aigo ? 120 : 50, settle: 10, settleMs: 250 },
    throughput: {
      rounds: 6,
      iterations: 2,
      settle: 1,
      settleMs: 250,
      perWorker: aigo ? 20 : 6,
      floorPerWorker: 20,
    },
    // Nine streams per block for aigo (three for the anchors, 8–25× slower): after the full GC before a
    // block, V8 recompiles the stream-reading code (undici's and Node's, shared by every stack) on one
    // of the first streams, ~2–5 ms of background TurboFan CPU that landed in one or two of a block
    // of three and made its median; a median of nine keeps the block's steady-state figure. Twelve
    // rounds for aigo (two cycles of the balanced orders): the per-round CPU ratio of a 7 ms stream
    // spreads over ±8 %, and its median over six rounds moved by ±5 % from run to run.
    stream: { rounds: aigo ? 12 : 6, iterations: aigo ? 9 : 3, settle: 1, settleMs: 250 },
    // One process per key and round, so a round's ratio rests on single processes: more rounds, and
    // up to nine more while a (d)/(e) control is VOID.
    processRounds: 9,
    extraProcessRounds: 9,
  };
}

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
// Keep LangChain's tracing off whatever the caller's environment says.
const childEnv = { ...process.env, LANGCHAIN_TRACING_V2: 'false', LANGSMITH_TRACING: 'false' };
/**
 * The (d)/(e) processes use one glibc malloc arena (the tunable containers often set to cap RSS). With
 * the default one arena per thread, which of V8's and libuv's threads allocated what made the RSS
 * growth of identical floor processes range over 6.0–8.3 MiB (and once 1.1 MiB); with one arena,
 * 5.0–5.8 MiB, so the control F′/F can hold to 1.00 ± 0.03. Every stack and both floors run alike.
 */
const processEnv = { ...childEnv, MALLOC_ARENA_MAX: '1' };

/** Starts the mock Chat Completions server in a child process. */
export async function startMockServer(tokens) {
  const script = here('../openai/openai-mock-server.mjs');
  const { info, origin, stop } = await forkServer(script, [String(tokens)], 'the mock server');
  return { origin, streamBytes: info.streamBytes, stop };
}

/**
 * Forks `script` and collects its IPC messages; `onMessage(message, ms since spawn)` per message.
 * Rejects when it exits with a failure or outlives `timeoutMs`.
 */
function runChild(script, args, { timeoutMs, onMessage, env = childEnv }) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    let stderr = '';
    const child = fork(here(script), args, {
      execArgv: ['--expose-gc'],
      env,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.stderr.on('data', (text) => {
      stderr += text;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} ${args[0]} took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', (message) =>
      onMessage(message, Number(process.hrtime.bigint() - start) / 1e6),
    );
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${script} ${args[0]} exited with ${code ?? signal}: ${stderr.trim().split('\n').slice(-3).join(' / ')}`,
          ),
        );
    });
  });
}

/**
 * Figures (a)–(c) of `stack` in a fresh process of its own, against the floor `floor` (a stack name
 * of stacks.mjs) built in that same process.
 */
export async function stackFigures(stack, origin, schedule, deadline, floor = 'floor') {
  let result;
  await runChild(
    './stack-process.mjs',
    [stack, origin, JSON.stringify({ ...schedule, deadline, floor })],
    {
      timeoutMs: 240_000,
      onMessage: (message) => {
        result = message.result;
      },
    },
  );
  if (result === undefined) throw new Error(`${stack}: no result`);
  return result;
}

/**
 * (d) and (e): `processRounds` rounds; in each, one fresh process for F, F′ and every stack, in
 * orders balanced for carry-over. Per stack: the X/F ratio per round, median over rounds, control
 * F′/F of the same rounds. While the control of (d) or (e) is out of 1.00 ± 0.03, up to
 * `extraProcessRounds` more rounds (until `deadline`): one process per figure and round is a noisy
 * sample (the RSS growth of identical floor processes spreads over ±0.4 MiB of ~5.5 MiB). `floor`
 * names the floor's stack.
 */
export async function processFigures(stacks, origin, schedule, log, deadline, floor = 'floor') {
  const keys = ['F', 'Fp', ...stacks];
  const samples = Object.fromEntries(keys.map((key) => [key, []]));
  const failures = {};
  const orders = balancedOrders(keys.length);
  const runRound = async (round) => {
    for (const index of orders[round % orders.length]) {
      const key = keys[index];
      if (failures[key]) continue;
      const stack = key === 'F' || key === 'Fp' ? floor : key;
      const sample = {};
      try {
        await runChild('./start-process.mjs', [stack, origin, String(schedule.openStreams)], {
          timeoutMs: 90_000,
          env: processEnv,
          onMessage: (message, ms) => {
            if (message.firstReply) sample.firstReplyMs = ms;
            else Object.assign(sample, message);
          },
        });
        samples[key].push(sample);
      } catch (error) {
        failures[key] = error.message;
        log(`[anchors] (d)/(e) ${key} failed: ${error.message}`);
      }
    }
  };
  const controlsHold = () => {
    if (failures.F || failures.Fp) return true;
    const control = (field) =>
      median(samples.Fp.map((sample, round) => field(sample) / field(samples.F[round])));
    return (
      withinTolerance(control((s) => s.growth)) && withinTolerance(control((s) => s.firstReplyMs))
    );
  };
  let round = 0;
  for (; round < schedule.processRounds; round++) await runRound(round);
  const last = schedule.processRounds + (schedule.extraProcessRounds ?? 0);
  while (round < last && Date.now() < deadline && !controlsHold()) await runRound(round++);
  if (round > schedule.processRounds) {
    log(`[anchors] (d)/(e): ${round - schedule.processRounds} extra rounds for a VOID control`);
  }
  const out = {};
  for (const stack of stacks) {
    if (failures[stack] || failures.F || failures.Fp) {
      out[stack] = { error: failures[stack] ?? failures.F ?? failures.Fp };
      continue;
    }
    const perRound = samples[stack].map((X, round) => ({
      X: [X],
      F: [samples.F[round]],
      Fp: [samples.Fp[round]],
    }));
    const rss = summarize(perRound, (s) => s.growth);
    const heap = summarize(perRound, (s) => s.heapGrowth);
    const firstReply = summarize(perRound, (s) => s.firstReplyMs);
    const mib = (s) => ({ X: fixed(s.X / 2 ** 20, 1), F: fixed(s.F / 2 ** 20, 1) });
    out[stack] = {
      rss: { ...rss, growthMiB: mib(rss) },
      heap: { ...heap, growthMiB: mib(heap) },
      firstReply,
    };
  }
  return out;
}

/**
 * Runs every figure for every stack; resolves to the full result. `log` gets progress lines.
 * `deadline` (epoch ms): no extra rounds for VOID figures after it.
 */
export async function runAnchorsBench({
  quick = false,
  stacks = STACKS,
  deadline = Number.POSITIVE_INFINITY,
  sizes = true,
  log = (line) => process.stderr.write(`${line}\n`),
} = {}) {
  const schedule = anchorSchedule('aigo', quick);
  const server = await startMockServer(schedule.tokens);
  const perStack = {};
  let processes;
  try {
    for (const stack of stacks) {
      const started = Date.now();
      try {
        const stackSchedule = anchorSchedule(stack, quick);
        perStack[stack] = await stackFigures(stack, server.origin, stackSchedule, deadline);
        const r = perStack[stack];
        log(
          `[anchors] ${stack}: (a) ${r.latency.time.ratio}× (control ${r.latency.time.control}), (b) ${r.throughput.wall.ratio}× / CPU ${r.throughput.cpu.ratio}× (${r.throughput.wall.control}/${r.throughput.cpu.control}), (c) ${r.stream.time.ratio}× / CPU ${r.stream.cpu.ratio}× (${r.stream.time.control}/${r.stream.cpu.control}) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
        );
      } catch (error) {
        perStack[stack] = { error: error.message };
        log(`[anchors] ${stack} failed: ${error.message}`);
      }
    }
    const started = Date.now();
    processes = await processFigures(stacks, server.origin, schedule, log, deadline);
    log(`[anchors] (d)/(e) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await server.stop();
  }
  for (const stack of stacks) {
    if (perStack[stack].error === undefined) perStack[stack].process = processes[stack];
  }
  let installed;
  if (sizes) {
    const started = Date.now();
    installed = await measureInstalledSizes();
    log(`[anchors] installed sizes in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return {
    schedule,
    streamBytes: server.streamBytes,
    labels: STACK_LABELS,
    targets: TARGETS,
    stacks: perStack,
    installed,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await runAnchorsBench({ quick: process.argv.includes('--quick') });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
