// The context-window benchmark (not a test): what fitting requests into a model's window costs.
//
//   node --expose-gc tooling/bench/suites/context/context-bench.mjs     (after `pnpm build`)
//
// 1. Counting for one turn on a 100k-token history (500 messages of ~200 tokens of English text):
//    - cold: `openai().countTokens(request)` of the whole request with gpt-tokenizer loaded but
//      nothing counted yet (every message tokenized);
//    - warm: the extra time of a client turn with a context policy over the same history, every
//      message counted before (its count kept), against the same turn without one.
// 2. The optimizer's overhead per request on a 200-message history that is over budget (the sliding
//    window drops about half of it): a turn with `context` against the same turn without, over a
//    model that answers at once.
// 3. The Claude path: `anthropic().countTokens(request)` of the same 100k-token history cold (the
//    estimate, each message apart), and the extra time of a client turn with a context policy over
//    it with Claude's counting and window (`modelLimits`), against the same turn without one.
// 4. The budget holds: a 300-message conversation of questions, tool calls with their results and
//    answers, fitted into 1,000–16,000 tokens through the default strategy, over OpenAI's counting
//    (gpt-tokenizer) and Claude's (the estimate); the request sent, counted the way the client's
//    `countTokens(sent, { provider })` counts it, against the budget.
// 5. A turn on a 100,000-message conversation in PostgreSQL (@aigo/memory-pg, bounded read) against
//    a turn on a conversation holding exactly one window of messages (target ≤ 1.2×: the cost of a
//    turn does not grow with the conversation), and the bounded read alone (`readContext`), which a
//    turn's commit (fsync) does not drown in noise. The control: a second one-window conversation
//    against the first.
//
// Rounds alternate the variants; each figure is the median over rounds. `pnpm bench context` runs it.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDirectory, packageDist } from '../../shared/paths.mjs';
import { median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const round3 = (value) => Math.round(value * 1000) / 1000;

/** ~200 tokens of English-like text, different per message. */
function prose(index) {
  const words = [
    'the',
    'model',
    'reads',
    'a',
    'long',
    'page',
    'about',
    'context',
    'windows',
    'and',
  ];
  let text = `Message ${index}:`;
  for (let word = 0; word < 190; word++) text += ` ${words[(index * 7 + word * 3) % words.length]}`;
  return text;
}

/** A memory without bounded reads whose messages keep their identity (as inMemoryMemory's do). */
function fixedMemory(messages) {
  const frozen = Object.freeze(messages.map((message) => Object.freeze(message)));
  return {
    async appendMessages() {},
    async appendMessage() {},
    async allMessages() {
      return frozen.slice();
    },
    async clear() {},
  };
}

async function timeTurns(client, memory, turns) {
  const started = performance.now();
  for (let turn = 0; turn < turns; turn++) await client.sendMessage('next?', { memory });
  return (performance.now() - started) / turns;
}

async function counting({ ai, client: clientPkg, openai, testing }) {
  const history = [];
  for (let index = 0; index < 500; index++) {
    history.push(
      index % 2 === 0 ? ai.userMessage(prose(index)) : ai.assistantMessage(prose(index)),
    );
  }
  const counter = openai.openai({ apiKey: 'sk-bench-0000' });
  const request = { model: 'gpt-4o-mini', messages: history };
  const loaded = await counter.countTokens({
    model: 'gpt-4o-mini',
    messages: [ai.userMessage('warm up')],
  });
  if (loaded.method !== 'tokenizer')
    throw new Error('gpt-tokenizer is not installed for @aigo/openai');
  const total = (await counter.countTokens(request)).tokens;
  const cold = [];
  for (let round = 0; round < ROUNDS; round++) {
    // New message objects: nothing is known of them.
    const fresh = { model: 'gpt-4o-mini', messages: history.map((message) => ({ ...message })) };
    const started = performance.now();
    await counter.countTokens(fresh);
    cold.push(performance.now() - started);
  }
  // Warm: a client turn with and without a context policy; the model answers at once.
  const fake = testing.createFakeProvider().default('ok');
  const provider = {
    id: 'bench',
    sendMessage: (r, o) => fake.sendMessage(r, o),
    countTokens: (r, o) => counter.countTokens(r, o),
    modelLimits: () => ({ contextWindow: 200_000, maxOutputTokens: 1_000 }),
  };
  const plainProvider = { id: 'bench', sendMessage: (r, o) => fake.sendMessage(r, o) };
  const memory = fixedMemory(history);
  const withContext = clientPkg.createClient(provider, {
    env: {},
    defaultModel: 'gpt-4o-mini',
    maxRetries: 0,
  });
  const without = clientPkg.createClient(plainProvider, {
    env: {},
    defaultModel: 'gpt-4o-mini',
    maxRetries: 0,
  });
  await timeTurns(withContext, memory, 20);
  await timeTurns(without, memory, 20);
  const warm = [];
  for (let round = 0; round < ROUNDS; round++) {
    const a = await timeTurns(withContext, memory, 50);
    const b = await timeTurns(without, memory, 50);
    warm.push({ with: a, without: b, extra: a - b });
  }
  return {
    historyTokens: total,
    historyMessages: history.length,
    coldMs: round3(median(cold)),
    warmTurnMs: round3(median(warm.map((one) => one.with))),
    plainTurnMs: round3(median(warm.map((one) => one.without))),
    warmExtraMs: round3(median(warm.map((one) => one.extra))),
  };
}

async function claude({ ai, client: clientPkg, anthropic, testing }) {
  const history = [];
  for (let index = 0; index < 500; index++) {
    history.push(
      index % 2 === 0 ? ai.userMessage(prose(index)) : ai.assistantMessage(prose(index)),
    );
  }
  const model = 'claude-sonnet-4-5';
  const counter = anthropic.anthropic({ apiKey: 'sk-ant-bench-0000' });
  const total = (await counter.countTokens({ model, messages: history })).tokens;
  const cold = [];
  for (let round = 0; round < ROUNDS; round++) {
    const fresh = { model, messages: history.map((message) => ({ ...message })) };
    const started = performance.now();
    await counter.countTokens(fresh);
    cold.push(performance.now() - started);
  }
  // Claude's window and output limit from the price data (200,000 and 64,000 for this model).
  const limits = counter.modelLimits(model);
  const fake = testing.createFakeProvider().default('ok');
  const provider = {
    id: 'bench',
    sendMessage: (r, o) => fake.sendMessage(r, o),
    countTokens: (r, o) => counter.countTokens(r, o),
    modelLimits: (m) => counter.modelLimits(m),
  };
  const plainProvider = { id: 'bench', sendMessage: (r, o) => fake.sendMessage(r, o) };
  const memory = fixedMemory(history);
  const withContext = clientPkg.createClient(provider, {
    env: {},
    defaultModel: model,
    maxRetries: 0,
  });
  const without = clientPkg.createClient(plainProvider, {
    env: {},
    defaultModel: model,
    maxRetries: 0,
  });
  await timeTurns(withContext, memory, 20);
  await timeTurns(without, memory, 20);
  const warm = [];
  for (let round = 0; round < ROUNDS; round++) {
    const a = await timeTurns(withContext, memory, 50);
    const b = await timeTurns(without, memory, 50);
    warm.push({ with: a, without: b, extra: a - b });
  }
  return {
    model,
    contextWindow: limits?.contextWindow,
    maxOutputTokens: limits?.maxOutputTokens,
    historyTokens: total,
    historyMessages: history.length,
    coldMs: round3(median(cold)),
    warmTurnMs: round3(median(warm.map((one) => one.with))),
    plainTurnMs: round3(median(warm.map((one) => one.without))),
    warmExtraMs: round3(median(warm.map((one) => one.extra))),
  };
}

/** 75 cycles of a question, a tool call with its result and an answer: 300 messages. */
function toolConversation(ai) {
  const messages = [];
  for (let cycle = 0; cycle < 75; cycle++) {
    const id = `call_${cycle}`;
    messages.push(ai.userMessage(`Question ${cycle}: ${prose(cycle).slice(0, 240)}`));
    messages.push(
      ai.assistantMessage('', [
        { id, type: 'function', function: { name: 'lookup', arguments: `{"q":${cycle}}` } },
      ]),
    );
    messages.push(ai.toolMessage(id, prose(cycle + 1000).slice(0, 600), 'lookup'));
    messages.push(ai.assistantMessage(`Answer ${cycle}: ${prose(cycle + 2000).slice(0, 320)}`));
  }
  return messages;
}

async function budgets({ ai, client: clientPkg, openai, anthropic, testing }) {
  const history = toolConversation(ai);
  const counters = {
    openai: { model: 'gpt-4o-mini', provider: openai.openai({ apiKey: 'sk-bench-0000' }) },
    claude: {
      model: 'claude-sonnet-4-5',
      provider: anthropic.anthropic({ apiKey: 'sk-ant-bench-0000' }),
    },
  };
  const rows = [];
  for (const [path, { model, provider: counter }] of Object.entries(counters)) {
    for (const maxTokens of [1_000, 2_000, 4_000, 8_000, 16_000]) {
      const fake = testing.createFakeProvider().default('ok');
      const provider = {
        id: 'bench',
        sendMessage: (r, o) => fake.sendMessage(r, o),
        countTokens: (r, o) => counter.countTokens(r, o),
      };
      const client = clientPkg.createClient(provider, {
        env: {},
        defaultModel: model,
        maxRetries: 0,
        systemPrompt: 'You answer questions with the lookup tool.',
        context: { maxTokens },
      });
      await client.sendMessage('And the next one?', { memory: fixedMemory(history) });
      const sent = fake.requests.at(-1);
      const count = await clientPkg.countTokens(sent, { provider });
      rows.push({
        path,
        budget: maxTokens,
        sentTokens: count.tokens,
        method: count.method,
        messagesSent: sent.messages.length,
        holds: count.tokens <= maxTokens,
      });
    }
  }
  return { historyMessages: history.length, rows };
}

async function optimizer({ ai, client: clientPkg, testing }) {
  const history = [];
  for (let index = 0; index < 200; index++) {
    history.push(
      index % 2 === 0 ? ai.userMessage(prose(index)) : ai.assistantMessage(prose(index)),
    );
  }
  const fake = testing.createFakeProvider().default('ok');
  const plainFake = testing.createFakeProvider().default('ok');
  const memory = fixedMemory(history);
  const fitted = clientPkg.createClient(fake, {
    env: {},
    defaultModel: 'm',
    maxRetries: 0,
    context: { maxTokens: 25_000 },
  });
  const plain = clientPkg.createClient(plainFake, { env: {}, defaultModel: 'm', maxRetries: 0 });
  await timeTurns(fitted, memory, 50);
  await timeTurns(plain, memory, 50);
  const sent = fake.requests.at(-1)?.messages.length;
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const a = await timeTurns(fitted, memory, 200);
    const b = await timeTurns(plain, memory, 200);
    rounds.push({ with: a, without: b, extra: a - b });
  }
  return {
    historyMessages: history.length,
    messagesSent: sent,
    fittedTurnMs: round3(median(rounds.map((one) => one.with))),
    plainTurnMs: round3(median(rounds.map((one) => one.without))),
    overheadMs: round3(median(rounds.map((one) => one.extra))),
  };
}

