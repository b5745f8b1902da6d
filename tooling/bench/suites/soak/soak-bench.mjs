// The soak (not a test, not a timing): 10,000 streamed calls through @aigo/client + @aigo/openai
// against a local Chat Completions server in another process (soak-server.mjs), CONCURRENCY at a
// time, each stopped at a point a seeded generator picks (`soakKinds` of @aigo/testing/soak: before the response
// headers, mid-body, while a tool runs; by `break`, by signal, by timeout), some read to the end.
//
//   node --expose-gc tooling/bench/suites/soak/soak-bench.mjs      (after `pnpm build`; Linux)
//
// The main run goes through a pool of POOL_SIZE connections (soak-pool.mjs says why). After each
// thousand calls, once every call of the thousand settled and the pool is quiet: the TCP sockets this
// process holds to the server (client-sockets.mjs, from /proc) and the most seen while the thousand
// ran, what the pool still runs, `process.getActiveResourcesInfo()` by type, the listeners left on
// the run's long-lived signal, and heapUsed after a forced GC. Then the provider and the pool are
// closed. A second, shorter run goes through the provider's own pool, which `provider.close()` closes.
//
// Criteria (soakVerdicts):
// - sockets: never more than the pool's size; after each thousand the pool runs no request (no
//   connection held by a call that ended), and the sockets have not grown: no more than the pool's
//   size, each one a connection of the pool (idle, ready for the next call); 0 once closed, for both
//   pools;
// - timers and handles: after each thousand no type above the first thousand's count, no listener
//   left on the long-lived signal; after closing, no type above its count before the first call;
// - heap: growth < 2 MB between 10 % and 100 % of the main run;
// - every call ended as its kind expects (typed AbortError / TimeoutError, or a clean `break`), none
//   hung.
import { getEventListeners } from 'node:events';
import { cpus } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fullGc, round3 } from '../../shared/cpu-timing.mjs';
import { forkServer } from '../../shared/fork-server.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDist as dist } from '../../shared/paths.mjs';
import { writeResult } from '../../shared/write-result.mjs';
import { activeResources, canCountSockets, clientSocketsTo } from './client-sockets.mjs';
import { boundedPool, poolQuiet, poolStats } from './soak-pool.mjs';
import { soakTable, soakVerdicts, TARGETS } from './soak-report.mjs';

const PACKAGES = ['ai', 'http', 'openai', 'client', 'react', 'testing'];
const serverScript = fileURLToPath(new URL('./soak-server.mjs', import.meta.url));

/**
 * The run's shape. In the environment, `SOAK_CALLS` and `SOAK_SEED` override `calls` and `seed`, and
 * `SOAK_KINDS` (names, comma-separated) runs only those kinds, to find which one a failure comes from.
 */
export const DEFAULTS = Object.freeze({
  calls: 10_000,
  every: 1_000,
  concurrency: 16,
  poolSize: 16,
  /** Calls of the second run, through the provider's own pool. */
  ownPoolCalls: 1_000,
  seed: 18,
  /** A thousand that takes longer than this has a call that never settled. */
  hangMs: 120_000,
  /** How long the pool may take to be quiet after a thousand (reconnects for aborted requests). */
  quietMs: 5_000,
});

let packages;

/** Loads the built packages; false (with the reason on stderr) when one is not built. */
async function load() {
  if (!packagesBuilt('soak', PACKAGES)) return false;
  const [ai, openai, client, react, testing] = await Promise.all(
    ['ai', 'openai', 'client', 'react', 'testing'].map((name) => import(dist(name).href)),
  );
  packages = { ai, openai, client, react, testing };
  return true;
}

/** A provider (on `dispatcher`, or its own pool) and the kinds, over its clients and agent. */
function soakSetup(origin, { dispatcher, only, longLived }) {
  const { openai, client, react, testing } = packages;
  const provider = openai.openai({
    baseURL: `${origin}/v1`,
    apiKey: 'sk-soak',
    api: 'chat',
    ...(dispatcher === undefined ? {} : { dispatcher }),
  });
  const plain = client.createClient(provider, {
    defaultModel: 'full-1',
    tools: [testing.slowSoakTool()],
  });
  const idleClients = new Map();
  for (let idle = 2; idle <= 6; idle++) {
    idleClients.set(
      idle,
      plain.withOptions({ middleware: [client.timeoutMiddleware({ total: 60_000, idle })] }),
    );
  }
  const agent = react.createReAct(plain.withOptions({ defaultModel: 'tool' }), {
    maxIterations: 2,
    toolConcurrency: 1,
  });
  const kinds = testing.soakKinds({
    plain,
    idle: (random) => idleClients.get(testing.between(random, 2, 6)),
    newMemory: () => client.inMemoryMemory(),
    agent,
    longLived,
  });
  return { provider, kinds: only ? kinds.filter((kind) => only.includes(kind.name)) : kinds };
}

