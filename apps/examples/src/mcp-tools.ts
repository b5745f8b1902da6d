/**
 * MCP: tools from any Model Context Protocol server, and aigo tools served over MCP (`@aigo/mcp`).
 *
 * 1. `mcpClient` starts `@modelcontextprotocol/server-everything` (the protocol's reference server) as
 *    a child process and talks to it over stdio; its tools are ordinary aigo tools, here prefixed
 *    `ev_` and filtered to three.
 * 2. A tool on its own: the text is the output, an image comes as a content part (not base64 in
 *    the text).
 * 3. `serveMcp` serves `calculatorTool()` over Streamable HTTP on 127.0.0.1 (what Claude Desktop or
 *    Cursor would connect to), and a second `mcpClient` uses it, prefixed `calc_`.
 * 4. An agent uses both servers' tools at once: `combineToolSets` joins the two clients' tool sets
 *    (they follow each server's `tools/list_changed`).
 * 5. `close()` (here `await using`) ends the child process: no orphan.
 *
 * Run: `node dist/mcp-tools.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set. Nothing is
 * fetched: the everything server is an installed dependency, run by this Node.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { callTool, combineToolSets } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { mcpClient, serveMcp } from '@aigo/mcp';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { calculatorTool } from '@aigo/tools-calculator';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

const { provider, model, label } = pickModel(() =>
  createFakeProvider()
    .toolCalls([
      { name: 'ev_get-sum', args: { a: 19, b: 23 } },
      { name: 'calc_Calculator', args: { operation: 'multiply', a: 6, b: 7 } },
    ])
    .text('{"sum": 42, "product": 42}'),
);
printHeader('MCP: tools from an MCP server, and aigo tools served over MCP', { label });

// 1. A server as a child process, over stdio. (With npx: command 'npx', args ['-y',
//    '@modelcontextprotocol/server-everything'].)
const require = createRequire(import.meta.url);
const everythingScript = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);
let childPid: number | undefined;
{
  await using everything = await mcpClient({
    command: process.execPath,
    args: [everythingScript, 'stdio'],
    name: 'everything',
    prefix: 'ev',
    include: ['echo', 'get-sum', 'get-tiny-image'],
  });
  childPid = everything.pid;
  console.log(
    `connected to ${everything.serverInfo.name} (a child process: ${childPid !== undefined})`,
  );
  const tools = await everything.tools();
  console.log(`tools: ${tools.map((tool) => tool.name).join(', ')}`);

  // 2. A tool on its own.
  const [echo, , tinyImage] = tools;
  console.log(`ev_echo → ${await echo?.call('{"message":"hello over MCP"}')}`);
  if (tinyImage !== undefined) {
    const image = await callTool(tinyImage, '{}');
    const parts = (image.content ?? []).map((part) =>
      part.type === 'text' ? 'text' : `${part.type} ${part.mimeType ?? ''}`.trim(),
    );
    console.log(`ev_get-tiny-image → content parts: ${parts.join(', ')}`);
  }

  // 3. aigo tools served over MCP, and used through MCP.
  await using served = await serveMcp([calculatorTool()], {
    name: 'calculator',
    version: '1.0.0',
    transport: { port: 0 }, // a free port on 127.0.0.1; 'stdio' for Claude Desktop or Cursor
  });
  console.log(`serveMcp → ${served.url}`);
  await using calculator = await mcpClient({ url: served.url as string, prefix: 'calc' });
  console.log(`tools: ${(await calculator.tools()).map((tool) => tool.name).join(', ')}`);

  // 4. An agent with both servers' tools.
  const agent = createReAct(
    createClient(provider, {
      defaultModel: model,
      tools: combineToolSets(everything.toolSet, calculator.toolSet),
    }),
    { schema: Type.Object({ sum: Type.Number(), product: Type.Number() }) },
  );
  const result = await agent.execute(
    'What is 19 + 23, and what is 6 × 7? Use ev_get-sum for the sum and calc_Calculator for the product.',
  );
  console.log(`\nsum: ${result.data.sum}, product: ${result.data.product}`);
  console.log(`tool calls: ${JSON.stringify(result.toolCallStats)}`);
}

// 5. The block's end closed both clients and the server; the child process is gone.
let running = false;
try {
  process.kill(childPid ?? 0, 0);
  running = true;
} catch {
  running = false;
}
console.log(`child process still running after close: ${running}`);
await provider.close?.();
