// The @aigo/gemini streaming benchmark (not a test): chunks per second consuming a long
// `streamGenerateContent?alt=sse` body through `gemini().streamMessage()` (A), versus the floor (F):
// raw `undici.request` on its own keep-alive Agent, a streaming TextDecoder, eventsource-parser,
// `JSON.parse` of every chunk and the text joined at the end — the same job, without aigo. F′ is an
// identical copy of F, the control; M (diagnostic) is @aigo/http + ChatStream with a bare mapper.
//
//   node --expose-gc tooling/bench/gemini/gemini-bench.mjs      (after `pnpm build`)
//
// Rounds alternate the variants request by request (order rotated, gc() before each timed run); a
// round's figure is each variant's median; the result is the median over rounds of A/F (target
// ≤ 1.10×) and of F′/F. The run is VOID (exit code 1) unless F′/F is within 1.00 ± 0.03; it is retried
// with more rounds first. Writes bench/results/gemini-stream-<date>.json at the repository root.
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import { Agent, request } from 'undici';
import { fixed, median } from '../src/stats.mjs';

const EVENTS = 5000;
const TARGET = 1.1;
const CONTROL_TOLERANCE = 0.03;
const SCHEDULE = [
  { rounds: 7, iterations: 15 },
  { rounds: 9, iterations: 30 },
  { rounds: 11, iterations: 50 },
];
const MODEL = 'gemini-2.5-flash';
const root = new URL('../../../', import.meta.url);
const geminiDist = new URL('packages/gemini/dist/index.js', root);
const aiDist = new URL('packages/ai/dist/index.js', root);
const httpDist = new URL('packages/http/dist/index.js', root);
const resultsDirectory = fileURLToPath(new URL('bench/results/', root));
const gc = globalThis.gc ?? (() => undefined);

