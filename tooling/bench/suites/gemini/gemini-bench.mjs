// The @aigo/gemini streaming benchmark (not a test): chunks per second consuming a long
// `streamGenerateContent?alt=sse` body through `gemini().streamMessage()` (A), versus the floor (F):
// raw `undici.request` on its own keep-alive Agent, a streaming TextDecoder, eventsource-parser,
// `JSON.parse` of every chunk and the text joined at the end — the same job, without aigo. F′ is an
// identical copy of F, the control. Diagnostics: M is @aigo/http + ChatStream with a bare mapper (one
// content event per chunk), so M/F is the transport and A−M what the Gemini adapter adds per chunk;
// U is M plus the live `usage` event aigo's contract sends whenever the counts change (on every chunk
// of this stream, as Gemini 2.5 sends them), so U−M is what those events cost in ChatStream and A−U
// the adapter's own mapping.
//
//   node --expose-gc tooling/bench/suites/gemini/gemini-bench.mjs      (after `pnpm build`)
//
// Each round runs every variant as a block (a full GC, untimed requests for at least `settle` requests
// and `settleMs` milliseconds, then `iterations` timed ones), the blocks in an order balanced for
// carry-over (`balancedOrders`), as the other stream benches do (../stream/stream-bench.mjs,
// ../anchors/rounds.mjs) and for the same reasons: alternating request by request keeps the type
// feedback of the code the variants share (undici, ChatStream) polymorphic, and a full GC right
// before a timed request kills the hidden classes of the last stream's chunks and state, so the aigo
// stream re-ran deoptimised code and recompiled it (measured here: A−M 1–2.8 µs of CPU per chunk
// with a GC before every request, against 0.2–0.4 µs without) — costs a program streaming through
// one path does not pay. Every variant must read every character of the answer, and the aigo
// variants read the whole answer as one string at the end, as the floor joins it (a `for await`
// reader that falls behind gets queued text deltas joined, so counting events checks nothing).
// A round's figure is each variant's median, for wall-clock and for CPU time; the results are the
// medians over rounds of A/F (target ≤ 1.10×, on wall time), F′/F and M/F, and per chunk A−M, U−M
// and A−U (differences of medians: below the noise they can come out negative). The run is VOID
// (exit code 1) unless the wall-time F′/F is within 1.00 ± 0.03; it is retried with more rounds
// first. Writes tooling/bench/results/gemini-stream-<date>.json.
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import { Agent, request } from 'undici';
import { forkServer } from '../../shared/fork-server.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDist } from '../../shared/paths.mjs';
import { balancedOrders, fixed, median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';

const EVENTS = 5000;
const TARGET = 1.1;
const CONTROL_TOLERANCE = 0.03;
const SCHEDULE = [
  { rounds: 8, iterations: 10 },
  { rounds: 12, iterations: 15 },
  { rounds: 16, iterations: 20 },
];
const SETTLE = 3;
const SETTLE_MS = 250;
const MODEL = 'gemini-2.5-flash';
const gc = globalThis.gc ?? (() => undefined);

async function startServer() {
  const script = fileURLToPath(new URL('./gemini-sse-server.mjs', import.meta.url));
  const { info, origin, stop } = await forkServer(script, [String(EVENTS)], 'the SSE server');
  return { origin, bytes: info.bytes, chars: info.chars, stop };
}

/**
 * Reads a character of `text`, which makes V8 flatten it if it is still a rope (ChatStream appends
 * deltas with `+` and joins them on the first read): the aigo variants pay for having the whole
 * answer as one string, as the floor pays for `parts.join('')`.
 */
function readWhole(text) {
  if (text.charCodeAt(text.length - 1) === -1) throw new Error('unreachable');
}

/** Reads a stream to its end: the characters of content, and the whole answer as one string. */
async function readAll(stream) {
  let length = 0;
  for await (const event of stream) {
    if (event.type === 'content') length += event.text.length;
  }
  readWhole((await stream.collect()).content);
  return length;
}

/** (A) `@aigo/gemini`: streamMessage → ChatStream, iterated with for await; resolves to the characters read. */
function aigoVariant(origin, gemini, userMessage) {
  const provider = gemini({ apiKey: 'bench-key-000000', baseURL: `${origin}/v1beta` });
  const chatRequest = { model: MODEL, messages: [userMessage('Count.')] };
  return {
    name: 'A (@aigo/gemini streamMessage, for await)',
    run: async () => readAll(await provider.streamMessage(chatRequest)),
    close: () => provider.close(),
  };
}

/** A variant streaming through `@aigo/http` postSse → ChatStream with `mapper`. */
function httpVariant(name, origin, createHttpClient, mapper) {
  const http = createHttpClient({
    provider: 'bench',
    headers: { 'x-goog-api-key': 'bench-key-000000' },
  });
  const url = `${origin}/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`;
  const body = { contents: [{ role: 'user', parts: [{ text: 'Count.' }] }] };
  return {
    name,
    run: async () => readAll((await http.postSse(url, body)).toChatStream(mapper)),
    close: () => http.close(),
  };
}

/**
 * (M) diagnostic: `@aigo/http` postSse → ChatStream with a bare mapper (JSON.parse, one content event
 * per chunk) — the transport and ChatStream without the Gemini adapter. A−M is what the adapter's
 * own mapping (usage, tool calls, signatures, grounding, delta tracking) costs.
 */
function transportVariant(origin, createHttpClient) {
  return httpVariant(
    'M (@aigo/http postSse + ChatStream, bare JSON mapper)',
    origin,
    createHttpClient,
    (frame, controller) => {
      const text = JSON.parse(frame.data).candidates?.[0]?.content?.parts?.[0]?.text;
      if (text) controller.enqueue({ type: 'content', text });
    },
  );
}

/**
 * (U) diagnostic: M plus a `usage` event per chunk, as the adapter sends when the counts changed (they
 * change on every chunk here). U−M is what ChatStream pays for those events (for a reader that falls
 * behind it keeps only the latest, right after the joined text), and A−U the rest of the adapter's
 * mapping.
 */
function usageVariant(origin, createHttpClient) {
  return httpVariant(
    'U (M + a usage event per chunk)',
    origin,
    createHttpClient,
    (frame, controller) => {
      const chunk = JSON.parse(frame.data);
      const text = chunk.candidates?.[0]?.content?.parts?.[0]?.text;
      if (text) controller.enqueue({ type: 'content', text });
      const usage = chunk.usageMetadata;
      if (usage !== undefined) {
        controller.enqueue({
          type: 'usage',
          usage: {
            promptTokens: usage.promptTokenCount,
            completionTokens: usage.candidatesTokenCount,
            totalTokens: usage.totalTokenCount,
          },
        });
      }
    },
  );
}

/**
 * (F) the floor: undici + eventsource-parser + JSON.parse per chunk, the text joined at the end;
 * resolves to the characters read.
 */
function floorVariant(origin, label) {
  const dispatcher = new Agent({ connect: { timeout: 10_000 } });
  const url = `${origin}/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`;
  const body = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Count.' }] }] });
  const headers = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    'x-goog-api-key': 'bench-key-000000',
  };
  return {
    name: `${label} (undici + eventsource-parser + JSON.parse)`,
    async run() {
      const response = await request(url, { method: 'POST', headers, body, dispatcher });
      if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
      return new Promise((resolve, reject) => {
        const parts = [];
        const parser = createParser({
          onEvent(event) {
            const text = JSON.parse(event.data).candidates?.[0]?.content?.parts?.[0]?.text;
            if (text) parts.push(text);
          },
        });
        const decoder = new TextDecoder();
        response.body.on('data', (chunk) => parser.feed(decoder.decode(chunk, { stream: true })));
        response.body.on('end', () => {
          parser.feed(`${decoder.decode()}\n\n`);
          resolve(parts.join('').length);
        });
        response.body.on('error', reject);
      });
    },
    close: () => dispatcher.close(),
  };
}

