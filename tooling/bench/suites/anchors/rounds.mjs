// Alternating rounds and their summary, shared by the anchor benchmark's processes.
import { balancedOrders, fixed, median } from '../../shared/stats.mjs';

/** How far the floor-versus-floor control may stray from 1.00 for a ratio to count. */
export const CONTROL_TOLERANCE = 0.03;

/** True when a control ratio is within 1.00 ± CONTROL_TOLERANCE. */
export const withinTolerance = (control) => Math.abs(control - 1) <= CONTROL_TOLERANCE;

/**
 * Runs `count` rounds. In each round every key runs a block — `settle` untimed then `iterations`
 * timed calls of `measure(key)` — in an order that changes from round to round, balanced for
 * carry-over (`balancedOrders`: each key follows each other key equally often, so the floor and its
 * copy take turns running right after the stack), and drift in machine load hits every key alike.
 * Blocks rather than call-by-call alternation: stacks that share code (undici) would otherwise keep
 * V8's type feedback polymorphic, a cost no real program pays. `firstRound` continues the sequence
 * of orders of an earlier call; `beforeBlock()` runs before each block's untimed calls (a full GC, so
 * that no block pays for the garbage of the one before it), which go on for at least `settle` calls
 * and `settleMs` milliseconds: after a full GC, V8 re-optimises the code the GC deoptimised, which
 * took a few thousand requests (measured: settling on 640 requests left aigo at 1.18× the floor's
 * CPU per request, on 3,000 at 0.68–0.85×). Resolves to one `{ [key]: samples[] }` per round.
 */
export async function blockRounds(
  keys,
  { rounds, iterations, settle = 0, settleMs = 0 },
  measure,
  firstRound = 0,
  beforeBlock = () => undefined,
) {
  const orders = balancedOrders(keys.length);
  const perRound = [];
  for (let round = firstRound; round < firstRound + rounds; round++) {
    const samples = Object.fromEntries(keys.map((key) => [key, []]));
    for (const index of orders[round % orders.length]) {
      const key = keys[index];
      beforeBlock();
      const warm = performance.now() + settleMs;
      for (let i = 0; i < settle || performance.now() < warm; i++) await measure(key);
      for (let i = 0; i < iterations; i++) samples[key].push(await measure(key));
    }
    perRound.push(samples);
  }
  return perRound;
}

/**
 * Per round, each key's median of `field(sample)`; then, over rounds, the medians of each key's
 * figure, of X/F (`ratio`) and of F′/F (`control`). `valid` when the control is within tolerance.
 * Keys: X (the stack), F and Fp (the floor and its identical copy).
 */
export function summarize(perRound, field = (sample) => sample) {
  const medians = perRound.map((samples) =>
    Object.fromEntries(
      Object.entries(samples).map(([key, list]) => [key, median(list.map(field))]),
    ),
  );
  const control = median(medians.map((m) => m.Fp / m.F));
  return {
    X: median(medians.map((m) => m.X)),
    F: median(medians.map((m) => m.F)),
    ratio: fixed(median(medians.map((m) => m.X / m.F)), 3),
    control: fixed(control, 3),
    rounds: perRound.length,
    valid: withinTolerance(control),
    perRound: medians.map((m) => ({
      X: fixed(m.X, 4),
      F: fixed(m.F, 4),
      Fp: fixed(m.Fp, 4),
    })),
  };
}

/** Wall-clock ms and this process's CPU ms (user + system) of one call of `run`. */
export async function timed(run) {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const value = await run();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, value };
}