async function startServer() {
  const child = fork(
    fileURLToPath(new URL('./gemini-sse-server.mjs', import.meta.url)),
    [String(EVENTS)],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const info = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the SSE server exited with code ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${info.port}`,
    bytes: info.bytes,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

/** (A) `@aigo/gemini`: streamMessage → ChatStream, iterated with for await. */
function aigoVariant(origin, gemini, userMessage) {
  const provider = gemini({ apiKey: 'bench-key-000000', baseURL: `${origin}/v1beta` });
  const chatRequest = { model: MODEL, messages: [userMessage('Count.')] };
  return {
    name: 'A (@aigo/gemini streamMessage, for await)',
    async run() {
      const stream = await provider.streamMessage(chatRequest);
      let count = 0;
      let length = 0;
      for await (const event of stream) {
        if (event.type === 'content') {
          count++;
          length += event.text.length;
        }
      }
      if (length === 0) throw new Error('no content');
      return count;
    },
    close: () => provider.close(),
  };
}

/**
 * (M) diagnostic: `@aigo/http` postSse → ChatStream with a bare mapper (JSON.parse, one content event
 * per chunk) — the transport and ChatStream without the Gemini adapter. A/M is what the adapter's
 * own mapping (usage, tool calls, signatures, grounding, delta tracking) costs.
 */
function transportVariant(origin, createHttpClient) {
  const http = createHttpClient({
    provider: 'bench',
    headers: { 'x-goog-api-key': 'bench-key-000000' },
  });
  const url = `${origin}/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`;
  const body = { contents: [{ role: 'user', parts: [{ text: 'Count.' }] }] };
  const mapper = (frame, controller) => {
    const text = JSON.parse(frame.data).candidates?.[0]?.content?.parts?.[0]?.text;
    if (text) controller.enqueue({ type: 'content', text });
  };
  return {
    name: 'M (@aigo/http postSse + ChatStream, bare JSON mapper)',
    async run() {
      const stream = (await http.postSse(url, body)).toChatStream(mapper);
      let count = 0;
      for await (const event of stream) if (event.type === 'content') count++;
      return count;
    },
    close: () => http.close(),
  };
}

/** (F) the floor: undici + eventsource-parser + JSON.parse per chunk, the text joined at the end. */
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
          const answer = parts.join('');
          if (answer.length === 0) reject(new Error('no content'));
          else resolve(parts.length);
        });
        response.body.on('error', reject);
      });
    },
    close: () => dispatcher.close(),
  };
}

async function timeOnce(variant) {
  gc();
  const start = process.hrtime.bigint();
  const count = await variant.run();
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (count !== EVENTS) throw new Error(`${variant.name} saw ${count} chunks, expected ${EVENTS}`);
  return elapsed;
}

async function runRounds(variants, { rounds, iterations, warmup }) {
  const keys = Object.keys(variants);
  for (let i = 0; i < warmup; i++) for (const key of keys) await timeOnce(variants[key]);
  const perRound = [];
  for (let round = 0; round < rounds; round++) {
    const times = Object.fromEntries(keys.map((key) => [key, []]));
    for (let i = 0; i < iterations; i++) {
      const offset = (round * iterations + i) % keys.length;
      for (let k = 0; k < keys.length; k++) {
        const key = keys[(k + offset) % keys.length];
        times[key].push(await timeOnce(variants[key]));
      }
    }
    const A = median(times.A);
    const F = median(times.F);
    const Fp = median(times.Fp);
    const M = median(times.M);
    perRound.push({ A, F, Fp, M, ratio: A / F, control: Fp / F, transport: M / F });
  }
  const A = median(perRound.map((r) => r.A));
  const F = median(perRound.map((r) => r.F));
  return {
    rounds,
    iterations,
    medianMs: {
      A: fixed(A, 3),
      F: fixed(F, 3),
      Fp: fixed(median(perRound.map((r) => r.Fp)), 3),
      M: fixed(median(perRound.map((r) => r.M)), 3),
    },
    chunksPerSecond: { A: Math.round(EVENTS / (A / 1000)), F: Math.round(EVENTS / (F / 1000)) },
    perChunkOverheadNs: fixed(((A - F) * 1e6) / EVENTS, 0),
    ratio: fixed(median(perRound.map((r) => r.ratio)), 3),
    control: fixed(median(perRound.map((r) => r.control)), 3),
    transportRatio: fixed(median(perRound.map((r) => r.transport)), 3),
    perRound: perRound.map((r) => ({
      A: fixed(r.A, 3),
      F: fixed(r.F, 3),
      Fp: fixed(r.Fp, 3),
      M: fixed(r.M, 3),
      ratio: fixed(r.ratio, 3),
      control: fixed(r.control, 3),
      transport: fixed(r.transport, 3),
    })),
  };
}

/**
 * Runs the benchmark; resolves to the result (also printed and written to bench/results/).
 * `schedule`: the attempts (rounds × iterations), each tried while the control is out of tolerance.
 */
export async function main({ schedule = SCHEDULE } = {}) {
  if (!existsSync(geminiDist) || !existsSync(aiDist) || !existsSync(httpDist)) {
    process.stderr.write(
      'gemini bench skipped: packages/{ai,http,gemini}/dist missing (run `pnpm build`)\n',
    );
    return undefined;
  }
  const { gemini } = await import(geminiDist.href);
  const { userMessage } = await import(aiDist.href);
  const { createHttpClient } = await import(httpDist.href);
  const server = await startServer();
  const variants = {
    A: aigoVariant(server.origin, gemini, userMessage),
    F: floorVariant(server.origin, 'F'),
    Fp: floorVariant(server.origin, 'F′'),
    M: transportVariant(server.origin, createHttpClient),
  };
  let result;
  try {
    for (const attempt of schedule) {
      result = await runRounds(variants, { ...attempt, warmup: 10 });
      result.valid = Math.abs(result.control - 1) <= CONTROL_TOLERANCE;
      process.stderr.write(
        `[gemini] rounds=${attempt.rounds} iterations=${attempt.iterations}: A/F=${result.ratio} control F′/F=${result.control}${result.valid ? '' : ' (control out of tolerance, retrying)'}\n`,
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
    '| A (aigo) ms | F (floor) ms | A chunks/s | F chunks/s | A/F (median of rounds) | control F′/F | M/F (transport only) | per-chunk overhead | rounds × iterations | verdict |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    `| ${result.medianMs.A} | ${result.medianMs.F} | ${result.chunksPerSecond.A} | ${result.chunksPerSecond.F} | **${result.ratio}×** | ${result.control} | ${result.transportRatio} | ${result.perChunkOverheadNs} ns | ${result.rounds} × ${result.iterations} | ${verdict} |`,
    '',
    `Node ${process.version}, ${cpus().length} CPUs.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const record = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    events: EVENTS,
    bodyBytes: server.bytes,
    target: TARGET,
    controlTolerance: CONTROL_TOLERANCE,
    ...result,
  };
  mkdirSync(resultsDirectory, { recursive: true });
  const file = `${resultsDirectory}gemini-stream-${record.date.replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  process.stdout.write(`\nWrote ${file}\n`);
  if (!result.valid) process.exitCode = 1;
  return record;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
