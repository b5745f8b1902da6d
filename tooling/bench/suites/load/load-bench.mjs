// The load benchmark (not a test): N concurrent conversations × T streamed turns, each reading its
// history, streaming a paced answer (40 tokens 10 ms apart, from a server in its own process) and
// storing the turn — through @aigo/client + @aigo/openai + @aigo/memory-pg, and through the floor
// (load-turns.mjs) on the same server and the same PostgreSQL, in alternating rounds of one run.
//
//   node --expose-gc tooling/bench/suites/load/load-bench.mjs            (after `pnpm build`)
//   BENCH_QUICK=1 node --expose-gc tooling/bench/suites/load/load-bench.mjs   (100 × 2, 2 rounds)
//   DATABASE_URL=postgres://… node --expose-gc …                          (else a scratch cluster)
//
// Figures per N: p50 and p99 of the time to first token and of the whole turn (from asking to the
// turn stored), each the median over rounds of the per-round ratio aigo / floor; the control is an
// identical copy of the floor (its own tables and pool) in the same rounds. Also: wall time of a
// round, statements sent to PostgreSQL per turn and pool wait per turn (pg-meter.mjs), errors, and
// the heap after a full GC following every aigo round (flat: the last minus the first).
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchPostgres } from '../../shared/bench-postgres.mjs';
import { forkServer } from '../../shared/fork-server.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDirectory, packageDist } from '../../shared/paths.mjs';
import { balancedOrders, median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';
import { aigoTurner, floorTurner, MODEL } from './load-turns.mjs';
import { meterPool } from './pg-meter.mjs';

/** Connections per pool: the store's default, for aigo and both floors. */
export const POOL_SIZE = 10;
export const TOKENS = 40;
export const GAP_MS = 10;

const FULL = [
  { conversations: 500, turns: 3, rounds: 5 },
  { conversations: 2000, turns: 2, rounds: 5 },
];
const QUICK = [{ conversations: 100, turns: 2, rounds: 2 }];
const VARIANTS = ['aigo', 'floor', 'floorCopy'];
const PROMPTS = [
  'What is the weather like in Lisbon today?',
  'And tomorrow, should I take an umbrella?',
  'Thanks. What about the weekend?',
];

/** The `q` quantile (0–1) of an array of numbers, nearest rank. */
function quantile(values, q) {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** N conversations at once, T turns each in sequence; the timings of every turn. */
async function runBlock(turn, prefix, conversations, turns) {
  const firstToken = [];
  const whole = [];
  const reads = [];
  let errors = 0;
  let firstError;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: conversations }, async (_, index) => {
      for (let t = 0; t < turns; t++) {
        try {
          const timing = await turn(`${prefix}-${index}`, PROMPTS[t % PROMPTS.length]);
          firstToken.push(timing.firstTokenMs);
          whole.push(timing.turnMs);
          reads.push(timing.readMs);
        } catch (error) {
          errors++;
          firstError ??= error;
        }
      }
    }),
  );
  const wallMs = performance.now() - started;
  if (firstError) console.error(`${prefix}: ${errors} errors, the first: ${firstError.stack}`);
  return {
    firstTokenP50: quantile(firstToken, 0.5),
    firstTokenP99: quantile(firstToken, 0.99),
    turnP50: quantile(whole, 0.5),
    turnP99: quantile(whole, 0.99),
    historyReadP50: quantile(reads, 0.5),
    historyReadP99: quantile(reads, 0.99),
    wallMs,
    errors,
    turns: whole.length,
  };
}

const gc = () => globalThis.gc?.();
const round2 = (value) => Math.round(value * 100) / 100;
const round3 = (value) => Math.round(value * 1000) / 1000;

