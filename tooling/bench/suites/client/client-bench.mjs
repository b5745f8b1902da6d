// The @aigo/client overhead benchmark (not a test): the client with memory, retry and logging
// middleware and the no-op observer, over @aigo/testing's fake provider, versus calling the same
// provider directly with the same conversation.
//
//   node --expose-gc tooling/bench/suites/client/client-bench.mjs      (after `pnpm build`)
//
// Reports, as medians over rounds of finely interleaved batches, in CPU time of this process:
// - added µs per call (10-turn conversations, the direct arm sends the same growing history);
// - added µs per streamed event (slope between a short and a long streamed answer, so per-call
//   costs cancel out);
// - heap: heapUsed after a forced GC at 10 % and at 100 % of 100 000 calls made as 10 000 ten-turn
//   conversations, each with a fresh inMemoryMemory.
// Targets: < 20 µs per call, < 0.3 µs per event, heap growth < 2 MB.
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { fullGc, interleaved, round3 } from '../../shared/cpu-timing.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDist as dist } from '../../shared/paths.mjs';
import { median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';

const PACKAGES = ['ai', 'client', 'testing'];

let assistantMessage;
let noopObserver;
let userMessage;
let createClient;
let inMemoryMemory;
let loggingMiddleware;
let retryMiddleware;
let createFakeProvider;

/** Loads the built packages; false (with the reason on stderr) when one is not built. */
async function load() {
  if (!packagesBuilt('client', PACKAGES)) return false;
  ({ assistantMessage, noopObserver, userMessage } = await import(dist('ai').href));
  ({ createClient, inMemoryMemory, loggingMiddleware, retryMiddleware } = await import(
    dist('client').href
  ));
  ({ createFakeProvider } = await import(dist('testing').href));
  return true;
}

export const TARGETS = Object.freeze({ perCallUs: 20, perEventUs: 0.3, heapGrowthMb: 2 });

const MODEL = 'bench-model';
const TURNS = 10;
const ANSWER = 'Sure, here is a short answer for you.';
const noopLogger = { info() {}, warn() {}, error() {}, debug() {} };

/**
 * A provider that delegates to a fresh `createFakeProvider()` per conversation (`reset()`): the fake
 * records every call it gets, so one fake for 100 000 calls would grow the heap by itself.
 */
function rotatingFakeProvider(answer) {
  let current;
  const reset = () => {
    current = createFakeProvider({ id: 'fake' }).default(answer);
  };
  reset();
  return {
    id: 'fake',
    reset,
    sendMessage: (request, options) => current.sendMessage(request, options),
    streamMessage: (request, options) => current.streamMessage(request, options),
  };
}

function benchClient(provider) {
  return createClient(provider, {
    defaultModel: MODEL,
    middleware: [retryMiddleware(), loggingMiddleware(noopLogger, 'standard')],
    observer: noopObserver,
  });
}

// ---- timing ----------------------------------------------------------------------------------

// ---- per call -------------------------------------------------------------------------------

async function directConversation(provider) {
  provider.reset();
  const history = [];
  for (let turn = 0; turn < TURNS; turn++) {
    const user = userMessage(`Question number ${turn}?`);
    const response = await provider.sendMessage({ model: MODEL, messages: [...history, user] });
    history.push(user, assistantMessage(response.content));
  }
}

async function clientConversation(client, provider) {
  provider.reset();
  const memory = inMemoryMemory();
  for (let turn = 0; turn < TURNS; turn++) {
    await client.sendMessage(`Question number ${turn}?`, { memory });
  }
}

export async function perCallOverhead({ rounds = 9, conversations = 300 } = {}) {
  const provider = rotatingFakeProvider(ANSWER);
  const client = benchClient(provider);
  const arms = {
    direct: () => directConversation(provider),
    client: () => clientConversation(client, provider),
  };
  await interleaved(arms, conversations); // warm-up (JIT)
  const calls = conversations * TURNS;
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    const totals = await interleaved(arms, conversations);
    samples.push({
      direct: totals.direct / calls,
      client: totals.client / calls,
      overhead: (totals.client - totals.direct) / calls,
    });
  }
  return {
    calls,
    rounds,
    directUsPerCall: round3(median(samples.map((s) => s.direct))),
    clientUsPerCall: round3(median(samples.map((s) => s.client))),
    overheadUsPerCall: round3(median(samples.map((s) => s.overhead))),
  };
}

// ---- per streamed event ----------------------------------------------------------------------

const STORY = 'Tell me a story.';

async function drain(stream) {
  let events = 0;
  for await (const _event of stream) events++;
  return events;
}

/**
 * Added µs per streamed event: the client's overhead on a long answer minus its overhead on a short
 * one, divided by the extra events (per-call costs cancel out).
 */
