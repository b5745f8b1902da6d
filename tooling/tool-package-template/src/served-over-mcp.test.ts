// The tool served over the Model Context Protocol with `serveMcp` from `@aigo/mcp`, so Claude
// Desktop, Cursor or any MCP client can use it — and checked from an MCP client (`mcpClient`).
import { parseToolErrorEnvelope } from '@aigo/ai';
import { mcpClient, serveMcp } from '@aigo/mcp';
import { describe, expect, it } from 'vitest';
import { unitConverterTool } from './index.js';

describe('the tool served over MCP', () => {
  it('answers an MCP client as it answers a local call', async () => {
    const server = await serveMcp([unitConverterTool()], {
      name: 'unit-converter',
      version: '0.1.0',
      transport: { port: 0 }, // a free port on 127.0.0.1; 'stdio' for Claude Desktop or Cursor
    });
    try {
      await using client = await mcpClient({ url: server.url as string });
      const [tool] = await client.tools();
      expect(tool?.name).toBe('unit_converter');
      expect(JSON.parse((await tool?.call('{"value":100,"from":"C","to":"F"}')) ?? '')).toEqual({
        value: 212,
        unit: 'F',
        text: '100 C = 212 F',
      });
      const refused = parseToolErrorEnvelope(
        (await tool?.call('{"value":1,"from":"kg","to":"m"}')) ?? '',
      );
      expect(refused?.error.message).toBe('Cannot convert mass (kg) to length (m)');
    } finally {
      await server.close();
    }
  });
});
