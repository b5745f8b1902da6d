// The @aigo/mcp benchmark (not a test): an MCP tool call through aigo — `mcpClient(…)`'s tool,
// `tool.call(json)` — against the same call through the SDK's `Client.callTool` directly, over stdio
// (a child process per client) and Streamable HTTP (one server process, a session per client).
//
//   node --expose-gc tooling/bench/suites/mcp/mcp-bench.mjs      (after `pnpm build`)
//
// Three clients per transport, each with a server of its own (stdio) or a session (HTTP): F, the
// SDK's `Client` calling `callTool({ name, arguments })`; F′, an identical copy (the control); A,
// aigo. The arms run in interleaved blocks (orders balanced for carry-over), a full GC and an untimed
// block of each arm before each round; the figure is the CPU time of this process (the servers' work is in other processes), per
// call: A − F (µs aigo adds: parsing the model's JSON, the name and result mapping, the trace
// context) as the median over the rounds, A/F and F′/F beside it. Target: ≤ 30 µs added per call.
import { cpus } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { fullGc, interleaved, round3 } from '../../shared/cpu-timing.mjs';
import { forkServer } from '../../shared/fork-server.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDist as dist } from '../../shared/paths.mjs';
import { median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';

export const TARGETS = Object.freeze({ addedUsPerCall: 30 });
/** A figure counts only when the floor-versus-floor control is within 1.00 ± this. */
const CONTROL_TOLERANCE = 0.03;

const serverScript = fileURLToPath(new URL('./mcp-bench-server.mjs', import.meta.url));
const TEXT = 'The quick brown fox jumps over the lazy dog.';
const ARGUMENTS = { text: TEXT };
const ARGUMENTS_JSON = JSON.stringify(ARGUMENTS);

async function sdkClient(transport) {
  const client = new Client({ name: 'bench-sdk', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** The three clients of one transport: F and F′ (the SDK's), A (aigo's tool), and how to close them. */
async function clients(mcpClient, transport) {
  if (transport === 'stdio') {
    const stdio = () =>
      new StdioClientTransport({ command: process.execPath, args: [serverScript, 'stdio'] });
    const floor = await sdkClient(stdio());
    const control = await sdkClient(stdio());
    const aigo = await mcpClient({ command: process.execPath, args: [serverScript, 'stdio'] });
    return { floor, control, aigo, stop: async () => {} };
  }
  const server = await forkServer(serverScript, ['http'], 'MCP bench server');
  const url = `${server.origin}/mcp`;
  const http = () => new StreamableHTTPClientTransport(new URL(url));
  const floor = await sdkClient(http());
  const control = await sdkClient(http());
  const aigo = await mcpClient({ url });
  return { floor, control, aigo, stop: () => server.stop() };
}

/** CPU µs per call of each arm and aigo's added µs, median over `rounds` rounds of `batches` blocks. */
export async function measureTransport(
  mcpClient,
  transport,
  { rounds = 9, batches = 24, block = 20 } = {},
) {
  const { floor, control, aigo, stop } = await clients(mcpClient, transport);
  try {
    const [tool] = await aigo.tools();
    const expected = TEXT;
    const check = (text) => {
      if (text !== expected) throw new Error(`unexpected tool output: ${text}`);
    };
    const sdkArm = (client) => async () => {
      for (let i = 0; i < block; i++) {
        const result = await client.callTool({ name: 'echo', arguments: ARGUMENTS });
        check(result.content[0].text);
      }
    };
    const arms = {
      F: sdkArm(floor),
      'F′': sdkArm(control),
      A: async () => {
        for (let i = 0; i < block; i++) check(await tool.call(ARGUMENTS_JSON));
      },
    };
    await interleaved(arms, Math.max(4, batches >> 1)); // warm-up (JIT)
    const calls = batches * block;
    const samples = [];
    for (let round = 0; round < rounds; round++) {
      fullGc();
      // Untimed: the first block after a full GC pays for it (lazy sweeping, code warmed again), and
      // each round's first block is the same arm's.
      await interleaved(arms, 1);
      const t = await interleaved(arms, batches);
      samples.push({
        F: t.F / calls,
        control: t['F′'] / calls,
        A: t.A / calls,
        added: (t.A - t.F) / calls,
        ratio: t.A / t.F,
        controlRatio: t['F′'] / t.F,
      });
    }
    const pick = (key) => round3(median(samples.map((s) => s[key])));
    return {
      transport,
      rounds,
      callsPerArmPerRound: calls,
      floorUsPerCall: pick('F'),
      controlUsPerCall: pick('control'),
      aigoUsPerCall: pick('A'),
      addedUsPerCall: pick('added'),
      ratio: pick('ratio'),
      control: pick('controlRatio'),
    };
  } finally {
    await Promise.allSettled([floor.close(), control.close(), aigo.close()]);
    await stop();
  }
}

/** `ok`, `over target`, or `VOID` when the control says the run could not tell the arms apart. */
function verdict(figure) {
  if (Math.abs(figure.control - 1) > CONTROL_TOLERANCE) return 'VOID';
  return figure.addedUsPerCall <= TARGETS.addedUsPerCall ? 'ok' : 'over target';
}

/**
 * Measures one transport; once more, with twice the rounds, when the control is out of tolerance and
 * the runner's deadline for extra rounds has not passed.
 */
async function measure(mcpClient, transport, options, deadline) {
  const first = await measureTransport(mcpClient, transport, options);
  if (verdict(first) !== 'VOID' || Date.now() > deadline) return first;
  return measureTransport(mcpClient, transport, { ...options, rounds: (options.rounds ?? 9) * 2 });
}

export async function runMcpBench(options = {}) {
  const { mcpClient } = await import(dist('mcp').href);
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const stdio = await measure(mcpClient, 'stdio', options.stdio ?? {}, deadline);
  // An HTTP call costs about 15 times a stdio call's CPU: smaller blocks, more rounds.
  const http = await measure(
    mcpClient,
    'http',
    { rounds: 15, block: 10, ...options.http },
    deadline,
  );
  return {
    stdio,
    http,
    targets: TARGETS,
    verdicts: { stdio: verdict(stdio), http: verdict(http) },
  };
}

export function mcpBenchTable(result) {
  const ok = (v) => (v === 'ok' ? 'ok' : `**${v}**`);
  const line = (r, pass) =>
    `| ${r.transport} (median of ${r.rounds} rounds, ${r.callsPerArmPerRound} calls per arm each) | ${r.floorUsPerCall} µs | ${r.aigoUsPerCall} µs | ${r.addedUsPerCall} µs | ${r.ratio}× | ${r.control} | ≤ ${TARGETS.addedUsPerCall} µs | ${ok(pass)} |`;
  return [
    "## @aigo/mcp: a tool call through aigo vs the SDK's Client.callTool (CPU of the calling process)",
    '',
    '| transport | SDK callTool (F) | aigo tool.call (A) | added (A − F) | A/F | control F′/F | target | verdict |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    line(result.stdio, result.verdicts.stdio),
    line(result.http, result.verdicts.http),
  ].join('\n');
}

/**
 * Runs the MCP benchmark, prints its table and writes its JSON to tooling/bench/results/. The runner
 * (`pnpm bench`) calls this; it also runs on its own.
 */
export async function main(options = {}) {
  if (!packagesBuilt('mcp', ['ai', 'mcp'])) return undefined;
  const result = await runMcpBench(options);
  process.stdout.write(
    `\n${mcpBenchTable(result)}\n\nNode ${process.version}, ${cpus().length} CPUs.\n`,
  );
  writeResult('mcp', result);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