/** Runs the benchmark; resolves to its result (also written as JSON and printed as a table). */
export async function main({
  quick = process.env.BENCH_QUICK === '1',
  log = console.error,
  configs = quick ? QUICK : FULL,
  only,
} = {}) {
  // `only` (profile-turns.mjs): one variant, no ratios.
  const variants = only ? [only] : VARIANTS;
  if (!packagesBuilt('load', ['client', 'openai', 'memory-pg'])) {
    process.exitCode = 1;
    return undefined;
  }
  const [{ createClient }, { openai }, { pgMemoryStore }] = await Promise.all([
    import(packageDist('client').href),
    import(packageDist('openai').href),
    import(packageDist('memory-pg').href),
  ]);
  const requireFromMemoryPg = createRequire(new URL('package.json', packageDirectory('memory-pg')));
  const pg = requireFromMemoryPg('pg');
  const { Agent } = await import('undici');

  const server = await forkServer(
    fileURLToPath(new URL('paced-server.mjs', import.meta.url)),
    [String(TOKENS), String(GAP_MS)],
    'the paced model server',
  );
  const { url, cluster, stop: stopPostgres } = await benchPostgres();
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  const schemas = Object.fromEntries(
    VARIANTS.map((v) => [v, `bench_load_${v.toLowerCase()}_${suffix}`]),
  );
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  const pools = {};
  const closers = [];
  try {
    const postgres = (await admin.query('SHOW server_version')).rows[0].server_version;
    // Every variant's tables are made by the store's own migration.
    for (const schema of Object.values(schemas)) {
      const migrating = pgMemoryStore({ connectionString: url, schema, poolSize: 1 });
      await migrating.ready();
      await migrating.close();
    }
    for (const variant of VARIANTS) {
      pools[variant] = new pg.Pool({ connectionString: url, max: POOL_SIZE });
      closers.push(() => pools[variant].end());
    }
    const meters = Object.fromEntries(VARIANTS.map((v) => [v, meterPool(pools[v])]));

    const store = pgMemoryStore({ pool: pools.aigo, schema: schemas.aigo });
    const client = createClient(openai({ baseURL: `${server.origin}/v1`, apiKey: 'load-bench' }), {
      defaultModel: MODEL,
    });
    const dispatchers = VARIANTS.slice(1).map(() => new Agent());
    closers.push(() => Promise.all(dispatchers.map((d) => d.close())));
    const tablesOf = (variant) => ({
      suffix: variant,
      messages: `"${schemas[variant]}"."aigo_messages"`,
      conversations: `"${schemas[variant]}"."aigo_messages_conversations"`,
    });
    const turners = {
      aigo: aigoTurner({ client, store }),
      floor: floorTurner({
        pool: pools.floor,
        dispatcher: dispatchers[0],
        url: `${server.origin}/v1/chat/completions`,
        tables: tablesOf('floor'),
      }),
      floorCopy: floorTurner({
        pool: pools.floorCopy,
        dispatcher: dispatchers[1],
        url: `${server.origin}/v1/chat/completions`,
        tables: tablesOf('floorCopy'),
      }),
    };

    log(`load: warm-up (PostgreSQL ${postgres}, node ${process.version}, ${cpus().length} CPUs)`);
    for (const variant of variants) {
      await runBlock(turners[variant], `warm-${variant}`, 100, 2);
      meters[variant].take();
    }

    const orders = only ? [[VARIANTS.indexOf(only)]] : balancedOrders(VARIANTS.length);
    // The heap after each aigo round, per N: idle keep-alive sockets (one per stream that ran at
    // once) stay in the heap between rounds, so a larger N starts from a larger heap; growth is
    // judged over the rounds of one N.
    const heapMbByConfig = [];
    const results = [];
    for (const config of configs) {
      const rounds = [];
      const heapMb = [];
      heapMbByConfig.push({ conversations: config.conversations, heapMb });
      for (let round = 0; round < config.rounds; round++) {
        const blocks = {};
        for (const position of orders[round % orders.length]) {
          const variant = VARIANTS[position];
          gc();
          const cpuBefore = process.cpuUsage();
          const eluBefore = performance.eventLoopUtilization();
          const block = await runBlock(
            turners[variant],
            `${variant}-${config.conversations}-${round}`,
            config.conversations,
            config.turns,
          );
          const cpu = process.cpuUsage(cpuBefore);
          const elu = performance.eventLoopUtilization(eluBefore);
          const meter = meters[variant].take();
          blocks[variant] = {
            ...block,
            statementsPerTurn: meter.statements / Math.max(1, block.turns),
            poolWaitMsPerTurn: meter.waitMs / Math.max(1, block.turns),
            statementMs: meter.statementMs / Math.max(1, meter.statements),
            cpuMsPerTurn: (cpu.user + cpu.system) / 1000 / Math.max(1, block.turns),
            eventLoopUtilization: elu.utilization,
            readWaitMs: meter.read.waitMs / Math.max(1, meter.read.waits),
            readMs: meter.read.statementMs / Math.max(1, meter.read.statements),
            writeWaitMs: meter.write.waitMs / Math.max(1, meter.write.waits),
            writeMs: meter.write.statementMs / Math.max(1, meter.write.statements),
          };
          if (variant === 'aigo') {
            gc();
            heapMb.push(process.memoryUsage().heapUsed / 2 ** 20);
          }
        }
        rounds.push(blocks);
        log(
          `load ${config.conversations}×${config.turns} round ${round + 1}/${config.rounds}: first token p50 ${variants.map((v) => `${v} ${blocks[v].firstTokenP50.toFixed(1)}`).join(', ')} ms`,
        );
      }
      results.push(only ? { ...config, rounds } : summarise(config, rounds));
    }
    const result = {
      postgres: `${postgres}${cluster ? ' (scratch cluster)' : ''}`,
      node: process.version,
      poolSize: POOL_SIZE,
      server: { tokens: TOKENS, gapMs: GAP_MS },
      quick,
      configs: results,
      heap: summariseHeap(heapMbByConfig),
    };
    return result;
  } finally {
    for (const close of closers.reverse()) await close().catch(() => {});
    await admin.end().catch(() => {});
    await server.stop();
    await stopPostgres();
  }
}

