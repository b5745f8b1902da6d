/**
 * Behaviour of compatible servers no recording shows (there is no recorded Ollama traffic): these
 * payloads are written here, in the shapes Ollama and vLLM document, and labelled as such.
 */
import { type ChatRequest, userMessage } from '@aigo/ai';
import { afterEach, describe, expect, it } from 'vitest';
import { chatBodyToSse } from './support/derive-streams.js';
import { CHAT_PATH, createHarness, drain } from './support/harness.js';

const harness = createHarness();
afterEach(() => harness.closeAll());

const request: ChatRequest = { model: 'deepseek-r1', messages: [userMessage('Hi')] };
const completion = (content: string) => ({
  id: 'chatcmpl-local',
  object: 'chat.completion',
  model: 'deepseek-r1:7b',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 4, completion_tokens: 20, total_tokens: 24 },
});

describe('<think> blocks (written payloads, Ollama/DeepSeek-R1 shape)', () => {
  it('splits the block into reasoning in sendMessage and in streamMessage alike', async () => {
    const body = completion(
      '<think>\nThe user says hi.\nGreet back.\n</think>\n\nHello! How can I help?',
    );
    const server = await harness.serve(
      { path: CHAT_PATH, times: 1, body },
      { path: CHAT_PATH, times: 1, sse: chatBodyToSse(body) },
    );
    const provider = harness.provider(server, { api: 'chat' });
    const sent = await provider.sendMessage(request);
    expect(sent).toMatchObject({
      content: 'Hello! How can I help?',
      reasoning: 'The user says hi.\nGreet back.',
      finishReason: 'stop',
    });
    const { events, response } = await drain(await provider.streamMessage(request));
    expect(response).toStrictEqual(sent);
    // The tags never reach the consumer, whatever the chunking (the derived stream cuts every 5 chars).
    const streamed = events.flatMap((e) =>
      e.type === 'content' || e.type === 'reasoning' ? [e.text] : [],
    );
    expect(streamed.join('')).not.toMatch(/<\/?think>/);
  });
});

describe('no tool calls guessed from text', () => {
  it('a JSON answer with a "name" key stays content, in send and stream', async () => {
    const body = completion('{"name":"get_weather","arguments":{"city":"Paris"}}');
    const server = await harness.serve(
      { path: CHAT_PATH, times: 1, body },
      { path: CHAT_PATH, times: 1, sse: chatBodyToSse(body) },
    );
    const provider = harness.provider(server, { api: 'chat' });
    const sent = await provider.sendMessage({
      ...request,
      tools: [{ name: 'get_weather', description: 'w', parameters: { type: 'object' } }],
    });
    expect(sent.toolCalls).toEqual([]);
    expect(sent.finishReason).toBe('stop');
    expect(sent.content).toBe('{"name":"get_weather","arguments":{"city":"Paris"}}');
    const collected = await (await provider.streamMessage(request)).collect();
    expect(collected).toStrictEqual(sent);
  });
});

describe('a compatible server that answers stop with tool calls (Ollama)', () => {
  it('finishes as tool_calls, the raw value kept', async () => {
    const body = {
      id: 'chatcmpl-9',
      model: 'llama3.2',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: '',
            tool_calls: [
              { id: 'call_x', type: 'function', function: { name: 'f', arguments: '{}' } },
            ],
          },
          finish_reason: 'stop',
        },
      ],
    };
    const server = await harness.serve(
      { path: CHAT_PATH, times: 1, body },
      { path: CHAT_PATH, times: 1, sse: chatBodyToSse(body) },
    );
    const provider = harness.provider(server, { api: 'chat' });
    const sent = await provider.sendMessage(request);
    expect(sent).toMatchObject({ finishReason: 'tool_calls', rawFinishReason: 'stop' });
    expect(await (await provider.streamMessage(request)).collect()).toStrictEqual(sent);
  });
});
