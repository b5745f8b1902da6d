// CPU timing shared by the per-call overhead benches (client, react, observability).
import { balancedOrders } from './stats.mjs';

/** CPU time of this process (user + system) in µs: less disturbed by other processes than wall time. */
export function cpuNowUs() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** Two full collections (the second finishes what the first's finalisers freed). Needs --expose-gc. */
export function fullGc() {
  if (typeof globalThis.gc !== 'function') throw new Error('run node with --expose-gc');
  globalThis.gc();
  globalThis.gc();
}

/** `value` rounded to three decimals. */
export const round3 = (value) => Math.round(value * 1000) / 1000;

/**
 * Runs the arms (async functions, one batch of work each) in many small interleaved batches, so
 * drift, GC and other processes hit every arm alike; returns each arm's total CPU µs. The orders are
 * balanced for carry-over (each arm runs right after each other arm equally often): with a plain
 * rotation an arm that always ran right after the heaviest one paid for its garbage.
 */
export async function interleaved(arms, batches) {
  const names = Object.keys(arms);
  const orders = balancedOrders(names.length);
  const totals = Object.fromEntries(names.map((name) => [name, 0]));
  for (let batch = 0; batch < batches; batch++) {
    for (const index of orders[batch % orders.length]) {
      const name = names[index];
      const start = cpuNowUs();
      await arms[name]();
      totals[name] += cpuNowUs() - start;
    }
  }
  return totals;
}
