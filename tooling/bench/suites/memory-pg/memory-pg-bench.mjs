// The @aigo/memory-pg benchmark (not a test): @aigo/memory-pg against a raw-pg floor in the same run,
// on a real PostgreSQL at its default settings (fsync and synchronous commit on).
//
//   node tooling/bench/suites/memory-pg/memory-pg-bench.mjs            (after `pnpm build`)
//   DATABASE_URL=postgres://… node tooling/bench/suites/memory-pg/memory-pg-bench.mjs
//
// Without DATABASE_URL it starts a scratch cluster (initdb + pg_ctl in a temporary directory, as the
// tests do, but with default settings) and deletes it afterwards.
//
// 1. Turns per second: 16 conversations append 2-message turns (~100 bytes per message) at once.
//    - aigo:  store.conversation(id).appendMessages([user, assistant]) on a store with a pool of 16;
//    - floor: the same single INSERT statement (the same SQL text, prepared the same way) through a
//      bare pg.Pool of 16, with the same JSON.stringify of the turn: what remains is the library's own
//      work (validation, copying, serialisation, checks, error mapping);
//    - for information, "plain insert": a two-row INSERT into a table keyed by a bigserial (no
//      per-conversation counter, so no gap-free order), through a bare pg.Pool of 16.
// 2. Load time of a 10,000-message conversation (~150-byte messages):
//    - aigo:  memory.allMessages();
//    - floor: pool.query('SELECT body FROM … WHERE conversation_id = $1 ORDER BY seq') on a bare pool.
//
// aigo and the floor alternate, round by round (the order rotates each round); each figure is the
// median over rounds of the per-round ratio. Targets: throughput ≥ 0.85 × floor, load ≤ 1.3 × floor.
// The control: an identical copy of the floor (floor′) runs in every round too; floor′ / floor is
// reported beside each ratio (the runner marks a ratio VOID when its control is outside 1.00 ± 0.03).
// `pnpm bench` calls `main()`; rounds and turns come from BENCH_ROUNDS, BENCH_TURNS and BENCH_LOADS.
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { benchPostgres } from '../../shared/bench-postgres.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDirectory, packageDist } from '../../shared/paths.mjs';
import { median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';

const packageDir = packageDirectory('memory-pg');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const CONVERSATIONS = 16;
const POOL_SIZE = 16;
const TURNS_PER_CONVERSATION = Number(process.env.BENCH_TURNS ?? 200);
const LOAD_MESSAGES = 10_000;
const LOADS_PER_ROUND = Number(process.env.BENCH_LOADS ?? 5);

const round2 = (value) => Math.round(value * 100) / 100;

/** ~100 bytes of JSON per message. */
function turnMessages(conversation, index) {
  const tag = `c${conversation} t${index}`;
  return [
    {
      role: 'user',
      content: `${tag}: what is the weather like in Lisbon today, please?`.padEnd(70, '.'),
    },
    {
      role: 'assistant',
      content: `${tag}: sunny, 24 degrees, light wind from the north-west.`.padEnd(65, '.'),
    },
  ];
}

/** ~150 bytes of JSON per message. */
function loadMessage(index) {
  return {
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: `message ${index}: `.padEnd(118, 'lorem ipsum dolor sit amet '),
  };
}

/** Runs the benchmark, prints its table, writes its JSON; resolves to the result. */
export async function main() {
  if (!packagesBuilt('memory-pg', ['memory-pg'])) {
    process.exitCode = 1;
    return undefined;
  }
  const { pgMemoryStore } = await import(packageDist('memory-pg').href);
  const pg = createRequire(new URL('package.json', packageDir))('pg');

  const { url, cluster, stop: stopPostgres } = await benchPostgres();
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  const aigoSchema = `bench_aigo_${suffix}`;
  const floorSchema = `bench_floor_${suffix}`;
  const admin = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const server = (await admin.query('SHOW server_version')).rows[0].server_version;
    const settings = (
      await admin.query(
        "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes', 'shared_buffers') ORDER BY name",
      )
    ).rows;
    console.log(
      `PostgreSQL ${server} (${cluster ? 'scratch cluster' : 'DATABASE_URL'}); ${settings.map((s) => `${s.name}=${s.setting}`).join(', ')}`,
    );
    console.log(
      `node ${process.version}, ${cpus().length} CPUs; pool size ${POOL_SIZE} (aigo and floors)\n`,
    );

    const store = pgMemoryStore({ connectionString: url, schema: aigoSchema, poolSize: POOL_SIZE });
    // The floor's tables are the same, created by a store's migration; it then writes through a bare pool.
    const floorStore = pgMemoryStore({ connectionString: url, schema: floorSchema, poolSize: 1 });
    await Promise.all([store.ready(), floorStore.ready()]);
    await floorStore.close();
    await admin.query(
      `CREATE TABLE "${floorSchema}".plain (id bigserial PRIMARY KEY, conversation_id text NOT NULL, role text NOT NULL, body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    const floorPool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
    const floorInsert = {
      // Identical SQL to the store's append statement, on the floor schema.
      text: `WITH counter AS (
  INSERT INTO "${floorSchema}"."aigo_messages_conversations" AS c (conversation_id, last_seq, version) VALUES ($1, $2::bigint, txid_current())
  ON CONFLICT (conversation_id) DO UPDATE SET last_seq = c.last_seq + EXCLUDED.last_seq, version = EXCLUDED.version, updated_at = now()
  RETURNING c.last_seq
)
INSERT INTO "${floorSchema}"."aigo_messages" (conversation_id, seq, role, format, escaped, body, turn_id)
SELECT $1, counter.last_seq - $2::bigint + m.ord, m.body->>'role', $3::smallint, m.ord = ANY($5::bigint[]), m.body, CASE WHEN m.ord = 1 THEN $6::text END
FROM counter, jsonb_array_elements($4::jsonb) WITH ORDINALITY AS m(body, ord)`,
      name: 'bench_floor_append',
    };
    const plainInsert = {
      text: `INSERT INTO "${floorSchema}".plain (conversation_id, role, body) VALUES ($1, $2, $3::jsonb), ($1, $4, $5::jsonb)`,
      name: 'bench_plain_append',
    };

    let turnCounter = 0;
    async function appendTurns(append) {
      const base = turnCounter;
      turnCounter += TURNS_PER_CONVERSATION;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONVERSATIONS }, async (_, conversation) => {
          for (let index = 0; index < TURNS_PER_CONVERSATION; index++) {
            await append(conversation, base + index);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      return (CONVERSATIONS * TURNS_PER_CONVERSATION) / seconds;
    }
    const memories = Array.from({ length: CONVERSATIONS }, (_, conversation) =>
      store.conversation(`throughput-${conversation}`),
    );
    const variants = {
      aigo: (conversation, index) =>
        memories[conversation].appendMessages(turnMessages(conversation, index)),
      floor: (conversation, index) =>
        floorPool.query({
          ...floorInsert,
          values: [
            `throughput-${conversation}`,
            2,
            1,
            JSON.stringify(turnMessages(conversation, index)),
            [],
            null,
          ],
        }),
      floorCopy: (conversation, index) =>
        floorPool.query({
          ...floorInsert,
          values: [
            `throughput-${conversation}`,
            2,
            1,
            JSON.stringify(turnMessages(conversation, index)),
            [],
            null,
          ],
        }),
      plain: (conversation, index) => {
        const [user, assistant] = turnMessages(conversation, index);
        return floorPool.query({
          ...plainInsert,
          values: [
            `throughput-${conversation}`,
            user.role,
            JSON.stringify(user),
            assistant.role,
            JSON.stringify(assistant),
          ],
        });
      },
    };
    // Warm-up: connections opened, statements prepared, caches filled.
    for (const append of Object.values(variants)) await appendTurns(append);

    const throughputRounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Every variant takes every position in turn (a variant right after another may pay for its
      // checkpoint or vacuum work).
      const names = ['aigo', 'floor', 'floorCopy', 'plain'];
      const order = names.map((_, index) => names[(index + round) % names.length]);
      const figures = {};
      for (const name of order) figures[name] = await appendTurns(variants[name]);
      throughputRounds.push({
        ...figures,
        ratio: figures.aigo / figures.floor,
        control: figures.floorCopy / figures.floor,
      });
      process.stdout.write(
        `throughput round ${round + 1}: aigo ${figures.aigo.toFixed(0)} turns/s, floor ${figures.floor.toFixed(0)}, plain insert ${figures.plain.toFixed(0)} → ${(figures.aigo / figures.floor).toFixed(3)}×\n`,
      );
    }

    // Load: one 10,000-message conversation, written in 100-message batches.
    const loadMemory = store.conversation('load');
    for (let batch = 0; batch < LOAD_MESSAGES / 100; batch++) {
      await loadMemory.appendMessages(
        Array.from({ length: 100 }, (_, index) => loadMessage(batch * 100 + index)),
      );
    }
    const loadSql = {
      text: `SELECT body FROM "${aigoSchema}"."aigo_messages" WHERE conversation_id = $1 ORDER BY seq`,
      name: 'bench_floor_load',
      values: ['load'],
    };
    const loads = {
      aigo: async () => {
        const messages = await loadMemory.allMessages();
        if (messages.length !== LOAD_MESSAGES) throw new Error(`loaded ${messages.length}`);
      },
      floor: async () => {
        const { rows } = await floorPool.query(loadSql);
        const messages = rows.map((row) => row.body);
        if (messages.length !== LOAD_MESSAGES) throw new Error(`loaded ${messages.length}`);
      },
      floorCopy: async () => {
        const { rows } = await floorPool.query(loadSql);
        const messages = rows.map((row) => row.body);
        if (messages.length !== LOAD_MESSAGES) throw new Error(`loaded ${messages.length}`);
      },
    };
    async function timeLoads(load) {
      const samples = [];
      for (let index = 0; index < LOADS_PER_ROUND; index++) {
        const started = performance.now();
        await load();
        samples.push(performance.now() - started);
      }
      return median(samples);
    }
    for (const load of Object.values(loads)) await timeLoads(load);
    const loadRounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const names = ['aigo', 'floor', 'floorCopy'];
      const order = names.map((_, index) => names[(index + round) % names.length]);
      const figures = {};
      for (const name of order) figures[name] = await timeLoads(loads[name]);
      loadRounds.push({
        ...figures,
        ratio: figures.aigo / figures.floor,
        control: figures.floorCopy / figures.floor,
      });
      process.stdout.write(
        `load round ${round + 1}: aigo ${figures.aigo.toFixed(1)} ms, floor ${figures.floor.toFixed(1)} ms → ${(figures.aigo / figures.floor).toFixed(3)}×\n`,
      );
    }
    await floorPool.end();
    await store.close();

    const result = {
      date: new Date().toISOString(),
      node: process.version,
      server,
      settings,
      poolSize: POOL_SIZE,
      conversations: CONVERSATIONS,
      turnsPerConversationPerRound: TURNS_PER_CONVERSATION,
      rounds: ROUNDS,
      throughput: {
        aigoTurnsPerSecond: round2(median(throughputRounds.map((r) => r.aigo))),
        floorTurnsPerSecond: round2(median(throughputRounds.map((r) => r.floor))),
        plainInsertTurnsPerSecond: round2(median(throughputRounds.map((r) => r.plain))),
        ratio: round2(median(throughputRounds.map((r) => r.ratio))),
        control: Math.round(median(throughputRounds.map((r) => r.control)) * 1000) / 1000,
        target: '≥ 0.85',
        rounds: throughputRounds,
      },
      load: {
        messages: LOAD_MESSAGES,
        aigoMs: round2(median(loadRounds.map((r) => r.aigo))),
        floorMs: round2(median(loadRounds.map((r) => r.floor))),
        ratio: round2(median(loadRounds.map((r) => r.ratio))),
        control: Math.round(median(loadRounds.map((r) => r.control)) * 1000) / 1000,
        target: '≤ 1.3',
        rounds: loadRounds,
      },
    };
    const throughputOk = result.throughput.ratio >= 0.85;
    const loadOk = result.load.ratio <= 1.3;
    console.log(`
| @aigo/memory-pg (pool ${POOL_SIZE}, ${ROUNDS} rounds, medians) | aigo | floor | aigo / floor | control floor′ / floor | target |
|---|---|---|---|---|---|
| turns/s, 16 conversations, 2-message turns | ${result.throughput.aigoTurnsPerSecond.toFixed(0)} | ${result.throughput.floorTurnsPerSecond.toFixed(0)} | ${result.throughput.ratio.toFixed(2)}× | ${result.throughput.control} | ≥ 0.85× ${throughputOk ? 'met' : 'MISSED'} |
| load 10,000 messages | ${result.load.aigoMs.toFixed(1)} ms | ${result.load.floorMs.toFixed(1)} ms | ${result.load.ratio.toFixed(2)}× | ${result.load.control} | ≤ 1.3× ${loadOk ? 'met' : 'MISSED'} |

(for information: a plain two-row INSERT with a bigserial key, no gap-free counter: ${result.throughput.plainInsertTurnsPerSecond.toFixed(0)} turns/s)`);
    process.stdout.write('\n');
    writeResult('memory-pg', result);
    if (!throughputOk || !loadOk) process.exitCode = 1;
    return result;
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS "${aigoSchema}" CASCADE`).catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS "${floorSchema}" CASCADE`).catch(() => undefined);
    await admin.end();
    await stopPostgres();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