/** Every call's kind and its own seed, drawn up front so the plan does not depend on timing. */
function planCalls(random, calls, kindCount) {
  return Array.from({ length: calls }, () => ({
    kind: packages.testing.between(random, 0, kindCount - 1),
    seed: Math.floor(random() * 2 ** 31),
  }));
}

/**
 * Reading /proc/net/tcp takes milliseconds on a busy machine (the kernel writes out every TCP socket of
 * the machine): the process's sockets are counted every this many calls, the pool's connections after
 * every call.
 */
const SAMPLE_EVERY = 20;

/**
 * Runs `plan[from..to)` with `concurrency` calls at once; resolves once every call settled, to the
 * most sockets seen (as calls settle: `pool`'s connections after each, the process's sockets every
 * `SAMPLE_EVERY`), or to `{ hung }` (the kinds still running) after `hangMs`. Outcomes go into `tally`.
 */
async function runCalls({ plan, from, to, kinds, concurrency, port, hangMs, tally, pool, origin }) {
  const { seededRandom } = packages.testing;
  let next = from;
  let peak = clientSocketsTo(port);
  const running = new Map();
  const worker = async () => {
    while (next < to) {
      const index = next++;
      const { kind, seed } = plan[index];
      const entry = kinds[kind];
      running.set(index, entry.name);
      let problem;
      try {
        problem = await entry.run(seededRandom(seed));
      } catch (error) {
        problem = `threw ${error instanceof Error ? error.message : String(error)}`;
      }
      running.delete(index);
      tally[entry.name] ??= { calls: 0, unexpected: 0, examples: [] };
      const counts = tally[entry.name];
      counts.calls++;
      if (problem !== undefined) {
        counts.unexpected++;
        if (counts.examples.length < 3) counts.examples.push(problem);
      }
      const counted = index % SAMPLE_EVERY === 0 ? clientSocketsTo(port) : 0;
      const connected = pool === undefined ? 0 : poolStats(pool, origin).connected;
      peak = Math.max(peak, counted, connected);
    }
  };
  let timer;
  const hang = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ hung: [...running.values()] }), hangMs);
  });
  const done = Promise.all(Array.from({ length: concurrency }, worker)).then(() => ({ peak }));
  const outcome = await Promise.race([done, hang]);
  clearTimeout(timer);
  return outcome;
}

const mb = (bytes) => round3(bytes / 2 ** 20);

/** The main run: `calls` through a pool of `poolSize`, measured after each thousand. */
async function mainRun({ server, options, longLived, tally }) {
  const { calls, every, concurrency, poolSize, seed, hangMs, quietMs, only } = options;
  const port = server.info.port;
  const pool = boundedPool(poolSize);
  const { provider, kinds } = soakSetup(server.origin, { dispatcher: pool, only, longLived });
  const plan = planCalls(packages.testing.seededRandom(seed), calls, kinds.length);
  const thousands = [];
  let hung;
  const started = performance.now();
  for (let from = 0; from < calls; from += every) {
    const to = Math.min(from + every, calls);
    const batchStart = performance.now();
    const outcome = await runCalls({
      plan,
      from,
      to,
      kinds,
      concurrency,
      port,
      hangMs,
      tally,
      pool,
      origin: server.origin,
    });
    if (outcome.hung !== undefined) {
      hung = { at: to, kinds: outcome.hung };
      break;
    }
    const quietAfterMs = await poolQuiet(pool, server.origin, quietMs);
    const sockets = clientSocketsTo(port);
    const resources = activeResources();
    const listeners = getEventListeners(longLived, 'abort').length;
    const stats = poolStats(pool, server.origin);
    fullGc();
    thousands.push({
      calls: to,
      seconds: round3((performance.now() - batchStart) / 1000),
      peakSockets: Math.max(outcome.peak, sockets),
      sockets,
      pool: stats,
      quietAfterMs: quietAfterMs ?? null,
      resources,
      longLivedListeners: listeners,
      heapUsedMb: mb(process.memoryUsage().heapUsed),
    });
    const last = thousands.at(-1);
    process.stderr.write(
      `soak: ${to} calls, sockets ${sockets} (peak ${last.peakSockets}), pool running ${stats.running}, heap ${last.heapUsedMb} MB\n`,
    );
  }
  const seconds = round3((performance.now() - started) / 1000);
  const closing = Promise.all([provider.close(), pool.close()]);
  if (hung === undefined) await closing;
  else await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  return {
    kinds: kinds.map((k) => k.name),
    seconds,
    thousands,
    hung,
    closedSockets: clientSocketsTo(port),
  };
}

