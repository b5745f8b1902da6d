// The soak (not a test, not a timing): 10,000 streamed calls through @aigo/client + @aigo/openai
// against a local Chat Completions server in another process (soak-server.mjs), CONCURRENCY at a
// time, each stopped at a point a seeded generator picks (soak-kinds.mjs: before the response
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
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fullGc, round3 } from '../../shared/cpu-timing.mjs';
import { forkServer } from '../../shared/fork-server.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDist as dist, packageDirectory } from '../../shared/paths.mjs';
import { writeResult } from '../../shared/write-result.mjs';
import { activeResources, canCountSockets, clientSocketsTo } from './client-sockets.mjs';
import { between, slowTool, soakKinds } from './soak-kinds.mjs';
import { boundedPool, poolQuiet, poolStats } from './soak-pool.mjs';

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
export const TARGETS = Object.freeze({ heapGrowthMb: 2 });

let packages;

/** Loads the built packages; false (with the reason on stderr) when one is not built. */
async function load() {
  if (!packagesBuilt('soak', PACKAGES)) return false;
  const [ai, openai, client, react, testing] = await Promise.all(
    ['ai', 'openai', 'client', 'react', 'testing'].map((name) => import(dist(name).href)),
  );
  // typebox is a dependency of the packages, not of the bench: load it from where @aigo/react has it.
  const resolve = createRequire(new URL('package.json', packageDirectory('react'))).resolve;
  const { Type } = await import(pathToFileURL(resolve('typebox')).href);
  packages = { ai, openai, client, react, testing, Type };
  return true;
}

