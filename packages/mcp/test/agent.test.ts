import { fileURLToPath } from 'node:url';
import { messageText } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { openai } from '@aigo/openai';
import { createReAct } from '@aigo/react';
import { createFakeProvider, createRecordingObserver, startRecordedServer } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { mcpClient } from '../src/index.js';
import { startTestHttpServer } from './support/test-http-server.js';
import { everythingServer } from './support/test-servers.js';

const stdioTestServer = fileURLToPath(new URL('./support/stdio-test-server.mjs', import.meta.url));

/** The text of the tool messages the model was sent in `request`. */
function toolResults(messages: readonly { role: string; content: unknown }[]): string[] {
  return messages
    .filter((message) => message.role === 'tool')
    .map((message) => messageText(message as never));
}

// Each case starts an MCP server in a child process (and one loads the HTTP stack): seconds on a busy machine.
describe('a ReAct agent calling MCP tools', { timeout: 30_000 }, () => {
  it('calls a server-everything tool; the execute_tool span names the server under the agent span', async () => {
    await using everything = await mcpClient({ ...everythingServer(), name: 'everything' });
    const provider = createFakeProvider().toolCall('get-sum', { a: 2, b: 3 }).text('It is 5.');
    const observer = createRecordingObserver();
    const agent = createReAct(
      createClient(provider, { tools: everything.toolSet, env: {}, observer }),
    );
    const result = await agent.execute('What is 2 + 3?');
    expect(result.data).toBe('It is 5.');
    expect(toolResults(provider.requests[1]?.messages ?? [])).toEqual(['The sum of 2 and 3 is 5.']);
    const toolSpan = observer.spans.find((span) => span.name === 'execute_tool get-sum');
    expect(toolSpan?.attributes).toMatchObject({
      'gen_ai.tool.name': 'get-sum',
      'mcp.server.name': 'everything',
    });
    const agentSpan = observer.spans.find((span) => span.name.startsWith('invoke_agent'));
    expect(agentSpan).toBeDefined();
    expect(toolSpan?.parent).toBe(agentSpan);
    expect(observer.spans.filter((span) => span.name.startsWith('execute_tool'))).toHaveLength(1);
  });

  it('sees a tool the server added (list_changed) from its next iteration', async () => {
    const server = await startTestHttpServer();
    try {
      await using client = await mcpClient({ url: server.url, include: ['unlock', 'secret'] });
      const provider = createFakeProvider()
        .toolCall('unlock', {})
        .toolCall('secret', {})
        .text('The secret is 42.');
      const agent = createReAct(createClient(provider, { tools: client.toolSet, env: {} }));
      const result = await agent.execute('Find the secret.');
      expect(result.data).toBe('The secret is 42.');
      const offered = provider.requests.map((request) =>
        (request.tools ?? []).map((tool) => ('name' in tool ? tool.name : tool.id)),
      );
      expect(offered[0]).toEqual(['unlock']);
      expect(offered[1]).toEqual(['unlock', 'secret']);
      expect(toolResults(provider.requests[2]?.messages ?? [])).toEqual(['unlocked', '42']);
    } finally {
      await server.close();
    }
  });

  it('MCP progress notifications reach the observer as tool.progress events and the stream as tool_progress', async () => {
    const server = await startTestHttpServer();
    try {
      await using client = await mcpClient({ url: server.url, include: ['progress'] });
      const observer = createRecordingObserver();
      const provider = createFakeProvider().toolCall('progress', {}).text('Done.');
      const agent = createReAct(
        createClient(provider, { tools: client.toolSet, env: {}, observer }),
      );
      const progressEvents: unknown[] = [];
      for await (const event of agent.executeStream('Go.')) {
        if (event.type === 'tool_progress') progressEvents.push(event);
      }
      expect(progressEvents).toHaveLength(3);
      const span = observer.spans.find((s) => s.name === 'execute_tool progress');
      expect(span?.events.map((event) => event.attributes)).toEqual([
        { progress: 1, total: 3, message: 'step 1' },
        { progress: 2, total: 3, message: 'step 2' },
        { progress: 3, total: 3, message: 'step 3' },
      ]);
    } finally {
      await server.close();
    }
  });

  it('a server that dies mid-call: the model reads the error and the run goes on', async () => {
    await using client = await mcpClient({
      command: process.execPath,
      args: [stdioTestServer, 'serve'],
      name: 'fragile',
    });
    const provider = createFakeProvider().toolCall('crash', {}).text('The tool is unavailable.');
    const agent = createReAct(createClient(provider, { tools: client.toolSet, env: {} }));
    const result = await agent.execute('Do it.');
    expect(result.data).toBe('The tool is unavailable.');
    const [envelope] = toolResults(provider.requests[1]?.messages ?? []);
    expect(JSON.parse(envelope ?? '{}')).toMatchObject({
      ok: false,
      error: {
        code: 'tool_execution_failed',
        message: expect.stringContaining('MCP server "fragile"'),
      },
    });
  });

  it('runs through the OpenAI adapter against an offline OpenAI-compatible server', async () => {
    await using everything = await mcpClient({ ...everythingServer(), include: ['echo'] });
    const completion = (message: object, finish: string) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_764_000_000,
      model: 'gpt-4o-mini-2024-07-18',
      choices: [{ index: 0, message, finish_reason: finish }],
      usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
    });
    const server = await startRecordedServer([
      {
        path: '/v1/chat/completions',
        times: 1,
        body: completion(
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'echo', arguments: '{"message":"over MCP"}' },
              },
            ],
          },
          'tool_calls',
        ),
      },
      {
        path: '/v1/chat/completions',
        times: 1,
        body: completion({ role: 'assistant', content: 'It said: over MCP.' }, 'stop'),
      },
    ]);
    try {
      const provider = openai({ apiKey: 'sk-test', baseURL: `${server.url}/v1` });
      const agent = createReAct(
        createClient(provider, { tools: everything.toolSet, defaultModel: 'gpt-4o-mini', env: {} }),
      );
      const result = await agent.execute('Echo "over MCP".');
      expect(result.data).toBe('It said: over MCP.');
      const [first, second] = server.requests.map(
        (request) => request.body as Record<string, unknown>,
      );
      expect(first?.tools).toEqual([
        expect.objectContaining({
          type: 'function',
          function: expect.objectContaining({ name: 'echo' }),
        }),
      ]);
      expect(second?.messages).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            role: 'tool',
            tool_call_id: 'call_1',
            content: 'Echo: over MCP',
          }),
        ]),
      );
      await provider.close();
    } finally {
      await server.close();
    }
  });
});
