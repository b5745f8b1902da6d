import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { mcpClient } from '../src/index.js';
import { isRunning } from './support/test-servers.js';

const script = fileURLToPath(new URL('./support/serve-stdio.mjs', import.meta.url));

describe('serveMcp over stdio (a child process, as an MCP host starts it)', () => {
  it('serves the tools to the SDK client', async () => {
    const client = new Client({ name: 'sdk-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [script] }));
    expect(client.getServerVersion()).toMatchObject({ name: 'stdio-served', version: '0.1.0' });
    const result = await client.callTool({ name: 'shout', arguments: { text: 'hello' } });
    expect(result.content).toEqual([{ type: 'text', text: '"HELLO"' }]);
    await client.close();
  });

  it('round trip through mcpClient; close() ends the child', async () => {
    const client = await mcpClient({ command: process.execPath, args: [script] });
    const tools = await client.tools();
    expect(tools.map((tool) => tool.name)).toEqual(['shout', 'whoami']);
    const { pid } = JSON.parse(await (tools[1]?.call('{}') ?? '{}')) as { pid: number };
    expect(pid).toBe(client.pid);
    await client.close();
    expect(isRunning(pid)).toBe(false);
  });
});
