import { type ChatResponse, userMessage } from '@aigo/ai';
import { openai } from '@aigo/openai';
import { createFakeProvider } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineModel, OFFLINE_MODEL, offlineQuestion } from './offline-model.js';
import { type OfflineServer, startOfflineServer } from './offline-server.js';

const servers: OfflineServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(model = createFakeProvider().default('unused')): Promise<OfflineServer> {
  const server = await startOfflineServer({ model });
  servers.push(server);
  return server;
}

const usage = {
  promptTokens: 40,
  completionTokens: 12,
  totalTokens: 52,
  cachedTokens: 30,
  reasoningTokens: 5,
};

describe('startOfflineServer through @aigo/openai', () => {
  it('streams reasoning, content, tool calls and usage in OpenAI chunk shape, and collect() equals sendMessage()', async () => {
    const answer = {
      content: 'Let me check.',
      reasoning: 'I need the page first.',
      toolCalls: [
        {
          id: 'call_a',
          type: 'function' as const,
          function: { name: 'WebFetch', arguments: '{"url":"http://x.test/"}' },
        },
      ],
      usage,
    };
    const model = createFakeProvider().response(answer).response(answer);
    const server = await serve(model);
    await using provider = openai({ baseURL: server.baseURL, apiKey: 'offline', api: 'chat' });
    const request = { model: OFFLINE_MODEL, messages: [userMessage('Hi')] };

    const sent = await provider.sendMessage(request);
    const stream = await provider.streamMessage(request);
    // Hooks see every delta as the server sent it (a loop may get queued deltas joined).
    const types: string[] = [];
    stream.addHooks({ onEvent: (event) => types.push(event.type) });
    const read: string[] = [];
    for await (const event of stream) read.push(event.type);
    const collected: ChatResponse = await stream.collect();

    expect(sent).toMatchObject({
      content: 'Let me check.',
      reasoning: 'I need the page first.',
      finishReason: 'tool_calls',
      toolCalls: answer.toolCalls,
      usage,
    });
    expect(collected).toEqual({ ...sent, id: collected.id });
    // Word-sized deltas: the answer really streams.
    expect(types.filter((type) => type === 'reasoning').length).toBeGreaterThan(1);
    expect(types.filter((type) => type === 'content').length).toBeGreaterThan(1);
    expect(types.filter((type) => type === 'tool_call_delta').length).toBeGreaterThan(1);
    expect(types.at(-2)).toBe('usage');
    expect(types.at(-1)).toBe('finish');
    expect(read.at(-2)).toBe('usage');
    expect(read.at(-1)).toBe('finish');
    // The scripted model got the request as aigo's contract shapes it.
    expect(model.requests[0]?.messages).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(model.calls.map((call) => call.kind)).toEqual(['send', 'stream']);
  });

  it('serves the offline web page, and 404 / 400 for anything else', async () => {
    const server = await serve();
    const page = await fetch(server.pageUrl);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<strong>330 metres</strong>');

    const missing = await fetch(server.baseURL.replace('/v1', '/v1/embeddings'), {
      method: 'POST',
    });
    expect(missing.status).toBe(404);
    const invalid = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: '{"messages":3}',
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: {
        message: 'invalid request: "messages" must be an array',
        type: 'invalid_request_error',
      },
    });
  });
});

describe('createOfflineModel', () => {
  const tools = { webFetch: 'WebFetch', calculator: 'Calculator' };
  const pageUrl = 'http://127.0.0.1:1/pages/eiffel-tower.html';

  it('plays read → calculate → answer from the tools’ real results, counting the previous prompt as cached', async () => {
    const model = createOfflineModel(pageUrl, tools);
    const question = userMessage(offlineQuestion(pageUrl));
    const first = await model.sendMessage({ model: OFFLINE_MODEL, messages: [question] });
    expect(first.toolCalls[0]?.function).toEqual({
      name: 'WebFetch',
      arguments: JSON.stringify({ url: pageUrl }),
    });
    expect(first.usage?.cachedTokens).toBe(0);

    const afterFetch = [
      question,
      { role: 'assistant' as const, content: '', toolCalls: first.toolCalls },
      {
        role: 'tool' as const,
        content: '{"markdown":"It is **1,234.5 metres** tall."}',
        toolCallId: first.toolCalls[0]?.id ?? '',
      },
    ];
    const second = await model.sendMessage({ model: OFFLINE_MODEL, messages: afterFetch });
    expect(JSON.parse(second.toolCalls[0]?.function.arguments ?? '')).toEqual({
      operation: 'multiply',
      a: 1234.5,
      b: 3.28084,
    });
    expect(second.usage?.cachedTokens).toBe(first.usage?.promptTokens);

    const third = await model.sendMessage({
      model: OFFLINE_MODEL,
      messages: [
        ...afterFetch,
        { role: 'assistant' as const, content: '', toolCalls: second.toolCalls },
        {
          role: 'tool' as const,
          content: '{"result":42}',
          toolCallId: second.toolCalls[0]?.id ?? '',
        },
      ],
    });
    expect(third.toolCalls).toEqual([]);
    expect(JSON.parse(third.content)).toEqual({
      answer: 'The Eiffel Tower is 1234.5 m tall including its antennas, which is about 42 ft.',
      figures: [
        { label: 'height', value: 1234.5, unit: 'm' },
        { label: 'height', value: 42, unit: 'ft' },
      ],
      sources: [pageUrl],
    });
    expect(third.reasoning).toMatch(/^I have the height/);
  });

  it('reports a failed fetch instead of inventing a height', async () => {
    const model = createOfflineModel(pageUrl, tools);
    const question = userMessage(offlineQuestion(pageUrl));
    const call = {
      id: 'c1',
      type: 'function' as const,
      function: { name: 'WebFetch', arguments: '{}' },
    };
    const answer = await model.sendMessage({
      model: OFFLINE_MODEL,
      messages: [
        question,
        { role: 'assistant', content: '', toolCalls: [call] },
        {
          role: 'tool',
          content: '{"ok":false,"error":{"code":"tool_error","message":"blocked"}}',
          toolCallId: 'c1',
        },
      ],
    });
    expect(JSON.parse(answer.content)).toEqual({
      answer: `I could not find the tower's height on ${pageUrl}, so I cannot convert it.`,
      figures: [],
      sources: [pageUrl],
    });
  });
});
