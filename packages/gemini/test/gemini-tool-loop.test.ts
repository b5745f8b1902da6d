import {
  type ChatRequest,
  type Message,
  type ToolDescription,
  toAssistantMessage,
  toolMessage,
  userMessage,
} from '@aigo/ai';
import { fixtureRoute, loadFixtureJson } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import type { GeminiResponse } from '../src/wire/gemini-api.js';
import { GENERATE_PATH, STREAM_PATH, startGeminiRig } from './support/test-gemini-server.js';

const searchTool = (name: string): ToolDescription => ({
  name,
  description: `Local search tool ${name}`,
  parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
});
const tools = [
  'parallel_local_search_one',
  'parallel_local_search_two',
  'parallel_local_search_three',
].map(searchTool);

interface SentBody {
  contents: { role: string; parts: Record<string, unknown>[] }[];
}

describe('a two-turn function-calling loop', () => {
  it('with sendMessage: signatures, API call ids and names go back; parallel results share one turn', async () => {
    // The recording has no functionCall ids; the API sends them for some models, so one is added
    // here to prove an API id makes the round trip (functionCall.id and functionResponse.id).
    const first = loadFixtureJson<GeminiResponse>('gemini/function-calls-parallel.json');
    const parts = first.candidates?.[0]?.content?.parts ?? [];
    if (parts[1]?.functionCall) parts[1].functionCall.id = 'fc-api-two';
    await using rig = await startGeminiRig([
      { path: GENERATE_PATH, body: first, times: 1 },
      fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/text.json', times: 1 }),
    ]);
    const messages: Message[] = [userMessage('Run the three searches.')];
    const request = (list: Message[]): ChatRequest => ({
      model: 'gemini-2.5-flash',
      messages: list,
      tools,
    });

    const turn1 = await rig.provider.sendMessage(request(messages));
    expect(turn1.toolCalls.map((call) => call.id)).toEqual([
      'call_alKWacytCLi5jMcPhISaoAI_0',
      'fc-api-two',
      'call_alKWacytCLi5jMcPhISaoAI_2',
    ]);
    messages.push(toAssistantMessage(turn1));
    // Results appended in completion order (third first), one without its tool name.
    const [one, two, three] = turn1.toolCalls;
    if (one === undefined || two === undefined || three === undefined)
      throw new Error('3 calls expected');
    messages.push(toolMessage(three.id, '{"hits":3}', three.function.name));
    messages.push(toolMessage(one.id, '{"hits":1}'));
    messages.push(toolMessage(two.id, '["a","b"]', two.function.name));

    const turn2 = await rig.provider.sendMessage(request(messages));
    expect(turn2.content).toMatch(/Mountain View/);

    const second = rig.server.requests[1]?.body as SentBody;
    expect(second.contents).toHaveLength(3);
    expect(second.contents[1]).toStrictEqual({
      role: 'model',
      parts: [
        {
          functionCall: {
            name: 'parallel_local_search_one',
            args: { query: 'latest OpenAI model release notes' },
          },
          thoughtSignature: parts[0]?.thoughtSignature,
        },
        {
          functionCall: {
            name: 'parallel_local_search_two',
            args: { query: 'latest Anthropic model release notes' },
            id: 'fc-api-two',
          },
        },
        {
          functionCall: {
            name: 'parallel_local_search_three',
            args: { query: 'latest Gemini model release notes' },
          },
        },
      ],
    });
    expect(second.contents[2]).toStrictEqual({
      role: 'user',
      parts: [
        { functionResponse: { name: 'parallel_local_search_one', response: { hits: 1 } } },
        {
          functionResponse: {
            name: 'parallel_local_search_two',
            response: { result: ['a', 'b'] },
            id: 'fc-api-two',
          },
        },
        { functionResponse: { name: 'parallel_local_search_three', response: { hits: 3 } } },
      ],
    });
  });

  it('streamed through collect() and toAssistantMessage: the call’s signature goes back on its part', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({
        path: STREAM_PATH,
        fixture: 'gemini/stream-function-call-thought-signature.sse',
        times: 1,
      }),
      fixtureRoute({ path: STREAM_PATH, fixture: 'gemini/stream-text.sse', times: 1 }),
    ]);
    const now: ToolDescription = {
      name: 'now',
      description: 'The current date and time',
      parameters: { type: 'object', properties: {} },
    };
    const messages: Message[] = [userMessage('How many days until New Year’s Eve?')];
    const turn1 = await (
      await rig.provider.streamMessage({ model: 'gemini-2.5-flash', messages, tools: [now] })
    ).collect();
    expect(turn1.finishReason).toBe('tool_calls');
    const call = turn1.toolCalls[0];
    if (call === undefined) throw new Error('a call expected');
    const signature = call.providerMetadata?.gemini?.thoughtSignature;
    expect(signature).toMatch(/^CiIBVKhc7vB/);

    messages.push(toAssistantMessage(turn1));
    messages.push(toolMessage(call.id, '{"now":"2025-07-28T10:00:00Z"}', call.function.name));
    const turn2 = await (
      await rig.provider.streamMessage({ model: 'gemini-2.5-flash', messages, tools: [now] })
    ).collect();
    expect(turn2.content).toBe('The capital of Wyoming is **Cheyenne**.\n');

    const first = rig.server.requests[0]?.body as SentBody & { tools: unknown };
    expect(first.tools).toStrictEqual([
      { functionDeclarations: [{ name: 'now', description: 'The current date and time' }] },
    ]);
    const second = rig.server.requests[1]?.body as SentBody;
    expect(second.contents).toStrictEqual([
      { role: 'user', parts: [{ text: 'How many days until New Year’s Eve?' }] },
      // Reasoning (the thought summary) is not sent back; the signature carries the thinking.
      {
        role: 'model',
        parts: [{ functionCall: { name: 'now', args: {} }, thoughtSignature: signature }],
      },
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'now', response: { now: '2025-07-28T10:00:00Z' } } }],
      },
    ]);
  });

  it('a text part’s signature goes back on the text part of the next turn', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({
        path: GENERATE_PATH,
        fixture: 'gemini/text-thought-signature.json',
        times: 1,
      }),
      fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/text.json', times: 1 }),
    ]);
    const messages: Message[] = [userMessage('How many r in strawberry?')];
    const turn1 = await rig.provider.sendMessage({ model: 'gemini-3-pro-preview', messages });
    messages.push(toAssistantMessage(turn1), userMessage('And in raspberry?'));
    await rig.provider.sendMessage({ model: 'gemini-3-pro-preview', messages });
    const second = rig.server.requests[1]?.body as SentBody;
    expect(second.contents[1]).toStrictEqual({
      role: 'model',
      parts: [
        {
          text: turn1.content,
          thoughtSignature:
            'EtoFCtcFAb4+9vtfe4MXRxQjw48U1WKrR/7lYsgFkVi/bepqsSPjY0VU7HEzkeCBIfy1fu5t9aUZ4IZ65aWagqbBrV45fc97olcg',
        },
      ],
    });
  });

  it('tool-call ids are unique across a conversation', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/function-call.json', times: 1 }),
      fixtureRoute({
        path: GENERATE_PATH,
        fixture: 'gemini/function-calls-parallel.json',
        times: 1,
      }),
      fixtureRoute({
        path: GENERATE_PATH,
        fixture: 'gemini/thinking-function-call-thought-signature.json',
        times: 1,
      }),
    ]);
    const ids: string[] = [];
    for (let turn = 0; turn < 3; turn++) {
      const response = await rig.provider.sendMessage({
        model: 'm',
        messages: [userMessage('go')],
      });
      ids.push(...response.toolCalls.map((call) => call.id));
    }
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect(ids.some((id) => id === 'call_0')).toBe(false);
  });
});