/** Per N: the heap after the first and the last aigo round; overall, the largest growth. */
function summariseHeap(byConfig) {
  const perConfig = byConfig.map(({ conversations, heapMb }) => ({
    conversations,
    firstMb: round3(heapMb[0] ?? 0),
    lastMb: round3(heapMb.at(-1) ?? 0),
    growthMb: round3((heapMb.at(-1) ?? 0) - (heapMb[0] ?? 0)),
  }));
  return { growthMb: Math.max(...perConfig.map((c) => c.growthMb)), perConfig };
}

const FIGURES = ['firstTokenP50', 'firstTokenP99', 'turnP50', 'turnP99'];

/** Per figure: medians of the absolute values and of the per-round ratios aigo / floor, floor′ / floor. */
function summarise(config, rounds) {
  const figures = {};
  for (const figure of FIGURES) {
    figures[figure] = {
      aigoMs: round2(median(rounds.map((r) => r.aigo[figure]))),
      floorMs: round2(median(rounds.map((r) => r.floor[figure]))),
      ratio: round3(median(rounds.map((r) => r.aigo[figure] / r.floor[figure]))),
      control: round3(median(rounds.map((r) => r.floorCopy[figure] / r.floor[figure]))),
    };
  }
  const per = (key, digits = 2) =>
    Object.fromEntries(
      VARIANTS.map((v) => [
        v,
        Math.round(median(rounds.map((r) => r[v][key])) * 10 ** digits) / 10 ** digits,
      ]),
    );
  return {
    ...config,
    figures,
    wallMs: per('wallMs', 0),
    statementsPerTurn: per('statementsPerTurn'),
    poolWaitMsPerTurn: per('poolWaitMsPerTurn'),
    statementMs: per('statementMs'),
    historyReadP50: per('historyReadP50'),
    historyReadP99: per('historyReadP99'),
    cpuMsPerTurn: per('cpuMsPerTurn', 3),
    eventLoopUtilization: per('eventLoopUtilization', 3),
    readWaitMs: per('readWaitMs'),
    readMs: per('readMs'),
    writeWaitMs: per('writeWaitMs'),
    writeMs: per('writeMs'),
    errors: Object.fromEntries(
      VARIANTS.map((v) => [v, rounds.reduce((sum, r) => sum + r[v].errors, 0)]),
    ),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await main();
  if (result) {
    const { loadTable } = await import('./load-report.mjs');
    console.log(loadTable(result));
    writeResult('load', result);
  }
}
