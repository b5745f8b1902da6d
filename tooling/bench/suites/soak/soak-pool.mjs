// The connection pool of the soak's main run, and how the soak waits for it to be quiet.
//
// The provider's own pool (an undici Agent made by @aigo/http) has no per-origin limit: it opens what
// the load needs — with callers that keep aborting, about 2.5 connections per call in flight, since
// undici reuses a kept-alive connection only one event-loop turn after its response ended and opens
// one more for every request aborted while its response arrived (undici issue #5845) — so "never more
// than the pool's size" has no size to hold it to. The main run gives the provider a pool of a known
// size instead, the way an application bounds its connections: an undici Agent with
// `connections: POOL_SIZE` as the provider's `dispatcher`. Its `stats` also say what the pool still
// runs, which is what a connection kept by an ended call shows as.
import { Agent } from 'undici';

/** An undici Agent that keeps at most `size` connections per origin. */
export function boundedPool(size) {
  return new Agent({ connections: size });
}

/** The pool's figures for `origin`: connected, free, pending, queued, running, size. */
export function poolStats(agent, origin) {
  const stats = agent.stats[origin];
  if (stats === undefined)
    return { connected: 0, free: 0, pending: 0, queued: 0, running: 0, size: 0 };
  const { connected, free, pending, queued, running, size } = stats;
  return { connected, free, pending, queued, running, size };
}

/**
 * Waits until the pool runs, queues and has pending no request (and one event-loop turn more),
 * polling every millisecond, for at most `limitMs`. Every call has settled when this runs; what the pool may still do is reconnect for
 * a request that was aborted while it ran (undici re-queues it, connects, then drops it — undici issue
 * #5845). Resolves to the milliseconds it took, or to `undefined` when the pool did not get quiet (a
 * request still running is a connection held by a call that ended: a leak).
 */
export async function poolQuiet(agent, origin, limitMs) {
  const started = performance.now();
  const busy = () => {
    const { pending, queued, running } = poolStats(agent, origin);
    return pending + queued + running > 0;
  };
  for (;;) {
    const waited = performance.now() - started;
    if (!busy()) {
      // undici hands a connection back to its pool one event-loop turn after its response ended.
      await new Promise((resolve) => setImmediate(resolve));
      if (!busy()) return Math.round(waited);
    }
    if (waited > limitMs) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