/** One timed request: wall-clock and CPU milliseconds (user + system of this process). */
async function timeOnce(variant, chars) {
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const read = await variant.run();
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const cpuUsed = process.cpuUsage(cpuStart);
  if (read !== chars) throw new Error(`${variant.name} read ${read} characters, expected ${chars}`);
  return { wall, cpu: (cpuUsed.user + cpuUsed.system) / 1000 };
}

/** Per-round medians and ratios, and their medians over rounds, for one metric (`wall` or `cpu`). */
function summarize(measured, metric) {
  const perRound = measured.map((times) => {
    const m = (key) => median(times[key].map((t) => t[metric]));
    const A = m('A');
    const F = m('F');
    const Fp = m('Fp');
    const M = m('M');
    const U = m('U');
    return { A, F, Fp, M, U, ratio: A / F, control: Fp / F, transport: M / F };
  });
  const over = (key) => median(perRound.map((r) => r[key]));
  const A = over('A');
  const F = over('F');
  const M = over('M');
  const U = over('U');
  return {
    medianMs: {
      A: fixed(A, 3),
      F: fixed(F, 3),
      Fp: fixed(over('Fp'), 3),
      M: fixed(M, 3),
      U: fixed(U, 3),
    },
    chunksPerSecond: { A: Math.round(EVENTS / (A / 1000)), F: Math.round(EVENTS / (F / 1000)) },
    perChunkOverheadNs: fixed(((A - F) * 1e6) / EVENTS, 0),
    adapterPerChunkNs: fixed(((A - M) * 1e6) / EVENTS, 0),
    usageEventsPerChunkNs: fixed(((U - M) * 1e6) / EVENTS, 0),
    mappingPerChunkNs: fixed(((A - U) * 1e6) / EVENTS, 0),
    ratio: fixed(over('ratio'), 3),
    control: fixed(over('control'), 3),
    transportRatio: fixed(over('transport'), 3),
    perRound: perRound.map((r) =>
      Object.fromEntries(Object.entries(r).map(([key, value]) => [key, fixed(value, 3)])),
    ),
  };
}

