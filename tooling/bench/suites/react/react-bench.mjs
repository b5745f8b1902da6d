// The @aigo/react overhead benchmark (not a test): a typed ReAct agent (a calculator tool, three
// iterations: two tool rounds and a JSON final answer) over @aigo/testing's fake provider, versus the
// same model calls and tool calls made directly, and versus the same loop written by hand on the client.
//
//   node --expose-gc tooling/bench/suites/react/react-bench.mjs      (after `pnpm build`)
//
// Reports, as medians over rounds of finely interleaved batches, in CPU time of this process:
// - agent overhead per iteration: (agent − direct) / iterations, where `direct` sends the same
//   requests to the provider and calls the tool itself (model and tool time excluded); also the part
//   of it that is the agent's own layer, (agent − hand-written client loop) / iterations, and the same
//   for a streamed run (executeStream, every event read);
// - a queued steering message: CPU added, (steered run − the same run) per message, where the
//   steered run gets one message pushed on a createSteeringQueue() before it starts (delivered at
//   its first model call: a steering_message span event, one more message sent and stored);
// - a configured no-op guardrail: CPU added per model call, (guarded run − the same run) /
//   iterations, where the guarded agent has one output guardrail that always passes (its answers are
//   held in the run's deferring memory until it decided, then stored);
// - heap: heapUsed after a forced GC at 10 % and at 100 % of 10 000 runs, each with a fresh
//   inMemoryMemory.
// - an agentTool call: CPU added over calling the same sub-agent with execute (agent-tool-bench.mjs).
// Targets: < 50 µs per iteration, < 5 µs per steering message, < 5 µs per model call for a no-op
// guardrail, heap growth < 2 MB, < 20 µs per agentTool call.
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { fullGc, interleaved, round3 } from '../../shared/cpu-timing.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDist as dist, packageDirectory } from '../../shared/paths.mjs';
import { median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';
import { AGENT_TOOL_TARGET_US, agentToolOverhead } from './agent-tool-bench.mjs';

const PACKAGES = ['ai', 'client', 'testing', 'react'];

let ai;
let aigoClient;
let testing;
let react;
let Type;

/** Loads the built packages; false (with the reason on stderr) when one is not built. */
async function load() {
  if (!packagesBuilt('react', PACKAGES)) return false;
  ai = await import(dist('ai').href);
  aigoClient = await import(dist('client').href);
  testing = await import(dist('testing').href);
  react = await import(dist('react').href);
  // typebox is a dependency of the packages, not of the bench: load it from where @aigo/react has it.
  const resolve = createRequire(new URL('package.json', packageDirectory('react'))).resolve;
  ({ Type } = await import(pathToFileURL(resolve('typebox')).href));
  return true;
}

export const TARGETS = Object.freeze({
  perIterationUs: 50,
  steeringMessageUs: 5,
  noopGuardrailUs: 5,
  heapGrowthMb: 2,
  agentToolUs: AGENT_TOOL_TARGET_US,
});

const MODEL = 'bench-model';
const ITERATIONS = 3;
const PROMPT = 'What is 17 * 23 + 4?';
const FIRST_CALL = { a: 17, op: '*', b: 23 };
const SECOND_CALL = { a: 391, op: '+', b: 4 };
const ANSWER = '{"total": 395}';
const STEERING = 'Round the total to the nearest ten.';

/** Queues one run's answers on a fake provider. */
function script(provider) {
  return provider
    .toolCall('calculator', FIRST_CALL, { id: 'call_a' })
    .toolCall('calculator', SECOND_CALL, { id: 'call_b' })
    .text(ANSWER);
}

/**
 * A provider that delegates to a fresh, scripted `createFakeProvider()` per run (`reset()`): the fake
 * records every call it gets, so one fake for 10 000 runs would grow the heap by itself.
 */
function rotatingFakeProvider() {
  let current;
  const reset = () => {
    current = script(testing.createFakeProvider({ id: 'fake' }));
  };
  reset();
  return {
    id: 'fake',
    reset,
    sendMessage: (request, options) => current.sendMessage(request, options),
    streamMessage: (request, options) => current.streamMessage(request, options),
  };
}

function calculatorTool() {
  return ai.defineTool({
    name: 'calculator',
    description: 'Computes a op b for op in + - * /',
    input: Type.Object({
      a: Type.Number(),
      op: Type.Union([Type.Literal('+'), Type.Literal('-'), Type.Literal('*'), Type.Literal('/')]),
      b: Type.Number(),
    }),
    execute: ({ a, op, b }) => ({
      result: op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a / b,
    }),
  });
}

function setup() {
  const provider = rotatingFakeProvider();
  const calculator = calculatorTool();
  const schema = Type.Object({ total: Type.Number() });
  const client = aigoClient.createClient(provider, {
    env: {},
    defaultModel: MODEL,
    tools: [calculator],
  });
  const agent = react.createReAct(client, { schema });
  const guarded = react.createReAct(client, {
    schema,
    guardrails: { output: [{ name: 'noop', check: () => PASS }] },
  });
  return { provider, calculator, schema, client, agent, guarded };
}

// ---- the arms ----------------------------------------------------------------------------------

/** The floor: the same three requests sent to the provider, the two tool calls made directly. */
async function directRun({ provider, calculator }, streamed) {
  provider.reset();
  const messages = [ai.userMessage(PROMPT)];
  for (let turn = 0; turn < ITERATIONS; turn++) {
    const request = { model: MODEL, messages: [...messages] };
    let response;
    if (streamed) {
      const stream = await provider.streamMessage(request);
      for await (const _event of stream) {
        // read every event, as the agent's consumer does
      }
      response = await stream.collect();
    } else {
      response = await provider.sendMessage(request);
    }
    messages.push(ai.toAssistantMessage(response));
    for (const call of response.toolCalls) {
      const output = await calculator.call(call.function.arguments, { toolCallId: call.id });
      messages.push(ai.toolMessage(call.id, output, call.function.name));
    }
  }
}

/** The same loop written by hand on the client (memory, overview, tools, parsing). */
async function clientLoopRun({ provider, client, schema }) {
  provider.reset();
  const memory = aigoClient.inMemoryMemory();
  const overview = client.createOverview();
  let response = await client.sendMessage(PROMPT, { memory, overview });
  while (response.toolCalls.length > 0) {
    const results = await client.executeToolCalls(response.toolCalls, { overview, concurrency: 4 });
    response = await client.continueConversation({ memory, overview, messages: results });
  }
  await aigoClient.parseStringAs(response.content, schema);
  overview.end();
}

async function agentRun({ provider, agent }) {
  provider.reset();
  const result = await agent.execute(PROMPT, { memory: aigoClient.inMemoryMemory() });
  if (result.iterations !== ITERATIONS) throw new Error(`expected ${ITERATIONS} iterations`);
}

async function agentSteeredRun({ provider, agent }) {
  provider.reset();
  const steering = react.createSteeringQueue();
  steering.push(STEERING);
  const result = await agent.execute(PROMPT, { memory: aigoClient.inMemoryMemory(), steering });
  if (result.iterations !== ITERATIONS) throw new Error(`expected ${ITERATIONS} iterations`);
}

const PASS = Object.freeze({ tripwire: false });

async function guardedRun({ provider, guarded }) {
  provider.reset();
  const result = await guarded.execute(PROMPT, { memory: aigoClient.inMemoryMemory() });
  if (result.iterations !== ITERATIONS) throw new Error(`expected ${ITERATIONS} iterations`);
}

async function agentStreamRun({ provider, agent }) {
  provider.reset();
  const stream = agent.executeStream(PROMPT, { memory: aigoClient.inMemoryMemory() });
  for await (const _event of stream) {
    // read every event
  }
  await stream.collect();
}

// ---- per iteration -----------------------------------------------------------------------------

export async function perIterationOverhead({ rounds = 9, runs = 200 } = {}) {
  const context = setup();
  const arms = {
    direct: () => directRun(context, false),
    clientLoop: () => clientLoopRun(context),
    agent: () => agentRun(context),
  };
  await interleaved(arms, runs); // warm-up (JIT, typebox compile)
  const iterations = runs * ITERATIONS;
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    const t = await interleaved(arms, runs);
    samples.push({
      direct: t.direct / iterations,
      clientLoop: t.clientLoop / iterations,
      agent: t.agent / iterations,
      overhead: (t.agent - t.direct) / iterations,
      ownLayer: (t.agent - t.clientLoop) / iterations,
    });
  }
  const pick = (key) => round3(median(samples.map((sample) => sample[key])));
  return {
    runs,
    rounds,
    iterationsPerRun: ITERATIONS,
    directUsPerIteration: pick('direct'),
    clientLoopUsPerIteration: pick('clientLoop'),
    agentUsPerIteration: pick('agent'),
    overheadUsPerIteration: pick('overhead'),
    agentLayerUsPerIteration: pick('ownLayer'),
  };
}