/** A provider (on `dispatcher`, or its own pool) and the kinds, over its clients and agent. */
function soakSetup(origin, { dispatcher, only, longLived }) {
  const { ai, openai, client, react, Type } = packages;
  const provider = openai.openai({
    baseURL: `${origin}/v1`,
    apiKey: 'sk-soak',
    api: 'chat',
    ...(dispatcher === undefined ? {} : { dispatcher }),
  });
  const plain = client.createClient(provider, {
    defaultModel: 'full-1',
    tools: [slowTool({ defineTool: ai.defineTool, Type })],
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
  const kinds = soakKinds({ ai, client, plain, idleClients, agent, longLived });
  return { provider, kinds: only ? kinds.filter((kind) => only.includes(kind.name)) : kinds };
}

/** Every call's kind and its own seed, drawn up front so the plan does not depend on timing. */
function planCalls(random, calls, kindCount) {
  return Array.from({ length: calls }, () => ({
    kind: between(random, 0, kindCount - 1),
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

/** Types whose count in `now` is above their count in `reference`: `[type, now, reference]`. */
function grownTypes(now, reference) {
  return Object.entries(now)
    .filter(([type, count]) => count > (reference[type] ?? 0))
    .map(([type, count]) => [type, count, reference[type] ?? 0]);
}

/** The pass/fail of each criterion, with the figures it was judged on. */
export function soakVerdicts(result) {
  const { thousands, after, before, poolSize, outcomes, hung, ownPool } = result;
  const complete = hung === null && thousands.length > 0;
  const first = thousands[0];
  const last = thousands.at(-1);
  const peak = Math.max(0, ...thousands.map((t) => t.peakSockets));
  const held = thousands.filter((t) => t.quietAfterMs === null || t.pool.running > 0);
  const grownSockets = thousands.filter(
    (t) => t.sockets > poolSize || t.sockets > t.pool.connected,
  );
  const grown = thousands.flatMap((t) =>
    grownTypes(t.resources, first?.resources ?? {}).map(
      ([type, count, reference]) => `${type} ${count} > ${reference} at ${t.calls}`,
    ),
  );
  const listeners = Math.max(
    after.longLivedListeners,
    ...thousands.map((t) => t.longLivedListeners),
  );
  const leftOpen = grownTypes(after.resources, before.resources).map(
    ([type, count, reference]) => `${type} ${count} > ${reference}`,
  );
  const unexpected = Object.values(outcomes).reduce((sum, o) => sum + o.unexpected, 0);
  const heapGrowthMb = complete ? round3(last.heapUsedMb - first.heapUsedMb) : null;
  return {
    socketsBounded: { pass: complete && peak <= poolSize, peak, poolSize },
    socketsReleased: {
      pass: complete && held.length === 0,
      held: held.map((t) => ({ at: t.calls, running: t.pool.running })),
    },
    socketsNotGrowing: {
      pass: complete && grownSockets.length === 0,
      most: Math.max(0, ...thousands.map((t) => t.sockets)),
      outside: grownSockets.map((t) => ({
        at: t.calls,
        sockets: t.sockets,
        pool: t.pool.connected,
      })),
    },
    socketsClosed: {
      pass: result.closedSockets === 0 && ownPool !== null && ownPool.closedSockets === 0,
      pool: result.closedSockets,
      ownPool: ownPool?.closedSockets ?? null,
    },
    handlesNotGrowing: {
      pass: complete && grown.length === 0 && listeners === 0,
      grown,
      listeners,
    },
    handlesReleased: { pass: leftOpen.length === 0, leftOpen },
    heap: { pass: complete && heapGrowthMb < TARGETS.heapGrowthMb, growthMb: heapGrowthMb },
    outcomes: { pass: complete && ownPool !== null && unexpected === 0, unexpected, hung },
  };
}

const verdict = (pass) => (pass ? 'ok' : '**fail**');
const resourceText = (resources) =>
  Object.entries(resources)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, count]) => `${type} ${count}`)
    .join(', ') || 'none';

/** The criteria of a soak result as rows: criterion, result, target, verdict. */
export function soakCriteria(result) {
  const v = result.verdicts;
  const settled = Object.values(result.outcomes).reduce((sum, o) => sum + o.calls, 0);
  const total = result.calls + (result.ownPool?.calls ?? 0);
  return [
    [
      'client sockets to the server, most at once',
      `${v.socketsBounded.peak}`,
      `≤ pool size ${v.socketsBounded.poolSize}`,
      verdict(v.socketsBounded.pass),
    ],
    [
      'requests the pool still runs after each thousand (connections held by ended calls)',
      v.socketsReleased.held.length === 0
        ? '0'
        : v.socketsReleased.held.map((h) => `${h.running} at ${h.at}`).join(', '),
      '0',
      verdict(v.socketsReleased.pass),
    ],
    [
      'client sockets after each thousand (not growing: each an idle connection of the pool)',
      v.socketsNotGrowing.outside.length === 0
        ? `${v.socketsNotGrowing.most} at most, all the pool's`
        : v.socketsNotGrowing.outside
            .map((o) => `${o.sockets} (pool ${o.pool}) at ${o.at}`)
            .join(', '),
      `≤ pool size ${result.poolSize}, none outside the pool`,
      verdict(v.socketsNotGrowing.pass),
    ],
    [
      'client sockets once closed (the pool; the provider’s own pool after `provider.close()`)',
      `${v.socketsClosed.pool}; ${v.socketsClosed.ownPool ?? '—'}`,
      '0; 0',
      verdict(v.socketsClosed.pass),
    ],
    [
      'active timers and handles after each thousand; listeners left on the long-lived signal',
      `${v.handlesNotGrowing.grown.length === 0 ? 'no type grew' : v.handlesNotGrowing.grown.join('; ')}; ${v.handlesNotGrowing.listeners} listeners`,
      'no type above the first thousand; 0',
      verdict(v.handlesNotGrowing.pass),
    ],
    [
      'active timers and handles after closing',
      v.handlesReleased.leftOpen.length === 0
        ? `${resourceText(result.after.resources)} (before the first call: ${resourceText(result.before.resources)})`
        : v.handlesReleased.leftOpen.join('; '),
      'no type above before the first call',
      verdict(v.handlesReleased.pass),
    ],
    [
      "heapUsed growth, GC'd, 10 % → 100 % of the main run",
      v.heap.growthMb === null ? '—' : `${v.heap.growthMb} MB`,
      `< ${TARGETS.heapGrowthMb} MB`,
      verdict(v.heap.pass),
    ],
    [
      'calls that ended as their kind expects',
      `${settled - v.outcomes.unexpected} of ${total}${v.outcomes.unexpected > 0 ? ` (${v.outcomes.unexpected} unexpected)` : ''}${v.outcomes.hung ? `; hung at ${v.outcomes.hung.at}: ${v.outcomes.hung.kinds.join(', ')}` : ''}`,
      'all, none hung',
      verdict(v.outcomes.pass),
    ],
  ];
}

const row = (cells) => `| ${cells.join(' | ')} |`;
const count = (n) => n.toLocaleString('en');

/** The soak's report: figures per thousand, outcomes per kind, and a verdict per criterion. */
export function soakTable(result) {
  const own = result.ownPool;
  const lines = [
    `## Soak: ${count(result.calls)} aborted streams through @aigo/client + @aigo/openai (${result.concurrency} at once, pool of ${result.poolSize}, seed ${result.seed}, ${result.seconds} s)`,
    '',
    'After each thousand, once every call settled and the pool was quiet (quiet: ms it took, reconnects for aborted requests included).',
    '',
    '| after calls | s | client sockets, most during | client sockets | pool connected / running | quiet | active resources | long-lived signal listeners | heapUsed after GC |',
    '|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    ...result.thousands.map((t) =>
      row([
        count(t.calls),
        t.seconds,
        t.peakSockets,
        t.sockets,
        `${t.pool.connected} / ${t.pool.running}`,
        t.quietAfterMs === null ? 'never' : `${t.quietAfterMs} ms`,
        resourceText(t.resources),
        t.longLivedListeners,
        `${t.heapUsedMb} MB`,
      ]),
    ),
    row(['pool closed', '—', '—', result.closedSockets, '—', '—', '—', '—', '—']),
    '',
    own === null
      ? 'The second run, through the provider’s own pool, did not run (the main run hung).'
      : `Then ${count(own.calls)} more calls through the provider’s own pool (undici Agent, no per-origin limit): client sockets ${own.peakSockets} at most, ${own.settledSockets} once the calls settled, ${own.closedSockets} after \`provider.close()\`.`,
    '',
    '| kind | calls | unexpected | first unexpected |',
    '|---|---:|---:|---|',
    ...result.kinds.map((name) => {
      const o = result.outcomes[name] ?? { calls: 0, unexpected: 0, examples: [] };
      return row([name, o.calls, o.unexpected, o.examples[0] ?? '—']);
    }),
    '',
    '| criterion | result | target | verdict |',
    '|---|---|---|---|',
    ...soakCriteria(result).map(row),
  ];
  return lines.join('\n');
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
