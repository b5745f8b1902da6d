// One fresh process per stack for figures (a)–(c): the stack (X) and two identical floors (F, F′)
// built in this same process, measured in alternating rounds against the mock server, ratios X/F to
// this in-process floor and the control F′/F. A figure whose control is out of 1.00 ± 0.03 gets more
// rounds (up to `extraPasses` times, while the deadline allows); it stays VOID if it is still out.
//
//   argv: <stack> <origin> <options JSON>     result: sent to the parent over IPC
//   (options.floor names the floor's stack: `floor` for Chat Completions, `anthropic-floor` for the
//   Messages API)
import { fixed } from '../../shared/stats.mjs';
import { blockRounds, summarize, timed } from './rounds.mjs';
import { createStack } from './stacks.mjs';

const [name, origin, optionsJson] = process.argv.slice(2);
const options = JSON.parse(optionsJson);
const { tokens, concurrency, deadline, extraPasses, floor = 'floor' } = options;
const gc = globalThis.gc ?? (() => undefined);

const stacks = {
  X: await createStack(name, origin),
  F: await createStack(floor, origin, '/v1', 'F'),
  Fp: await createStack(floor, origin, '/v1', 'F′'),
};
const keys = Object.keys(stacks);

/**
 * Runs `schedule` rounds of `measure`, then more passes while a figure named by `fields` is VOID,
 * summarising all rounds so far each time. A full GC runs before each block, not before each call: a
 * forced full GC lets V8 collect the hidden classes of objects no longer alive (the parsed chunks of
 * the last stream) and deoptimise the code that was specialised for them, so a GC before every call
 * made every measured call run half-optimised code — 157 deoptimisations in 100 aigo streams against
 * 13 without, and aigo's (c) CPU at 1.78× the floor instead of 1.14× — which no real process does
 * between two requests. The untimed `settle` calls after the GC let the code warm up again.
 */
async function figure(schedule, measure, fields) {
  const perRound = await blockRounds(keys, schedule, measure, 0, gc);
  let summaries = Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, summarize(perRound, field)]),
  );
  for (let pass = 0; pass < extraPasses; pass++) {
    if (Object.values(summaries).every((s) => s.valid) || Date.now() > deadline) break;
    perRound.push(...(await blockRounds(keys, schedule, measure, perRound.length, gc)));
    summaries = Object.fromEntries(
      Object.entries(fields).map(([key, field]) => [key, summarize(perRound, field)]),
    );
  }
  return summaries;
}

// (a) p50 latency, sequential tiny completions: each round's figure is a block's median.
async function latency() {
  for (const key of keys) for (let i = 0; i < 30; i++) await stacks[key].send();
  const { time } = await figure(
    options.latency,
    async (key) => (await timed(() => stacks[key].send())).ms,
    { time: (ms) => ms },
  );
  return {
    schedule: options.latency,
    p50Us: { X: fixed(time.X * 1000, 1), F: fixed(time.F * 1000, 1) },
    time,
  };
}

// (b) `concurrency` workers sending `perWorker` completions each (`floorPerWorker` for the floors, so
// that a floor batch is long enough to time on a busy machine): wall time and CPU per request.
async function throughput() {
  const { perWorker, floorPerWorker = perWorker } = options.throughput;
  const batch = (key) => {
    const count = key === 'X' ? perWorker : floorPerWorker;
    return timed(() =>
      Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let i = 0; i < count; i++) await stacks[key].send();
        }),
      ),
    ).then((sample) => ({ ...sample, requests: concurrency * count }));
  };
  for (const key of keys) await batch(key);
  const { wall, cpu } = await figure(options.throughput, batch, {
    wall: (s) => s.ms / s.requests,
    cpu: (s) => s.cpuMs / s.requests,
  });
  return {
    schedule: options.throughput,
    concurrency,
    requests: { X: concurrency * perWorker, F: concurrency * floorPerWorker },
    requestsPerSecond: { X: Math.round(1000 / wall.X), F: Math.round(1000 / wall.F) },
    cpuPerRequestUs: { X: fixed(cpu.X * 1000, 1), F: fixed(cpu.F * 1000, 1) },
    wall,
    cpu,
  };
}

// (c) one `tokens`-token stream: wall time and CPU, every character of content read (each stack must
// read as many as the floor).
async function streaming() {
  const expected = await stacks.F.stream();
  const once = async (key) => {
    const sample = await timed(() => stacks[key].stream());
    if (sample.value !== expected) {
      throw new Error(
        `${stacks[key].name} read ${sample.value} characters of content, expected ${expected}`,
      );
    }
    return sample;
  };
  for (const key of keys) for (let i = 0; i < 2; i++) await once(key);
  const { time, cpu } = await figure(options.stream, once, {
    time: (s) => s.ms,
    cpu: (s) => s.cpuMs,
  });
  return {
    schedule: options.stream,
    tokens,
    time,
    cpu,
    cpuPerTokenNs: {
      X: fixed((cpu.X * 1e6) / tokens, 0),
      F: fixed((cpu.F * 1e6) / tokens, 0),
    },
  };
}

try {
  const result = { stack: name, latency: await latency() };
  result.throughput = await throughput();
  result.stream = await streaming();
  process.send({ result });
} finally {
  for (const stack of Object.values(stacks)) await stack.close();
  process.disconnect();
}