/**
 * The same for streamed runs (executeStream, every event read) against direct streams. Measured
 * after the non-streamed arms, so their figures are not affected by the streaming code paths.
 */
export async function perIterationStreamOverhead({ rounds = 9, runs = 200 } = {}) {
  const context = setup();
  const arms = {
    directStream: () => directRun(context, true),
    agentStream: () => agentStreamRun(context),
  };
  await interleaved(arms, runs);
  const iterations = runs * ITERATIONS;
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    const t = await interleaved(arms, runs);
    samples.push({
      direct: t.directStream / iterations,
      overhead: (t.agentStream - t.directStream) / iterations,
    });
  }
  return {
    runs,
    rounds,
    directUsPerIteration: round3(median(samples.map((sample) => sample.direct))),
    overheadUsPerIteration: round3(median(samples.map((sample) => sample.overhead))),
  };
}

// ---- steering -----------------------------------------------------------------------------------

/**
 * CPU a queued steering message adds: the same agent run with and without one message pushed on a
 * steering queue before it starts (the queue made and pushed to inside the measured arm).
 */
export async function steeringMessageCost({ rounds = 9, runs = 200 } = {}) {
  const context = setup();
  const arms = {
    agent: () => agentRun(context),
    steered: () => agentSteeredRun(context),
  };
  await interleaved(arms, runs);
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    const t = await interleaved(arms, runs);
    samples.push({ agent: t.agent / runs, added: (t.steered - t.agent) / runs });
  }
  return {
    runs,
    rounds,
    agentUsPerRun: round3(median(samples.map((sample) => sample.agent))),
    addedUsPerMessage: round3(median(samples.map((sample) => sample.added))),
  };
}

