// Streaming benchmark: the same 5,000-event stream through aigo (A) and through the floor (F), and a
// floor-versus-floor control (F′ against F), alternated in one process.
import { fileURLToPath } from 'node:url';
import { forkServer } from '../../shared/fork-server.mjs';
import { balancedOrders, fixed, median } from '../../shared/stats.mjs';
import {
  aigoCollectVariant,
  aigoVariant,
  decoderOnlyVariant,
  floorVariant,
  iteratorFloorVariant,
} from './stream-variants.mjs';

const gc = globalThis.gc ?? (() => undefined);

/** Starts the SSE server in a child process; resolves to its URL and a stop function. */
export async function startServerProcess(events) {
  const script = fileURLToPath(new URL('./sse-server.mjs', import.meta.url));
  const { info, origin, stop } = await forkServer(script, [String(events)], 'the SSE server');
  return { url: `${origin}/v1/chat/completions`, bytes: info.bytes, events: info.events, stop };
}

/**
 * One timed run: wall-clock milliseconds and this process's CPU milliseconds (user + system). CPU
 * time leaves out the waits for the server and for other processes on a shared machine, so it is
 * the steadier measure of what the client code itself costs.
 */
async function timeOnce(variant, expected) {
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const count = await variant.run();
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const cpuUsed = process.cpuUsage(cpuStart);
  if (count !== expected) {
    throw new Error(`${variant.name} saw ${count} events, expected ${expected}`);
  }
  return { wall, cpu: (cpuUsed.user + cpuUsed.system) / 1000 };
}

/** Per-round medians and ratios, and their medians over rounds, for one metric (`wall` or `cpu`). */
function summarize(rounds, metric, events) {
  const perRound = rounds.map((times) => {
    const m = (key) => median(times[key].map((t) => t[metric]));
    const A = m('A');
    const C = m('C');
    const F = m('F');
    const Fp = m('Fp');
    const H = m('H');
    const I = m('I');
    return {
      A,
      C,
      F,
      Fp,
      H,
      I,
      ratio: A / F,
      collectRatio: C / F,
      control: Fp / F,
      decoder: H / F,
      iterator: I / F,
      overIterator: A / I,
    };
  });
  const over = (key) => median(perRound.map((r) => r[key]));
  const A = over('A');
  const C = over('C');
  const F = over('F');
  return {
    medianMs: {
      A: fixed(A, 3),
      C: fixed(C, 3),
      F: fixed(F, 3),
      Fp: fixed(over('Fp'), 3),
      H: fixed(over('H'), 3),
      I: fixed(over('I'), 3),
    },
    perEventOverheadNs: fixed(((A - F) * 1e6) / events, 0),
    collectPerEventOverheadNs: fixed(((C - F) * 1e6) / events, 0),
    ratio: fixed(over('ratio'), 3),
    collectRatio: fixed(over('collectRatio'), 3),
    control: fixed(over('control'), 3),
    decoderRatio: fixed(over('decoder'), 3),
    iteratorRatio: fixed(over('iterator'), 3),
    overIteratorRatio: fixed(over('overIterator'), 3),
    perRound: perRound.map((r) =>
      Object.fromEntries(Object.entries(r).map(([key, value]) => [key, fixed(value, 3)])),
    ),
  };
}

/**
 * Runs `rounds` rounds. In each round every variant runs a block of `iterations` timed requests (after
 * at least `settle` untimed ones and `settleMs` milliseconds of them), the order of the blocks changing from round to round, balanced for
 * carry-over (`balancedOrders`: each variant runs right after each other variant equally often; with
 * a plain rotation F always ran right after an aigo variant and F′ right after F, which biased the
 * control F′/F below 1), so drift in machine load hits all variants alike. Blocks rather than request-by-request alternation: the variants share
 * code (undici, eventsource-parser, streams), and switching on every request keeps V8's type feedback
 * polymorphic, which penalises whichever variant inlines most (measured: A/F 1.3× in blocks, 2× when
 * alternating per request) — a cost no real program, which streams through one path, pays. Per round:
 * each variant's median; the ratios A/F, F′/F, H/F, I/F and A/I; the results are the medians over rounds, for
 * CPU time and for wall-clock time. C is A consumed with `collect()` instead of `for await` (C/F).
 */
export async function runStreamBench({
  url,
  events,
  mode,
  rounds,
  iterations,
  warmup,
  settle = 3,
  settleMs = 0,
}) {
  const variants = {
    A: aigoVariant(url, mode),
    C: aigoCollectVariant(url, mode),
    F: floorVariant(url, mode, 'F'),
    Fp: floorVariant(url, mode, 'F′'),
    H: decoderOnlyVariant(url, mode),
    I: iteratorFloorVariant(url, mode),
  };
  const keys = Object.keys(variants);
  try {
    for (let i = 0; i < warmup; i++) for (const key of keys) await timeOnce(variants[key], events);
    const measured = [];
    const orders = balancedOrders(keys.length);
    for (let round = 0; round < rounds; round++) {
      const times = Object.fromEntries(keys.map((key) => [key, []]));
      for (const index of orders[round % orders.length]) {
        const key = keys[index];
        // A full GC before each block, not before each request: a forced full GC deoptimises the code
        // specialised for the hidden classes of objects that died (the last stream's chunks), and
        // the untimed settle requests let it warm up again (see ../anchors/stack-process.mjs).
        gc();
        const warm = performance.now() + settleMs;
        for (let i = 0; i < settle || performance.now() < warm; i++) {
          await timeOnce(variants[key], events);
        }
        for (let i = 0; i < iterations; i++) times[key].push(await timeOnce(variants[key], events));
      }
      measured.push(times);
    }
    return {
      mode,
      rounds,
      iterations,
      names: Object.fromEntries(keys.map((key) => [key, variants[key].name])),
      cpu: summarize(measured, 'cpu', events),
      wall: summarize(measured, 'wall', events),
    };
  } finally {
    for (const key of keys) await variants[key].close();
  }
}
