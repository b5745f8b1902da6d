/**
 * The scaled-down soak (`pnpm bench soak` runs 10,000): 1,000 streamed calls through @aigo/client +
 * @aigo/openai against a server in a child process, 8 at a time through a pool of 16 connections, each stopped at a point a
 * seeded generator picks — before the headers, mid-body, while a tool runs; by signal, by `break`, by a
 * deadline — or read to its end. Sockets and handles only (no heap, no time): after every fifty
 * calls, once they settled and the pool is quiet, the client's sockets to the server are within the
 * pool's size, the pool holds no request, no kind of active resource has grown and no listener is
 * left on the run's long-lived signal; after closing, no socket is open and nothing is left running.
 */
import { getEventListeners } from 'node:events';
import { createClient, inMemoryMemory, timeoutMiddleware } from '@aigo/client';
import { seededRandom } from '@aigo/testing';
import { between, type SoakKind, slowSoakTool, soakKinds } from '@aigo/testing/soak';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { openai } from '../src/index.js';
import {
  activeResources,
  clientSocketsTo,
  grownTypes,
  poolQuiet,
} from './support/client-sockets.js';
import { TEST_API_KEY } from './support/harness.js';
import { type SoakServer, startSoakServer } from './support/soak-server.js';

const CALLS = 1_000;
const EVERY = 50;
const CONCURRENCY = 8;
/**
 * Twice the calls in flight: undici hands a connection back to its pool one event-loop turn after
 * its response ended, so calls made back to back take a second one. A connection an ended call
 * kept would still leave room for the next calls, and show at the next checkpoint as a request the
 * pool runs, rather than as a hang.
 */
const POOL_SIZE = 16;
const SEED = 18;

let server: SoakServer;
/**
 * How to let go of what a test opened when it fails before closing it itself: a pool is destroyed
 * (closing it would wait for the requests a leak keeps running), so no socket outlives the test.
 */
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  server = await startSoakServer();
});

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

afterAll(async () => {
  await server.stop();
});

/** A provider over `dispatcher` (or its own pool), and the kinds over its clients. */
function setUp(dispatcher: Agent | undefined, longLived: AbortSignal) {
  const provider = openai({
    baseURL: `${server.origin}/v1`,
    apiKey: TEST_API_KEY,
    api: 'chat',
    ...(dispatcher === undefined ? {} : { dispatcher }),
  });
  const plain = createClient(provider, { defaultModel: 'full-1', tools: [slowSoakTool()] });
  const idle = plain.withOptions({ middleware: [timeoutMiddleware({ total: 60_000, idle: 3 })] });
  const kinds = soakKinds({
    plain,
    idle: () => idle,
    newMemory: inMemoryMemory,
    held: (id) => server.held(id),
    longLived,
  });
  return { provider, kinds };
}

/** The kind and the seed of every call, drawn up front so that the plan does not depend on timing. */
function plan(seed: number, calls: number, kinds: number): { kind: number; seed: number }[] {
  const random = seededRandom(seed);
  return Array.from({ length: calls }, () => ({
    kind: between(random, 0, kinds - 1),
    seed: Math.floor(random() * 2 ** 31),
  }));
}

/** The connections `pool` says it has to the server. */
function poolConnections(pool: Agent | undefined): number {
  if (pool === undefined) return 0;
  return (pool.stats as Record<string, { connected: number }>)[server.origin]?.connected ?? 0;
}

/** Client sockets to the server (from /proc; without it, the connections the pool says it has). */
function sockets(pool?: Agent): number {
  return clientSocketsTo(server.port) ?? poolConnections(pool);
}

/**
 * The client sockets once those being closed are gone: a socket the pool destroyed keeps its file
 * descriptor until libuv runs its close callback, a loop turn or so later. Waits up to 200 turns of
 * the event loop (no timer) while the process holds more sockets than the pool has connections.
 */
