// End to end: the agent through @aigo/openai (Chat Completions) against recorded OpenAI payloads,
// served in sequence by a real HTTP server on 127.0.0.1.
import { type AgentEvent, defineTool } from '@aigo/ai';
import { createClient, inMemoryMemory } from '@aigo/client';
import { openai } from '@aigo/openai';
import { fixtureRoute, loadFixtureJson, startRecordedServer } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createReAct } from '../src/create-react.js';

const PATH = '/v1/chat/completions';
const API_KEY = 'sk-react-e2e-0123456789';

interface WireMessage {
  role: string;
  content?: unknown;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

describe('ReAct over @aigo/openai (recorded payloads)', () => {
  it('runs a tool-call turn then a text turn', async () => {
    const seen: string[] = [];
    const lookupPopulation = defineTool({
      name: 'lookup_population',
      description: 'Returns the current population of the specified fictional country',
      input: Type.Object({ country: Type.String() }),
      execute: ({ country }) => {
        seen.push(country);
        return { country, population: 1_000_000 };
      },
    });
    await using server = await startRecordedServer([
      fixtureRoute({ path: PATH, fixture: 'openai-chat/tool-call.json', times: 1 }),
      fixtureRoute({ path: PATH, fixture: 'openai-chat/text.json', times: 1 }),
    ]);
    const client = createClient(
      openai({ baseURL: `${server.url}/v1`, apiKey: API_KEY, api: 'chat' }),
      { env: {}, defaultModel: 'gpt-4o-mini', tools: [lookupPopulation] },
    );
    const memory = inMemoryMemory();

    const result = await createReAct(client, { name: 'population' }).execute(
      'Can the country of Crumpet have dragons?',
      { memory },
    );

    const text = loadFixtureJson('openai-chat/text.json') as {
      choices: { message: { content: string } }[];
    };
    expect(result.data).toBe(text.choices[0]?.message.content);
    expect(result.iterations).toBe(2);
    expect(seen).toEqual(['Crumpet']);
    expect(result.totalUsage).toMatchObject({
      promptTokens: 92 + 16,
      completionTokens: 17 + 363,
      totalTokens: 109 + 379,
    });
    expect(result.toolCallStats).toEqual({ lookup_population: 1 });

    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const first = server.requests[0]?.body as { messages: WireMessage[]; tools: unknown[] };
    expect(first.messages[0]?.role).toBe('system');
    expect(first.messages[0]?.content).toContain('## How to work');
    expect(first.tools).toHaveLength(1);
    const second = server.requests[1]?.body as { messages: WireMessage[] };
    expect(second.messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
    ]);
    expect(second.messages[2]?.tool_calls?.[0]?.id).toBe('call_TTY8UFNo7rNCaOBUNtlRSvMG');
    expect(second.messages[3]).toMatchObject({
      tool_call_id: 'call_TTY8UFNo7rNCaOBUNtlRSvMG',
      content: '{"country":"Crumpet","population":1000000}',
    });
    expect((await memory.allMessages()).map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('streams a tool-call turn then a text turn', async () => {
    const getCapital = defineTool({
      name: 'get_capital',
      description: 'The capital of a country',
      input: Type.Object({ country: Type.String() }),
      execute: ({ country }) => ({ country, capital: 'London' }),
    });
    await using server = await startRecordedServer([
      fixtureRoute({ path: PATH, fixture: 'openai-chat/stream-tool-call.sse', times: 1 }),
      fixtureRoute({ path: PATH, fixture: 'openai-chat/stream-text-with-usage.sse', times: 1 }),
    ]);
    const client = createClient(
      openai({ baseURL: `${server.url}/v1`, apiKey: API_KEY, api: 'chat' }),
      { env: {}, defaultModel: 'gpt-4o-mini', tools: [getCapital] },
    );
    const stream = createReAct(client).executeStream(
      'What is the capital of the UK? Use the tool, then answer.',
    );

    const events: AgentEvent<string>[] = [];
    for await (const event of stream) events.push(event);
    const result = await stream.collect();

    expect(result.data).toBe('The capital of the UK is London.');
    expect(events.map((event) => event.type).filter((type, i, all) => type !== all[i - 1])).toEqual(
      ['iteration_start', 'tool_call', 'tool_result', 'iteration_start', 'content', 'final_answer'],
    );
    const toolCall = events.find((event) => event.type === 'tool_call');
    expect(toolCall?.type === 'tool_call' && toolCall.toolCall.id).toBe(
      'call_ZR5UUuTt3pf61kjwAJIYdVMj',
    );
    // Usage of both streamed turns is recorded.
    expect(result.totalUsage).toMatchObject({ promptTokens: 53 + 78, completionTokens: 15 + 9 });
    const second = server.requests[1]?.body as { messages: WireMessage[]; stream: boolean };
    expect(second.stream).toBe(true);
    expect(second.messages.at(-1)).toMatchObject({
      role: 'tool',
      tool_call_id: 'call_ZR5UUuTt3pf61kjwAJIYdVMj',
    });
  });
});
