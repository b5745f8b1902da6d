// The README's examples, run as written there except for where they connect: the provider points at
// a recorded server on 127.0.0.1 (with the API the real host would get) instead of api.openai.com or
// Ollama, and console output is collected and asserted.
import { type Message, toAssistantMessage, toolMessage, userMessage } from '@aigo/ai';
import { fixtureRoute } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { openai } from '../src/index.js';
import { CHAT_PATH, createHarness, RESPONSES_PATH, TEST_API_KEY } from './support/harness.js';
import { mediaFile, mediaJson } from './support/media-fixtures.js';

const harness = createHarness();
afterEach(() => harness.closeAll());

const route = (path: string, fixture: string, times?: number) =>
  fixtureRoute({ path, fixture, ...(times === undefined ? {} : { times }) });

describe('README examples', () => {
  it('images, speech and transcription', async () => {
    const server = await harness.serve(
      { path: '/v1/images/generations', body: mediaJson('images-gpt-image-1.json') },
      {
        path: '/v1/audio/speech',
        headers: { 'content-type': 'audio/mpeg' },
        body: new Uint8Array(mediaFile('speech-hello.mp3')),
      },
      { path: '/v1/audio/transcriptions', body: mediaJson('transcription-gpt-4o-transcribe.json') },
    );
    await using provider = openai({ baseURL: `${server.url}/v1`, apiKey: TEST_API_KEY });
    const { images, usage } = await provider.generateImage({
      model: 'gpt-image-1',
      prompt: 'A red cat on a blue sofa',
      size: '1024x1024',
      quality: 'low',
    });
    const { audio } = await provider.generateSpeech({
      model: 'gpt-4o-mini-tts',
      text: 'Hello!',
      voice: 'coral',
    });
    const { text } = await provider.transcribe({
      model: 'gpt-4o-transcribe',
      audio: { data: audio.data ?? '', mimeType: audio.mimeType },
    });
    expect(images[0]?.mimeType).toBe('image/png');
    expect(usage?.outputImageTokens).toBe(272);
    expect(text).toBe('Hello from aigo.');
  });

  it('the opening example (Responses API)', async () => {
    const server = await harness.serve(route(RESPONSES_PATH, 'openai-responses/text.json'));
    await using provider = openai({
      baseURL: `${server.url}/v1`,
      apiKey: TEST_API_KEY,
      api: 'responses',
    });

    const answer = await provider.sendMessage({
      model: 'gpt-5-mini',
      messages: [userMessage('Name three moons of Jupiter.')],
    });
    expect(answer.content).toBe('pong');
    expect(answer.usage?.totalTokens).toBe(16);
  });

  it('Ollama and other compatible servers (no key)', async () => {
    const server = await harness.serve(route(CHAT_PATH, 'openai-chat/compat-groq-reasoning.json'));
    await using ollama = openai({ baseURL: `${server.url}/v1`, defaultModel: 'qwen3', apiKey: '' });

    const answer = await ollama.sendMessage({ model: '', messages: [userMessage('Hi!')] });
    expect(answer.content).toMatch(/contains \*\*3\*\* instances/);
    expect(answer.reasoning).toMatch(/^Okay, so the user is asking/);
    expect(ollama.api).toBe('chat');
    expect(server.lastRequest()?.body).toMatchObject({ model: 'qwen3' });
  });

  it('prices', () => {
    const provider = openai({ apiKey: TEST_API_KEY });
    const mini = provider.modelCost('gpt-4o-mini-2024-07-18');
    expect([mini?.inputCostPerMillion, mini?.outputCostPerMillion]).toEqual([0.15, 0.6]);
    expect(mini?.origin).toEqual({ provider: 'openai', model: 'gpt-4o-mini', date: '2026-09-23' });

    expect(
      openai({ baseURL: 'https://api.deepseek.com/v1' }).modelCost('deepseek-chat')?.origin
        ?.provider,
    ).toBe('deepseek');
    expect(
      openai({ baseURL: 'http://localhost:11434/v1' }).modelCost('gpt-4o-mini'),
    ).toBeUndefined();
    expect(
      openai({ baseURL: 'https://llm-gateway.example/v1', prices: 'openai' }).modelCost(
        'gpt-4o-mini',
      )?.origin?.provider,
    ).toBe('openai');
  });

  it('streaming', async () => {
    const server = await harness.serve(
      route(RESPONSES_PATH, 'openai-responses/stream-reasoning-summary.sse'),
    );
    await using provider = openai({
      baseURL: `${server.url}/v1`,
      apiKey: TEST_API_KEY,
      api: 'responses',
    });
    const out = { stdout: '', stderr: '', lines: [] as unknown[] };

    const stream = await provider.streamMessage({
      model: 'gpt-5-mini',
      messages: [userMessage('Why is the sky blue? Two sentences.')],
      reasoning: { effort: 'low', includeThoughts: true },
    });
    for await (const event of stream) {
      if (event.type === 'reasoning') out.stderr += event.text;
      if (event.type === 'content') out.stdout += event.text;
      if (event.type === 'usage') out.lines.push(event.usage);
      if (event.type === 'finish') out.lines.push(`[${event.finishReason}]`);
    }
    expect(out.stdout).toBe('The number is 9, since 1 + x = 10 ⇒ x = 10 − 1 = 9.');
    expect(out.stderr).toMatch(/^\*\*Solving for the number\*\*/);
    expect(out.lines).toEqual([
      {
        promptTokens: 20,
        completionTokens: 166,
        totalTokens: 186,
        reasoningTokens: 128,
        cachedTokens: 0,
      },
      '[stop]',
    ]);
    expect(server.lastRequest()?.body).toMatchObject({
      reasoning: { effort: 'low', summary: 'auto' },
    });
  });

  it('tool loops with reasoning (Responses API)', async () => {
    const server = await harness.serve(
      route(RESPONSES_PATH, 'openai-responses/reasoning-encrypted-content.json', 1),
      route(RESPONSES_PATH, 'openai-responses/text.json', 1),
    );
    await using provider = openai({
      baseURL: `${server.url}/v1`,
      apiKey: TEST_API_KEY,
      api: 'responses',
    });
    const printed: string[] = [];

    const tools = [
      {
        name: 'lookup_population',
        description: 'Returns the current population of the specified fictional country.',
        parameters: {
          type: 'object',
          properties: { country: { type: 'string' } },
          required: ['country'],
        },
      },
    ];
    const messages: Message[] = [userMessage('Pick a country name and look up its population.')];

    for (let turn = 0; turn < 5; turn++) {
      const response = await provider.sendMessage({
        model: 'gpt-5.5',
        messages,
        tools,
        reasoning: { effort: 'high' },
      });
      messages.push(toAssistantMessage(response));
      if (response.toolCalls.length === 0) {
        printed.push(response.content);
        break;
      }
      for (const call of response.toolCalls) {
        messages.push(toolMessage(call.id, JSON.stringify({ population: 1_000_000 })));
      }
    }
    expect(printed).toEqual(['pong']);
    const second = server.requests[1]?.body as { input: { type?: string }[] };
    expect(second.input.map((item) => item.type ?? 'message')).toEqual([
      'message',
      'reasoning',
      'function_call',
      'function_call_output',
    ]);
  });

  it('structured output', async () => {
    const server = await harness.serve(
      route(RESPONSES_PATH, 'openai-responses/structured-output-json-schema.json'),
    );
    await using provider = openai({
      baseURL: `${server.url}/v1`,
      apiKey: TEST_API_KEY,
      api: 'responses',
    });

    const answer = await provider.sendMessage({
      model: 'gpt-4o-mini',
      messages: [userMessage('solve 8x + 31 = 2')],
      responseFormat: {
        type: 'json',
        name: 'MathResponse',
        strict: true,
        schema: {
          type: 'object',
          properties: {
            steps: { type: 'array', items: { type: 'string' } },
            final_answer: { type: 'string' },
          },
        },
      },
    });
    expect(JSON.parse(answer.content).final_answer).toBe('x = -\\frac{29}{8}');
    expect(server.lastRequest()?.body).toMatchObject({
      text: {
        format: {
          type: 'json_schema',
          name: 'MathResponse',
          strict: true,
          schema: { required: ['steps', 'final_answer'], additionalProperties: false },
        },
      },
    });
  });
});