export async function perEventOverhead({
  rounds = 15,
  streams = 100,
  shortWords = 5,
  longWords = 1005,
} = {}) {
  const short = rotatingFakeProvider('word '.repeat(shortWords).trimEnd());
  const long = rotatingFakeProvider('word '.repeat(longWords).trimEnd());
  const shortClient = benchClient(short);
  const longClient = benchClient(long);
  const counted = { directShort: 0, directLong: 0 };
  const direct = async (provider, key) => {
    provider.reset();
    counted[key] = await drain(
      await provider.streamMessage({ model: MODEL, messages: [userMessage(STORY)] }),
    );
  };
  const viaClient = async (client, provider) => {
    provider.reset();
    await drain(await client.streamMessage(STORY, { memory: inMemoryMemory() }));
  };
  const arms = {
    directShort: () => direct(short, 'directShort'),
    clientShort: () => viaClient(shortClient, short),
    directLong: () => direct(long, 'directLong'),
    clientLong: () => viaClient(longClient, long),
  };
  await interleaved(arms, streams); // warm-up (JIT)
  const extraEvents = counted.directLong - counted.directShort;
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    const t = await interleaved(arms, streams);
    const overheadShort = (t.clientShort - t.directShort) / streams;
    const overheadLong = (t.clientLong - t.directLong) / streams;
    samples.push({
      perEvent: (overheadLong - overheadShort) / extraEvents,
      directPerEvent: t.directLong / streams / counted.directLong,
    });
  }
  return {
    rounds,
    streamsPerArm: streams,
    eventsShort: counted.directShort,
    eventsLong: counted.directLong,
    directUsPerEvent: round3(median(samples.map((s) => s.directPerEvent))),
    overheadUsPerEvent: round3(median(samples.map((s) => s.perEvent))),
  };
}

// ---- heap ------------------------------------------------------------------------------------

export async function heapFlatness({ conversations = 10_000 } = {}) {
  const provider = rotatingFakeProvider(ANSWER);
  const client = benchClient(provider);
  const checkpoint = Math.round(conversations / 10);
  let at10;
  for (let c = 1; c <= conversations; c++) {
    await clientConversation(client, provider);
    if (c === checkpoint) {
      fullGc();
      at10 = process.memoryUsage().heapUsed;
    }
  }
  fullGc();
  const at100 = process.memoryUsage().heapUsed;
  return {
    calls: conversations * TURNS,
    conversations,
    heapUsedAt10PercentMb: round3(at10 / 2 ** 20),
    heapUsedAt100PercentMb: round3(at100 / 2 ** 20),
    growthMb: round3((at100 - at10) / 2 ** 20),
  };
}

// ---- report ----------------------------------------------------------------------------------

export async function runClientBench(options = {}) {
  const perCall = await perCallOverhead(options.perCall);
  const perEvent = await perEventOverhead(options.perEvent);
  const heap = await heapFlatness(options.heap);
  const verdicts = {
    perCall: perCall.overheadUsPerCall < TARGETS.perCallUs,
    perEvent: perEvent.overheadUsPerEvent < TARGETS.perEventUs,
    heap: Math.abs(heap.growthMb) < TARGETS.heapGrowthMb,
  };
  return { perCall, perEvent, heap, targets: TARGETS, verdicts };
}

export function clientBenchTable(result) {
  const ok = (pass) => (pass ? 'ok' : '**over target**');
  const { perCall, perEvent, heap, verdicts } = result;
  return [
    '## @aigo/client overhead (memory + retry + logging middleware + no-op observer, fake provider)',
    '',
    '| measure | result | target | verdict |',
    '|---|---:|---:|---|',
    `| added per call (${perCall.calls} calls as ${TURNS}-turn conversations, median of ${perCall.rounds} rounds; direct ${perCall.directUsPerCall} µs, client ${perCall.clientUsPerCall} µs) | ${perCall.overheadUsPerCall} µs | < ${TARGETS.perCallUs} µs | ${ok(verdicts.perCall)} |`,
    `| added per streamed event (slope ${perEvent.eventsShort} → ${perEvent.eventsLong} events, ${perEvent.streamsPerArm} streams per arm, median of ${perEvent.rounds}; direct ${perEvent.directUsPerEvent} µs/event) | ${perEvent.overheadUsPerEvent} µs | < ${TARGETS.perEventUs} µs | ${ok(verdicts.perEvent)} |`,
    `| heapUsed growth, GC'd, 10 % → 100 % of ${heap.calls} calls (${heap.heapUsedAt10PercentMb} → ${heap.heapUsedAt100PercentMb} MB) | ${heap.growthMb} MB | < ${TARGETS.heapGrowthMb} MB | ${ok(verdicts.heap)} |`,
  ].join('\n');
}

/**
 * Runs the client benchmark, prints its table and writes its JSON to tooling/bench/results/. The runner
 * (`pnpm bench`) calls this; it also runs on its own: `node --expose-gc tooling/bench/suites/client/client-bench.mjs`.
 */
export async function main() {
  if (!(await load())) return undefined;
  const result = await runClientBench();
  process.stdout.write(
    `\n${clientBenchTable(result)}\n\nNode ${process.version}, ${cpus().length} CPUs.\n`,
  );
  writeResult('client', result);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