// ---- guardrails ---------------------------------------------------------------------------------

/**
 * CPU a configured no-op guardrail adds per model call: the same run by an agent with one output
 * guardrail that always passes, against the agent without, divided by the run's model calls.
 */
export async function noopGuardrailCost({ rounds = 9, runs = 200 } = {}) {
  const context = setup();
  const arms = { agent: () => agentRun(context), guarded: () => guardedRun(context) };
  await interleaved(arms, runs);
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    const t = await interleaved(arms, runs);
    samples.push({ agent: t.agent / runs, added: (t.guarded - t.agent) / runs / ITERATIONS });
  }
  return {
    runs,
    rounds,
    agentUsPerRun: round3(median(samples.map((sample) => sample.agent))),
    addedUsPerModelCall: round3(median(samples.map((sample) => sample.added))),
  };
}

// ---- heap --------------------------------------------------------------------------------------

export async function heapFlatness({ runs = 10_000 } = {}) {
  const context = setup();
  const checkpoint = Math.round(runs / 10);
  let at10;
  for (let run = 1; run <= runs; run++) {
    await agentRun(context);
    if (run === checkpoint) {
      fullGc();
      at10 = process.memoryUsage().heapUsed;
    }
  }
  fullGc();
  const at100 = process.memoryUsage().heapUsed;
  return {
    runs,
    heapUsedAt10PercentMb: round3(at10 / 2 ** 20),
    heapUsedAt100PercentMb: round3(at100 / 2 ** 20),
    growthMb: round3((at100 - at10) / 2 ** 20),
  };
}