async function boundedTurns({ client: clientPkg, testing }) {
  if (!packagesBuilt('context', ['memory-pg']))
    return { skipped: 'packages/memory-pg/dist missing' };
  const { pgMemoryStore } = await import(packageDist('memory-pg').href);
  let url = process.env.DATABASE_URL;
  let cluster;
  if (!url) {
    const { findPostgresBinaries, startScratchPostgres } = await import(
      new URL('dist/testing/index.js', packageDirectory('pg')).href
    );
    const found = findPostgresBinaries();
    if (found.binDir === undefined) return { skipped: `no DATABASE_URL and ${found.reason}` };
    cluster = await startScratchPostgres();
    url = cluster.url;
  }
  const pg = createRequire(new URL('package.json', packageDirectory('memory-pg')))('pg');
  const schema = `bench_context_${process.pid}_${Date.now().toString(36)}`;
  const store = pgMemoryStore({ connectionString: url, schema, poolSize: 4 });
  try {
    const window = 200; // messages of 10 tokens: a 2,000-token budget
    const fill = async (id, count) => {
      const memory = store.conversation(id);
      for (let done = 0; done < count; done += 5_000) {
        const size = Math.min(5_000, count - done);
        const batch = Array.from({ length: size }, (_, index) => ({
          role: (done + index) % 2 === 0 ? 'user' : 'assistant',
          content: `m${done + index}`,
        }));
        await memory.appendMessages(batch, { tokenCounts: batch.map(() => 10) });
      }
    };
    await fill('long', 100_000);
    await fill('window', window);
    await fill('window-2', window);
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    await admin.query(`ANALYZE "${schema}"."aigo_messages"`);
    await admin.end();
    const fake = testing.createFakeProvider().default('ok');
    const client = clientPkg.createClient(fake, {
      env: {},
      defaultModel: 'm',
      maxRetries: 0,
      context: { maxTokens: window * 10 },
    });
    const turns = async (id, count) => {
      const memory = store.conversation(id);
      const started = performance.now();
      for (let turn = 0; turn < count; turn++) await client.sendMessage('q', { memory });
      return (performance.now() - started) / count;
    };
    const reads = async (id, count) => {
      const memory = store.conversation(id);
      const started = performance.now();
      for (let read = 0; read < count; read++) await memory.readContext({ maxTokens: window * 10 });
      return (performance.now() - started) / count;
    };
    for (const id of ['long', 'window', 'window-2']) await turns(id, 10);
    for (const id of ['long', 'window', 'window-2']) await reads(id, 20);
    const readRounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order =
        round % 2 === 0 ? ['long', 'window', 'window-2'] : ['window-2', 'window', 'long'];
      const ms = {};
      for (const id of order) ms[id] = await reads(id, 100);
      readRounds.push({ long: ms.long, window: ms.window, control: ms['window-2'] });
    }
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order =
        round % 2 === 0 ? ['long', 'window', 'window-2'] : ['window-2', 'window', 'long'];
      const ms = {};
      for (const id of order) ms[id] = await turns(id, 60);
      rounds.push({ long: ms.long, window: ms.window, control: ms['window-2'] });
    }
    return {
      messages: 100_000,
      windowMessages: window,
      longTurnMs: round3(median(rounds.map((one) => one.long))),
      windowTurnMs: round3(median(rounds.map((one) => one.window))),
      ratio: round3(median(rounds.map((one) => one.long / one.window))),
      control: round3(median(rounds.map((one) => one.control / one.window))),
      read: {
        longMs: round3(median(readRounds.map((one) => one.long))),
        windowMs: round3(median(readRounds.map((one) => one.window))),
        ratio: round3(median(readRounds.map((one) => one.long / one.window))),
        control: round3(median(readRounds.map((one) => one.control / one.window))),
      },
    };
  } finally {
    await store.close();
    await cluster?.stop();
  }
}

/** Runs the five parts; the result goes to the report and to results/context-<date>.json. */
export async function main() {
  if (!packagesBuilt('context', ['ai', 'anthropic', 'client', 'openai', 'testing'])) {
    process.exitCode = 1;
    return undefined;
  }
  const packages = {
    ai: await import(packageDist('ai').href),
    client: await import(packageDist('client').href),
    openai: await import(packageDist('openai').href),
    anthropic: await import(packageDist('anthropic').href),
    testing: await import(packageDist('testing').href),
  };
  const result = {
    rounds: ROUNDS,
    counting: await counting(packages),
    optimizer: await optimizer(packages),
    claude: await claude(packages),
    budgets: await budgets(packages),
    memoryPg: await boundedTurns(packages),
  };
  console.log(JSON.stringify(result, null, 2));
  return writeResult('context', result);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
