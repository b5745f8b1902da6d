// The observability overhead benchmark (not a test): what an observer adds to each @aigo/client call
// over @aigo/testing's fake provider, against the same client with no observer at all.
//
//   node --expose-gc tooling/bench/suites/observability/observability-bench.mjs      (after `pnpm build`)
//
// Arms (stateless sendMessage and streamMessage calls, one client per arm, the same fake answer):
// - none:        no observer (the client adds no observability middleware);
// - noop:        `noopObserver` from @aigo/ai;
// - log info:    `createLogObserver()` at `info` writing to a null stream (spans are debug: silent);
// - log debug:   `createLogObserver()` at `debug`, compact, to a null stream (every span and
//                histogram formatted and written);
// - otel no-op:  `createOtelObserver()` with no SDK registered (the API's no-op tracer and meter).
// Reports, as medians over rounds of finely interleaved batches, in CPU time of this process, the µs
// each arm adds per call over `none`. Targets: noop < 1 µs per call, OTel no-op < 10 µs per call.
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { interleaved, round3 } from '../../shared/cpu-timing.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDist as dist } from '../../shared/paths.mjs';
import { median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';

const PACKAGES = ['ai', 'client', 'testing', 'observability', 'otel'];

let noopObserver;
let createClient;
let createFakeProvider;
let createLogObserver;
let createOtelObserver;

/** Loads the built packages; false (with the reason on stderr) when one is not built. */
async function load() {
  if (!packagesBuilt('observability', PACKAGES)) return false;
  ({ noopObserver } = await import(dist('ai').href));
  ({ createClient } = await import(dist('client').href));
  ({ createFakeProvider } = await import(dist('testing').href));
  ({ createLogObserver } = await import(dist('observability').href));
  ({ createOtelObserver } = await import(dist('otel').href));
  return true;
}

export const TARGETS = Object.freeze({ noopUsPerCall: 1, otelNoopUsPerCall: 10 });

const MODEL = 'bench-model';
const ANSWER = 'Sure, here is a short answer for you.';
const USAGE = { promptTokens: 12, completionTokens: 8, totalTokens: 20 };
const nullStream = { write() {} };

/**
 * A provider over a fresh `createFakeProvider()` per batch (`reset()`): the fake records every call
 * it gets, so one fake for the whole run would grow the heap by itself.
 */
function rotatingFakeProvider() {
  let current;
  const reset = () => {
    current = createFakeProvider({ id: 'fake' }).default({ content: ANSWER, usage: USAGE });
  };
  reset();
  return {
    id: 'fake',
    reset,
    sendMessage: (request, options) => current.sendMessage(request, options),
    streamMessage: (request, options) => current.streamMessage(request, options),
  };
}

function observers() {
  return {
    none: undefined,
    noop: noopObserver,
    logInfo: createLogObserver({ output: nullStream, level: 'info', env: {} }),
    logDebug: createLogObserver({
      output: nullStream,
      level: 'debug',
      format: 'compact',
      env: {},
    }),
    otelNoop: createOtelObserver(),
  };
}

async function drain(stream) {
  for await (const _event of stream) {
    // Every event read, as an application would.
  }
}

/** Per-call overhead of each observer over none, for `send` or `stream` calls. */
export async function perCallOverhead({
  mode = 'send',
  rounds = 31,
  batches = 40,
  calls = 50,
} = {}) {
  const arms = {};
  for (const [name, observer] of Object.entries(observers())) {
    const provider = rotatingFakeProvider();
    const client = createClient(provider, {
      defaultModel: MODEL,
      env: {},
      ...(observer === undefined ? {} : { observer }),
    });
    arms[name] =
      mode === 'send'
        ? async () => {
            provider.reset();
            for (let i = 0; i < calls; i++) await client.sendMessage('Question?');
          }
        : async () => {
            provider.reset();
            for (let i = 0; i < calls; i++) await drain(await client.streamMessage('Question?'));
          };
  }
  await interleaved(arms, batches); // warm-up (JIT)
  const perRound = batches * calls;
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    if (typeof globalThis.gc === 'function') globalThis.gc();
    const totals = await interleaved(arms, batches);
    const sample = { none: totals.none / perRound };
    for (const name of Object.keys(arms)) {
      if (name !== 'none') sample[name] = (totals[name] - totals.none) / perRound;
    }
    samples.push(sample);
  }
  const result = { mode, rounds, callsPerArmPerRound: perRound };
  result.baselineUsPerCall = round3(median(samples.map((s) => s.none)));
  for (const name of Object.keys(arms)) {
    if (name !== 'none') result[`${name}UsPerCall`] = round3(median(samples.map((s) => s[name])));
  }
  return result;
}

export async function runObservabilityBench(options = {}) {
  const send = await perCallOverhead({ ...options.send, mode: 'send' });
  const stream = await perCallOverhead({ ...options.stream, mode: 'stream' });
  const verdicts = {
    noopSend: send.noopUsPerCall < TARGETS.noopUsPerCall,
    noopStream: stream.noopUsPerCall < TARGETS.noopUsPerCall,
    otelSend: send.otelNoopUsPerCall < TARGETS.otelNoopUsPerCall,
    otelStream: stream.otelNoopUsPerCall < TARGETS.otelNoopUsPerCall,
  };
  return { send, stream, targets: TARGETS, verdicts };
}

export function observabilityBenchTable(result) {
  const ok = (pass) => (pass ? 'ok' : '**over target**');
  const { send, stream, verdicts } = result;
  const row = (label, key, target, sendVerdict, streamVerdict) =>
    `| ${label} | ${send[key]} µs | ${stream[key]} µs | ${target} | ${
      sendVerdict === undefined ? '—' : `${ok(sendVerdict)} / ${ok(streamVerdict)}`
    } |`;
  return [
    '## Observability overhead per @aigo/client call (fake provider, added over no observer)',
    '',
    `Median of ${send.rounds} rounds, ${send.callsPerArmPerRound} calls per arm per round; the client without an observer takes ${send.baselineUsPerCall} µs per sendMessage and ${stream.baselineUsPerCall} µs per streamMessage (every event read).`,
    '',
    '| observer | per sendMessage | per streamMessage | target | verdict (send / stream) |',
    '|---|---:|---:|---:|---|',
    row(
      '`noopObserver`',
      'noopUsPerCall',
      `< ${TARGETS.noopUsPerCall} µs`,
      verdicts.noopSend,
      verdicts.noopStream,
    ),
    row(
      '`createOtelObserver()`, no SDK (no-op tracer and meter)',
      'otelNoopUsPerCall',
      `< ${TARGETS.otelNoopUsPerCall} µs`,
      verdicts.otelSend,
      verdicts.otelStream,
    ),
    row('`createLogObserver()` at info, null stream', 'logInfoUsPerCall', '—'),
    row('`createLogObserver()` at debug (compact), null stream', 'logDebugUsPerCall', '—'),
  ].join('\n');
}

/**
 * Runs the benchmark, prints its table and writes its JSON to tooling/bench/results/. It runs on its own
 * (`node --expose-gc tooling/bench/suites/observability/observability-bench.mjs`) and can be called from
 * the runner.
 */
export async function main(options = {}) {
  if (!(await load())) return undefined;
  const result = await runObservabilityBench(options);
  process.stdout.write(
    `\n${observabilityBenchTable(result)}\n\nNode ${process.version}, ${cpus().length} CPUs.\n`,
  );
  writeResult('observability', result);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
