// The README's examples, run as they are written there, with two swaps so they run offline: the
// scripted fake model instead of `openai()`, and the installed everything server run by this Node
// instead of `npx -y @modelcontextprotocol/server-everything`.
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { calculatorTool } from '@aigo/tools-calculator';
import { describe, expect, it } from 'vitest';
import { mcpClient, serveMcp } from '../src/index.js';
import { everythingServer, isRunning } from './support/test-servers.js';

describe('README examples', () => {
  it('the opening example: an agent using server-everything tools', async () => {
    const provider = createFakeProvider() // README: openai()
      .toolCall('get-sum', { a: 1234, b: 4321 })
      .text('5555');
    let pid: number | undefined;
    {
      await using everything = await mcpClient({
        ...everythingServer(), // README: command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything']
        include: ['get-sum', 'echo'],
      });
      pid = everything.pid;
      expect(everything.toolSet.tools.map((tool) => tool.name)).toEqual(['echo', 'get-sum']);
      const agent = createReAct(
        createClient(provider, {
          defaultModel: 'gpt-4o-mini',
          tools: everything.toolSet,
          env: {},
        }),
      );
      const { data } = await agent.execute('What is 1234 + 4321? Use the tool.');
      expect(data).toBe('5555');
      expect(JSON.stringify(provider.requests[1]?.messages)).toContain(
        'The sum of 1234 and 4321 is 5555.',
      );
    }
    expect(isRunning(pid as number)).toBe(false);
  });

  it('serving the calculator tool over Streamable HTTP', async () => {
    const server = await serveMcp([calculatorTool()], {
      name: 'calculator',
      version: '1.0.0',
      transport: { port: 0 }, // README: port 3333
    });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    {
      await using client = await mcpClient({ url: server.url as string });
      const [calculator] = await client.tools();
      expect(calculator?.name).toBe('Calculator');
      expect(await calculator?.call('{"operation":"multiply","a":6,"b":7}')).toBe(
        '{"result":42,"expression":"6 * 7 = 42"}',
      );
    }
    await server.close();
  });
});