async function runRounds(
  variants,
  chars,
  { rounds, iterations, settle = SETTLE, settleMs = SETTLE_MS, warmup },
) {
  const keys = Object.keys(variants);
  for (let i = 0; i < warmup; i++) for (const key of keys) await timeOnce(variants[key], chars);
  const orders = balancedOrders(keys.length);
  const measured = [];
  for (let round = 0; round < rounds; round++) {
    const times = Object.fromEntries(keys.map((key) => [key, []]));
    for (const index of orders[round % orders.length]) {
      const key = keys[index];
      gc();
      const warm = performance.now() + settleMs;
      for (let i = 0; i < settle || performance.now() < warm; i++) {
        await timeOnce(variants[key], chars);
      }
      for (let i = 0; i < iterations; i++) times[key].push(await timeOnce(variants[key], chars));
    }
    measured.push(times);
  }
  const wall = summarize(measured, 'wall');
  // The wall-time figures stay at the top level (the report reads them there); CPU beside them.
  return { rounds, iterations, settle, settleMs, ...wall, cpu: summarize(measured, 'cpu') };
}

/**
 * Runs the benchmark; resolves to the result (also printed and written to tooling/bench/results/).
 * `schedule`: the attempts (rounds × iterations, optionally `settle`), each tried while the control is
 * out of tolerance.
 */
export async function main({ schedule = SCHEDULE } = {}) {
  if (!packagesBuilt('gemini', ['ai', 'http', 'gemini'])) return undefined;
  const { gemini } = await import(packageDist('gemini').href);
  const { userMessage } = await import(packageDist('ai').href);
  const { createHttpClient } = await import(packageDist('http').href);
  const server = await startServer();
  const variants = {
    A: aigoVariant(server.origin, gemini, userMessage),
    F: floorVariant(server.origin, 'F'),
    Fp: floorVariant(server.origin, 'F′'),
    M: transportVariant(server.origin, createHttpClient),
    U: usageVariant(server.origin, createHttpClient),
  };
  let result;
  try {
    for (const attempt of schedule) {
      result = await runRounds(variants, server.chars, { ...attempt, warmup: 5 });
      result.valid = Math.abs(result.control - 1) <= CONTROL_TOLERANCE;
      process.stderr.write(
        `[gemini] rounds=${attempt.rounds} iterations=${attempt.iterations}: wall A/F=${result.ratio} M/F=${result.transportRatio} control F′/F=${result.control}; CPU A/F=${result.cpu.ratio} M/F=${result.cpu.transportRatio} control=${result.cpu.control}${result.valid ? '' : ' (control out of tolerance, retrying)'}\n`,
      );
      if (result.valid) break;
    }
  } finally {
    for (const variant of Object.values(variants)) await variant.close();
    await server.stop();
  }
  const verdict = !result.valid
    ? 'VOID (control out of 1.00 ± 0.03)'
    : result.ratio <= TARGET
      ? `ok (≤ ${TARGET}×)`
      : `over target (${TARGET}×)`;
  const lines = [
    `## Gemini: streaming ${EVENTS} alt=sse chunks (${(server.bytes / 1024).toFixed(0)} KiB) from a server in another process`,
    '',
    '| time | A (aigo) ms | F (floor) ms | A chunks/s | F chunks/s | A/F (median of rounds) | control F′/F | M/F (transport only) | per chunk: A−F | A−M (adapter) | U−M (usage events) | A−U (mapping) | rounds × iterations | verdict |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...[
      ['wall', result, `**${result.ratio}×**`, verdict],
      ['CPU', result.cpu, `${result.cpu.ratio}×`, 'information'],
    ].map(
      ([label, r, ratio, note]) =>
        `| ${label} | ${r.medianMs.A} | ${r.medianMs.F} | ${r.chunksPerSecond.A} | ${r.chunksPerSecond.F} | ${ratio} | ${r.control} | ${r.transportRatio} | ${r.perChunkOverheadNs} ns | ${r.adapterPerChunkNs} ns | ${r.usageEventsPerChunkNs} ns | ${r.mappingPerChunkNs} ns | ${result.rounds} × ${result.iterations} | ${note} |`,
    ),
    '',
    `Node ${process.version}, ${cpus().length} CPUs.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  process.stdout.write('\n');
  const record = writeResult('gemini-stream', {
    events: EVENTS,
    bodyBytes: server.bytes,
    answerChars: server.chars,
    target: TARGET,
    controlTolerance: CONTROL_TOLERANCE,
    ...result,
  });
  if (!result.valid) process.exitCode = 1;
  return record;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