// ---- report ------------------------------------------------------------------------------------

export async function runReactBench(options = {}) {
  const perIteration = await perIterationOverhead(options.perIteration);
  const streamed = await perIterationStreamOverhead(options.streamed);
  const steering = await steeringMessageCost(options.steering);
  const guardrail = await noopGuardrailCost(options.guardrail);
  const heap = await heapFlatness(options.heap);
  const agentTool = await agentToolOverhead(
    { client: aigoClient, testing, react },
    options.agentTool,
  );
  const verdicts = {
    agentTool: agentTool.addedUsPerCall < TARGETS.agentToolUs,
    perIteration: perIteration.overheadUsPerIteration < TARGETS.perIterationUs,
    steering: steering.addedUsPerMessage < TARGETS.steeringMessageUs,
    guardrail: guardrail.addedUsPerModelCall < TARGETS.noopGuardrailUs,
    heap: Math.abs(heap.growthMb) < TARGETS.heapGrowthMb,
  };
  return {
    perIteration,
    streamed,
    steering,
    guardrail,
    heap,
    agentTool,
    targets: TARGETS,
    verdicts,
  };
}

export function reactBenchTable(result) {
  const ok = (pass) => (pass ? 'ok' : '**over target**');
  const {
    perIteration: p,
    streamed: s,
    steering: q,
    guardrail: g,
    heap,
    agentTool: a,
    verdicts,
  } = result;
  return [
    '## @aigo/react overhead (typed agent, calculator tool, 3 iterations per run, fake provider)',
    '',
    '| measure | result | target | verdict |',
    '|---|---:|---:|---|',
    `| agent overhead per iteration over direct provider + tool calls (${p.runs} runs per arm, median of ${p.rounds} rounds; direct ${p.directUsPerIteration} µs, agent ${p.agentUsPerIteration} µs) | ${p.overheadUsPerIteration} µs | < ${TARGETS.perIterationUs} µs | ${ok(verdicts.perIteration)} |`,
    `| of which the agent's own layer (over the same loop written on the client, ${p.clientLoopUsPerIteration} µs) | ${p.agentLayerUsPerIteration} µs | — | info |`,
    `| streamed run (executeStream, every event read) overhead per iteration over direct streams (direct ${s.directUsPerIteration} µs) | ${s.overheadUsPerIteration} µs | — | info |`,
    `| a queued steering message: CPU added (one message pushed on a steering queue before the run, against the same run without; run ${q.agentUsPerRun} µs) | ${q.addedUsPerMessage} µs | < ${TARGETS.steeringMessageUs} µs | ${ok(verdicts.steering)} |`,
    `| an agentTool call: CPU added over calling the same sub-agent with execute (one model call; direct ${a.directUsPerCall} µs, ${a.runs} calls per arm, median of ${a.rounds} rounds) | ${a.addedUsPerCall} µs | < ${TARGETS.agentToolUs} µs | ${ok(verdicts.agentTool)} |`,
    `| a configured no-op guardrail: CPU added per model call (one output guardrail that passes, against the same agent without; run ${g.agentUsPerRun} µs) | ${g.addedUsPerModelCall} µs | < ${TARGETS.noopGuardrailUs} µs | ${ok(verdicts.guardrail)} |`,
    `| heapUsed growth, GC'd, 10 % → 100 % of ${heap.runs} runs, each with a fresh memory (${heap.heapUsedAt10PercentMb} → ${heap.heapUsedAt100PercentMb} MB) | ${heap.growthMb} MB | < ${TARGETS.heapGrowthMb} MB | ${ok(verdicts.heap)} |`,
  ].join('\n');
}

/**
 * Runs the ReAct benchmark, prints its table and writes its JSON to tooling/bench/results/. Runs on its own:
 * `node --expose-gc tooling/bench/suites/react/react-bench.mjs`; a runner may import and call `main()`.
 */
export async function main() {
  if (!(await load())) return undefined;
  const result = await runReactBench();
  process.stdout.write(
    `\n${reactBenchTable(result)}\n\nNode ${process.version}, ${cpus().length} CPUs.\n`,
  );
  writeResult('react', result);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
