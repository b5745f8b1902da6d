/**
 * Full two-turn tool loops against recorded payloads: the model asks for a tool, the tool runs, its
 * result goes back, the model answers. Asserts both directions of the wire on both turns.
 */
import {
  type ChatRequest,
  type Message,
  toAssistantMessage,
  toolMessage,
  userMessage,
} from '@aigo/ai';
import { fixtureRoute, loadFixtureJson, type RecordedServer } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHAT_PATH,
  createHarness,
  RESPONSES_PATH,
  toolsFromChatWire,
  toolsFromResponsesWire,
} from './support/harness.js';

type Json = Record<string, unknown>;
const harness = createHarness();
afterEach(() => harness.closeAll());

/** The body of the server's `index`-th request. */
function sentBody(server: RecordedServer, index: number): Json {
  const request = server.requests[index];
  if (request === undefined) throw new Error(`no request ${index}`);
  return request.body as Json;
}

/** Runs every tool call of a response and returns the tool messages. */
function runTools(
  calls: readonly { id: string; function: { name: string; arguments: string } }[],
  tools: Record<string, (args: Json) => string>,
): Message[] {
  return calls.map((call) => {
    const run = tools[call.function.name];
    if (run === undefined) throw new Error(`unknown tool ${call.function.name}`);
    return toolMessage(call.id, run(JSON.parse(call.function.arguments) as Json));
  });
}

describe('tool loop on Chat Completions (streaming, recorded turns 1 and 2 of one conversation)', () => {
  it('calls get_capital, sends the result back and gets the final answer', async () => {
    const server = await harness.serve(
      fixtureRoute({ path: CHAT_PATH, fixture: 'openai-chat/stream-tool-call.sse', times: 1 }),
      fixtureRoute({
        path: CHAT_PATH,
        fixture: 'openai-chat/stream-text-with-usage.sse',
        times: 1,
      }),
    );
    const provider = harness.provider(server, { api: 'chat' });
    const request: ChatRequest = {
      model: 'gpt-4o-mini',
      messages: [userMessage('What is the capital of the UK? Use the tool, then answer.')],
      tools: toolsFromChatWire(
        loadFixtureJson<Json>('openai-chat/stream-tool-call.request.json').tools,
      ),
      toolChoice: 'auto',
    };

    const first = await (await provider.streamMessage(request)).collect();
    expect(first.finishReason).toBe('tool_calls');
    expect(first.toolCalls).toHaveLength(1);
    const results = runTools(first.toolCalls, {
      get_capital: (args) => (args.country === 'UK' ? 'London' : 'unknown'),
    });
    const second = await (
      await provider.streamMessage({
        ...request,
        messages: [...request.messages, toAssistantMessage(first), ...results],
      })
    ).collect();

    expect(second.content).toBe('The capital of the UK is London.');
    expect(second.finishReason).toBe('stop');
    expect(second.usage?.totalTokens).toBe(87);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.body).toEqual(
      loadFixtureJson('openai-chat/stream-tool-call.request.json'),
    );
    // Turn 2 is byte-for-byte the recorded request: assistant tool_calls with content null, then
    // the tool result answering tool_call_id.
    expect(server.requests[1]?.body).toEqual(
      loadFixtureJson('openai-chat/stream-text-with-usage.request.json'),
    );
  });
});

