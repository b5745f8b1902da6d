// The routing benchmark (not a test): the CPU that `fallback()` and `createRegistry()` of
// @aigo/client add to a call whose first entry is healthy, over calling the same provider directly.
//
//   node --expose-gc tooling/bench/suites/routing/routing-bench.mjs      (after `pnpm build`)
//
// Arms, each a batch of `sendMessage` calls on a provider that answers at once (a constant
// response, so the provider itself costs almost nothing):
// - direct: the provider;
// - fallback: `fallback([{ provider, model }, backup])` — the first entry answers;
// - registry: `createRegistry({ providers: { p, q }, aliases: { fast: 'p:m' } })` asked for `fast`;
// - direct′: the provider again, the control (direct′ − direct should be ~0);
// - client over fallback against client over the provider: what `fallback` adds through
//   `createClient` (its per-entry call path: retries and middleware per entry, the route recorded).
// Medians over rounds of interleaved batches, in CPU time of this process. Targets: fallback < 2 µs
// per call, registry < 1 µs per call.
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { interleaved, round3 } from '../../shared/cpu-timing.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDist as dist } from '../../shared/paths.mjs';
import { median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';

export const TARGETS = Object.freeze({ fallbackUs: 2, registryUs: 1 });

const RESPONSE = Object.freeze({
  id: 'r',
  model: 'm',
  content: 'ok',
  toolCalls: Object.freeze([]),
  finishReason: 'stop',
});

/** A provider that answers at once with the same response. */
function instantProvider(id) {
  return { id, sendMessage: () => Promise.resolve(RESPONSE) };
}

async function calls(provider, request, count) {
  for (let index = 0; index < count; index++) await provider.sendMessage(request);
}

export async function runRoutingBench({ rounds = 15, batches = 200, perBatch = 200 } = {}) {
  const { createClient, fallback, createRegistry } = await import(dist('client').href);
  const { userMessage } = await import(dist('ai').href);
  const provider = instantProvider('p');
  const viaFallback = fallback([{ provider, model: 'm' }, instantProvider('q')]);
  const registry = createRegistry({
    providers: { p: provider, q: instantProvider('q') },
    aliases: { fast: 'p:m' },
  });
  const plain = { model: 'm', messages: [userMessage('Hi')] };
  const aliased = { model: 'fast', messages: plain.messages };
  const overClient = (target) => createClient(target, { defaultModel: 'm' });
  const clientDirect = overClient(provider);
  const clientFallback = overClient(viaFallback);
  const clientCalls = async (client) => {
    for (let index = 0; index < perBatch; index++) await client.sendMessage('Hi');
  };
  const arms = {
    clientDirect: () => clientCalls(clientDirect),
    clientFallback: () => clientCalls(clientFallback),
    direct: () => calls(provider, plain, perBatch),
    fallback: () => calls(viaFallback, plain, perBatch),
    registry: () => calls(registry, aliased, perBatch),
    directControl: () => calls(provider, plain, perBatch),
  };
  await interleaved(arms, batches); // warm-up (JIT)
  const perArm = batches * perBatch;
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    const t = await interleaved(arms, batches);
    samples.push({
      direct: t.direct / perArm,
      fallback: (t.fallback - t.direct) / perArm,
      registry: (t.registry - t.direct) / perArm,
      control: (t.directControl - t.direct) / perArm,
      client: t.clientDirect / perArm,
      clientFallback: (t.clientFallback - t.clientDirect) / perArm,
    });
  }
  const result = {
    rounds,
    callsPerArmPerRound: perArm,
    directUsPerCall: round3(median(samples.map((s) => s.direct))),
    fallbackAddedUs: round3(median(samples.map((s) => s.fallback))),
    registryAddedUs: round3(median(samples.map((s) => s.registry))),
    controlAddedUs: round3(median(samples.map((s) => s.control))),
    clientUsPerCall: round3(median(samples.map((s) => s.client))),
    clientFallbackAddedUs: round3(median(samples.map((s) => s.clientFallback))),
  };
  return {
    ...result,
    targets: TARGETS,
    verdicts: {
      fallback: result.fallbackAddedUs < TARGETS.fallbackUs,
      clientFallback: result.clientFallbackAddedUs < TARGETS.fallbackUs,
      registry: result.registryAddedUs < TARGETS.registryUs,
    },
  };
}

export function routingBenchTable(result) {
  const ok = (pass) => (pass ? 'ok' : '**over target**');
  return [
    '## @aigo/client routing: fallback and registry, healthy first entry',
    '',
    '| measure | result | target | verdict |',
    '|---|---:|---:|---|',
    `| added by \`fallback\` per call (median of ${result.rounds} rounds of ${result.callsPerArmPerRound} calls; direct ${result.directUsPerCall} µs, control ${result.controlAddedUs} µs) | ${result.fallbackAddedUs} µs | < ${TARGETS.fallbackUs} µs | ${ok(result.verdicts.fallback)} |`,
    `| added by \`fallback\` per call through \`createClient\` (client over the provider: ${result.clientUsPerCall} µs) | ${result.clientFallbackAddedUs} µs | < ${TARGETS.fallbackUs} µs | ${ok(result.verdicts.clientFallback)} |`,
    `| added by \`createRegistry\` per call (an alias) | ${result.registryAddedUs} µs | < ${TARGETS.registryUs} µs | ${ok(result.verdicts.registry)} |`,
  ].join('\n');
}

/** Runs the routing benchmark, prints its table and writes its JSON to tooling/bench/results/. */
export async function main() {
  if (!packagesBuilt('routing', ['ai', 'client'])) return undefined;
  const result = await runRoutingBench();
  process.stdout.write(
    `\n${routingBenchTable(result)}\n\nNode ${process.version}, ${cpus().length} CPUs.\n`,
  );
  writeResult('routing', result);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
