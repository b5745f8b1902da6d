// The client under test for the conformance suite's client scenarios: `mcpClient` (the built
// package) connects to the URL the suite appends, lists the tools and calls each one, with
// arguments made from its schema (numbers 1 and 2, strings "test"). The scenario's name is in
// MCP_CONFORMANCE_SCENARIO; the same steps serve `initialize`, `tools_call` and `sse-retry`.
import { mcpClient } from '../../dist/index.js';

const url = process.argv.at(-1);
const client = await mcpClient({ url, name: 'conformance' });
try {
  for (const tool of await client.tools()) {
    const properties = tool.description.parameters.properties ?? {};
    let n = 0;
    const args = Object.fromEntries(
      Object.entries(properties).map(([key, schema]) => {
        n += 1;
        return [key, schema?.type === 'number' || schema?.type === 'integer' ? n : 'test'];
      }),
    );
    const output = await tool.call(JSON.stringify(args));
    process.stdout.write(`${tool.name} → ${output}\n`);
  }
} finally {
  await client.close();
}