/** The second run: `ownPoolCalls` through the provider's own pool, then `provider.close()`. */
async function ownPoolRun({ server, options, longLived, tally }) {
  const { ownPoolCalls, concurrency, seed, hangMs, only } = options;
  const port = server.info.port;
  const { provider, kinds } = soakSetup(server.origin, { only, longLived });
  const plan = planCalls(packages.testing.seededRandom(seed + 1), ownPoolCalls, kinds.length);
  const outcome = await runCalls({
    plan,
    from: 0,
    to: ownPoolCalls,
    kinds,
    concurrency,
    port,
    hangMs,
    tally,
  });
  const settledSockets = clientSocketsTo(port);
  await provider.close();
  return {
    calls: ownPoolCalls,
    peakSockets: outcome.peak ?? null,
    settledSockets,
    closedSockets: clientSocketsTo(port),
    ...(outcome.hung === undefined ? {} : { hung: { at: ownPoolCalls, kinds: outcome.hung } }),
  };
}

/** Runs the soak; resolves to the figures per thousand, after closing, and the verdicts. */
export async function runSoak(overrides = {}) {
  const merged = { ...DEFAULTS, ...overrides };
  const options = { ...merged, ownPoolCalls: Math.min(merged.ownPoolCalls, merged.calls) };
  const server = await forkServer(serverScript, [], 'soak server');
  const longLived = new AbortController().signal;
  const tally = {};
  fullGc();
  const before = { resources: activeResources(), sockets: clientSocketsTo(server.info.port) };
  const main = await mainRun({ server, options, longLived, tally });
  const ownPool =
    main.hung === undefined ? await ownPoolRun({ server, options, longLived, tally }) : undefined;
  const after = {
    resources: activeResources(),
    longLivedListeners: getEventListeners(longLived, 'abort').length,
  };
  await server.stop();
  const result = {
    calls: options.calls,
    every: options.every,
    concurrency: options.concurrency,
    poolSize: options.poolSize,
    seed: options.seed,
    seconds: main.seconds,
    kinds: main.kinds,
    before,
    thousands: main.thousands,
    closedSockets: main.closedSockets,
    ownPool: ownPool ?? null,
    after,
    outcomes: tally,
    hung: main.hung ?? ownPool?.hung ?? null,
    targets: TARGETS,
  };
  return { ...result, verdicts: soakVerdicts(result) };
}

/**
 * Runs the soak, prints its tables and writes its JSON to tooling/bench/results/. The runner
 * (`pnpm bench soak`) calls this; it also runs on its own:
 * `node --expose-gc tooling/bench/suites/soak/soak-bench.mjs`.
 */
export async function main(options = {}) {
  if (!canCountSockets()) return { skipped: 'no /proc/self/fd and /proc/net/tcp to count sockets' };
  if (!(await load())) return undefined;
  const fromEnv = {
    ...(process.env.SOAK_CALLS ? { calls: Number(process.env.SOAK_CALLS) } : {}),
    ...(process.env.SOAK_SEED ? { seed: Number(process.env.SOAK_SEED) } : {}),
    ...(process.env.SOAK_KINDS ? { only: process.env.SOAK_KINDS.split(',') } : {}),
  };
  const result = await runSoak({ ...fromEnv, ...options });
  process.stdout.write(
    `\n${soakTable(result)}\n\nNode ${process.version}, ${cpus().length} CPUs.\n`,
  );
  writeResult('soak', result);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