async function settledSockets(pool: Agent): Promise<number> {
  for (let turn = 0; turn < 200 && sockets(pool) > poolConnections(pool); turn++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return sockets(pool);
}

/** Reading /proc/net/tcp takes milliseconds on a busy machine: sockets are counted every 10 calls. */
const SAMPLE_EVERY = 10;

/**
 * Runs calls `from..to` of `calls`, `CONCURRENCY` at once; resolves to the most sockets seen as
 * calls settled (the pool's count after each call, the process's every `SAMPLE_EVERY`) and the
 * calls that did not end as their kind expects.
 */
async function runCalls(
  kinds: readonly SoakKind[],
  calls: readonly { kind: number; seed: number }[],
  from: number,
  to: number,
  pool?: Agent,
): Promise<{ peak: number; unexpected: string[] }> {
  let next = from;
  let peak = 0;
  const unexpected: string[] = [];
  const worker = async (): Promise<void> => {
    while (next < to) {
      const index = next++;
      const call = calls[index] as { kind: number; seed: number };
      const kind = kinds[call.kind] as SoakKind;
      const problem = await kind.run(seededRandom(call.seed), String(index));
      if (problem !== undefined) unexpected.push(`call ${index} (${kind.name}): ${problem}`);
      const counted = index % SAMPLE_EVERY === 0 ? sockets(pool) : 0;
      peak = Math.max(peak, counted, poolConnections(pool));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { peak, unexpected };
}

it(`${CALLS} aborted streams leave no socket, timer, handle or listener behind`, {
  timeout: 120_000,
}, async () => {
  const longLived = new AbortController().signal;
  const before = activeResources();
  const pool = new Agent({ connections: POOL_SIZE });
  const { provider, kinds } = setUp(pool, longLived);
  cleanups.push(
    () => provider.close(),
    () => pool.destroy(),
  );
  const calls = plan(SEED, CALLS, kinds.length);
  let first: Record<string, number> | undefined;
  for (let from = 0; from < CALLS; from += EVERY) {
    const { peak, unexpected } = await runCalls(kinds, calls, from, from + EVERY, pool);
    expect(unexpected).toEqual([]);
    expect(peak).toBeLessThanOrEqual(POOL_SIZE);
    // Every call settled; undici may still be reconnecting for a request an abort re-queued.
    expect(await poolQuiet(pool, server.origin)).toBe(0);
    // Not grown: within the pool's size, and each one an (idle) connection of the pool.
    const settled = await settledSockets(pool);
    expect(settled).toBeLessThanOrEqual(POOL_SIZE);
    expect(settled).toBeLessThanOrEqual(poolConnections(pool));
    const resources = activeResources();
    first ??= resources;
    expect(grownTypes(resources, first), `after ${from + EVERY} calls`).toEqual([]);
    expect(listenersOf(longLived)).toBe(0);
  }
  cleanups.length = 0;
  await provider.close();
  await pool.close(); // the provider leaves a pool it was given open
  expect(sockets()).toBe(0);
  expect(grownTypes(activeResources(), before)).toEqual([]);
});

it("the provider's own pool: nothing open after provider.close()", {
  timeout: 60_000,
}, async () => {
  const longLived = new AbortController().signal;
  const before = activeResources();
  const { provider, kinds } = setUp(undefined, longLived);
  cleanups.push(() => provider.close());
  const calls = plan(SEED + 1, 200, kinds.length);
  const { unexpected } = await runCalls(kinds, calls, 0, calls.length);
  expect(unexpected).toEqual([]);
  expect(listenersOf(longLived)).toBe(0);
  cleanups.length = 0;
  await provider.close();
  expect(sockets()).toBe(0);
  expect(grownTypes(activeResources(), before)).toEqual([]);
});

/** The 'abort' listeners on `signal`. */
function listenersOf(signal: AbortSignal): number {
  return getEventListeners(signal, 'abort').length;
}