describe('tool loop on the Responses API', () => {
  it('sends the reasoning item back before its function call, with call_id on both items', async () => {
    // Turn 1 is recorded (gpt-5.5, store false, encrypted reasoning); turn 2's answer is a recorded
    // Responses payload from another conversation, served to close the loop.
    const server = await harness.serve(
      fixtureRoute({
        path: RESPONSES_PATH,
        fixture: 'openai-responses/reasoning-encrypted-content.json',
        times: 1,
      }),
      fixtureRoute({ path: RESPONSES_PATH, fixture: 'openai-responses/text.json', times: 1 }),
    );
    const provider = harness.provider(server, { api: 'responses' });
    const recordedRequest = loadFixtureJson<Json>(
      'openai-responses/reasoning-encrypted-content.request.json',
    );
    const request: ChatRequest = {
      model: 'gpt-5.5',
      messages: [userMessage((recordedRequest.input as Json[])[0]?.content as string)],
      tools: toolsFromResponsesWire(recordedRequest.tools),
      reasoning: { effort: 'high' },
    };

    const first = await provider.sendMessage(request);
    expect(first.toolCalls.map((c) => c.id)).toEqual(['call_uy7tfNVokIN7NjFF6k7OtLyl']);
    const results = runTools(first.toolCalls, {
      lookup_population: (args) => (args.country === 'Pundora' ? '1000000' : '0'),
    });
    const second = await provider.sendMessage({
      ...request,
      messages: [...request.messages, toAssistantMessage(first), ...results],
    });
    expect(second.content).toBe('pong');
    expect(second.finishReason).toBe('stop');

    expect(server.requests[0]?.body).toEqual({ ...recordedRequest, stream: undefined });
    const reasoning = (
      loadFixtureJson<Json>('openai-responses/reasoning-encrypted-content.json').output as Json[]
    )[0] as Json;
    expect(sentBody(server, 1).input).toEqual([
      { role: 'user', content: (recordedRequest.input as Json[])[0]?.content },
      {
        type: 'reasoning',
        id: reasoning.id,
        summary: [],
        encrypted_content: reasoning.encrypted_content,
      },
      {
        type: 'function_call',
        call_id: 'call_uy7tfNVokIN7NjFF6k7OtLyl',
        name: 'lookup_population',
        arguments: '{"country":"Pundora"}',
      },
      { type: 'function_call_output', call_id: 'call_uy7tfNVokIN7NjFF6k7OtLyl', output: '1000000' },
    ]);
    expect(server.requests[1]?.body).toMatchObject({
      store: false,
      include: ['reasoning.encrypted_content'],
      reasoning: { effort: 'high' },
    });
  });

  it('streams a function call, then the answer after function_call_output', async () => {
    const server = await harness.serve(
      fixtureRoute({
        path: RESPONSES_PATH,
        fixture: 'openai-responses/stream-function-call.sse',
        times: 1,
      }),
      fixtureRoute({
        path: RESPONSES_PATH,
        fixture: 'openai-responses/stream-after-function-output.sse',
        times: 1,
      }),
    );
    const provider = harness.provider(server, { api: 'responses' });
    const request: ChatRequest = {
      model: 'gpt-4.1',
      messages: [userMessage('What is the weather like in Boston today?')],
      tools: toolsFromResponsesWire(
        loadFixtureJson<Json>('openai-responses/stream-function-call.request.json').tools,
      ),
    };
    const first = await (await provider.streamMessage(request)).collect();
    expect(first.finishReason).toBe('tool_calls');
    const results = runTools(first.toolCalls, { get_current_weather: () => '12°C, rain' });
    const second = await (
      await provider.streamMessage({
        ...request,
        messages: [...request.messages, toAssistantMessage(first), ...results],
      })
    ).collect();
    expect(second.content).toBe('1231 × 2331 = **2,869,461**');
    expect(sentBody(server, 1).input).toEqual([
      { role: 'user', content: 'What is the weather like in Boston today?' },
      {
        type: 'function_call',
        call_id: 'call_lGe2JKQEBSP15opZ3KfxtEUC',
        name: 'get_current_weather',
        arguments: '{"location":"Boston, MA","unit":"celsius"}',
      },
      {
        type: 'function_call_output',
        call_id: 'call_lGe2JKQEBSP15opZ3KfxtEUC',
        output: '12°C, rain',
      },
    ]);
    // gpt-4.1 does not reason: no include, store false.
    expect(server.requests[1]?.body).toMatchObject({ store: false, stream: true });
    expect(sentBody(server, 1).include).toBeUndefined();
  });
});
