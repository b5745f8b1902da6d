// Context windows on Claude, against a recorded server on 127.0.0.1: model limits from the price
// data, token counting (an estimate, or the counting endpoint with its counts kept), the overflow
// answers as ContextOverflowError, and a client fitting a request again after one.
import {
  assistantMessage,
  type ChatRequest,
  ContextOverflowError,
  type Message,
  ProviderError,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { countTokens, createClient, inMemoryMemory } from '@aigo/client';
import { fixtureRoute } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { anthropic } from '../src/index.js';
import {
  fixtureFile,
  recordingProvider,
  rejection,
  route,
  startRig,
  TEST_API_KEY,
} from './support/harness.js';

const COUNT_PATH = '/v1/messages/count_tokens';
/** Claude's answers to a request over the window: 200K, 1M, and input plus `max_tokens`. */
const OVERFLOWS = [
  'error-400-prompt-too-long.json',
  'error-400-prompt-too-long-1m.built.json',
  'error-400-input-and-max-tokens-exceed-context.json',
];
const request: ChatRequest = {
  model: 'claude-sonnet-4-5',
  systemPrompt: 'Be brief.',
  messages: [userMessage('What is 1 + 1?')],
};

function countRoute(times?: number) {
  return fixtureRoute({
    path: COUNT_PATH,
    fixture: fixtureFile('count-tokens.built.json'),
    ...(times === undefined ? {} : { times }),
  });
}

/** A conversation of `turns` questions and answers of about `chars` characters each. */
function conversation(turns: number, chars: number): Message[] {
  const messages: Message[] = [];
  for (let turn = 0; turn < turns; turn++) {
    messages.push(userMessage(`question ${turn}: ${'word '.repeat(chars / 5)}`));
    messages.push(assistantMessage(`answer ${turn}: ${'word '.repeat(chars / 5)}`));
  }
  return messages;
}

describe('modelLimits', () => {
  it('reports the window of the price data and the output limit of the model family', () => {
    const provider = anthropic({ apiKey: TEST_API_KEY });
    expect(provider.modelLimits('claude-sonnet-4-5-20250929')).toEqual({
      contextWindow: 200_000,
      maxOutputTokens: 64_000,
    });
    expect(provider.modelLimits('claude-opus-4-6')).toEqual({
      contextWindow: 1_000_000,
      maxOutputTokens: 128_000,
    });
    expect(provider.modelLimits('claude-haiku-4-5')).toEqual({
      contextWindow: 200_000,
      maxOutputTokens: 64_000,
    });
    expect(provider.modelLimits('no-such-model')).toBeUndefined();
  });

  it('gives Sonnet 4 and 4.5 the 1M window when the provider sends the context-1m beta', () => {
    const provider = anthropic({ apiKey: TEST_API_KEY, betas: ['context-1m-2025-08-07'] });
    expect(provider.modelLimits('claude-sonnet-4-5')?.contextWindow).toBe(1_000_000);
    expect(provider.modelLimits('claude-sonnet-4-20250514')?.contextWindow).toBe(1_000_000);
    // Haiku does not take the beta.
    expect(provider.modelLimits('claude-haiku-4-5')?.contextWindow).toBe(200_000);
  });

  it('knows no limits for another server, unless prices names the list; the option goes over both', () => {
    const proxied = anthropic({ apiKey: TEST_API_KEY, baseURL: 'http://127.0.0.1:9' });
    expect(proxied.modelLimits('claude-sonnet-4-5')).toBeUndefined();
    const listed = anthropic({
      apiKey: TEST_API_KEY,
      baseURL: 'http://127.0.0.1:9',
      prices: 'anthropic',
    });
    expect(listed.modelLimits('claude-sonnet-4-5')?.contextWindow).toBe(200_000);
    const tuned = anthropic({
      apiKey: TEST_API_KEY,
      modelLimits: {
        'claude-sonnet-4-5': { contextWindow: 8_000 },
        'my-claude': { contextWindow: 4_096, maxOutputTokens: 512 },
      },
    });
    expect(tuned.modelLimits('claude-sonnet-4-5')).toEqual({
      contextWindow: 8_000,
      maxOutputTokens: 64_000,
    });
    expect(tuned.modelLimits('my-claude')).toEqual({ contextWindow: 4_096, maxOutputTokens: 512 });
  });

  it('names a bad argument or option', () => {
    const provider = anthropic({ apiKey: TEST_API_KEY });
    expect(() => provider.modelLimits(5 as never)).toThrow(ValidationError);
    expect(() => anthropic({ modelLimits: { m: { contextWindow: -1 } } })).toThrow(
      /options\.modelLimits\["m"\]\.contextWindow/,
    );
    expect(() => anthropic({ countTokens: 'tokenizer' as never })).toThrow(/options\.countTokens/);
  });
});

describe('countTokens', () => {
  it('estimates without a request by default, each message apart', async () => {
    await using rig = await startRig([]);
    const count = await rig.provider.countTokens({
      ...request,
      messages: conversation(3, 350),
      tools: [{ name: 'lookup', description: 'Looks a word up.', parameters: { type: 'object' } }],
    });
    expect(count.method).toBe('estimate');
    expect(count.exact).toBe(false);
    expect(count.estimated).toEqual(['messages', 'system', 'tools']);
    expect(count.messages).toHaveLength(6);
    let sum = count.fixed ?? 0;
    for (const one of count.messages ?? []) sum += one;
    expect(sum).toBe(count.tokens);
    // About 3.5 characters a token: each 360-character message is a hundred tokens and a few.
    expect(count.messages?.[0]).toBeGreaterThan(100);
    expect(count.messages?.[0]).toBeLessThan(115);
    // The tools cost their definition and the tool-use system prompt.
    expect(count.fixed).toBeGreaterThan(530);
    expect(rig.server.requests).toHaveLength(0);
  });

  it('names a bad request', async () => {
    const provider = anthropic({ apiKey: TEST_API_KEY });
    await expect(provider.countTokens(null as never)).rejects.toThrow(ValidationError);
    await expect(
      provider.countTokens({ model: 'claude-sonnet-4-5', messages: 'hi' } as never),
    ).rejects.toThrow(/request\.messages/);
    await expect(provider.countTokens({ model: '', messages: [] })).rejects.toThrow(
      /request\.model/,
    );
  });

  it("asks messages/count_tokens with countTokens: 'endpoint', and keeps each request's count", async () => {
    await using rig = await startRig([countRoute()], {
      countTokens: 'endpoint',
      betas: ['token-efficient-tools-2025-02-19'],
    });
    const count = await rig.provider.countTokens({
      ...request,
      maxOutputTokens: 100,
      temperature: 0.2,
    });
    expect(count).toEqual({ tokens: 2095, exact: true, method: 'endpoint', estimated: [] });
    const sent = rig.server.requests[0];
    expect(sent?.path).toBe(COUNT_PATH);
    expect(sent?.headers['x-api-key']).toBe(TEST_API_KEY);
    expect(sent?.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent?.headers['anthropic-beta']).toBe('token-efficient-tools-2025-02-19');
    // The Messages body without what does not change the count: max_tokens, sampling, stream.
    expect(sent?.body).toEqual({
      model: 'claude-sonnet-4-5',
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'What is 1 + 1?', cache_control: { type: 'ephemeral' } }],
        },
      ],
    });
    // The same prompt again (other output settings): no second call.
    await rig.provider.countTokens({ ...request, maxOutputTokens: 2_000 });
    expect(rig.server.requests).toHaveLength(1);
    // Another prompt, or the same with other beta features: counted.
    await rig.provider.countTokens({ ...request, systemPrompt: 'Be kind.' });
    await rig.provider.countTokens({
      ...request,
      providerOptions: { anthropic: { betas: ['context-1m-2025-08-07'] } },
    });
    expect(rig.server.requests).toHaveLength(3);
    expect(rig.server.requests[2]?.headers['anthropic-beta']).toBe(
      'token-efficient-tools-2025-02-19,context-1m-2025-08-07',
    );
  });

  it('rejects an answer without a count as invalid_response, and keeps no count of a failure', async () => {
    await using rig = await startRig(
      [{ path: COUNT_PATH, body: { tokens: 'many' }, times: 1 }, countRoute()],
      { countTokens: 'endpoint' },
    );
    const error = await rejection(rig.provider.countTokens(request));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'invalid_response', provider: 'anthropic' });
    expect((await rig.provider.countTokens(request)).tokens).toBe(2095);
    expect(rig.server.requests).toHaveLength(2);
  });

  it('a count the signal aborts rejects with AbortError', async () => {
    await using rig = await startRig([countRoute()], { countTokens: 'endpoint' });
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(rig.provider.countTokens(request, { signal: controller.signal }));
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('context overflow', () => {
  it.each(OVERFLOWS)('%s is a ContextOverflowError, sent or streamed', async (fixture) => {
    await using rig = await startRig([route(fixture, { status: 400 })]);
    const sent = await rejection(rig.provider.sendMessage(request));
    expect(ContextOverflowError.isInstance(sent), fixture).toBe(true);
    expect(sent).toMatchObject({
      code: 'context_overflow',
      status: 400,
      provider: 'anthropic',
      retryable: false,
      providerCode: 'invalid_request_error',
    });
    const streamed = await rejection(rig.provider.streamMessage(request));
    expect(ContextOverflowError.isInstance(streamed), fixture).toBe(true);
  });

  it('another invalid request stays a bad_request ProviderError', async () => {
    await using rig = await startRig([route('error-400-invalid-request.json', { status: 400 })]);
    const error = await rejection(rig.provider.sendMessage(request));
    expect(ContextOverflowError.isInstance(error)).toBe(false);
    expect(error).toMatchObject({ code: 'bad_request' });
  });
});

describe('a client over Claude', () => {
  it.each(OVERFLOWS)(
    'fits the request again after %s and sends it once more, smaller',
    async (fixture) => {
      await using rig = await startRig(
        [route(fixture, { status: 400, times: 1 }), route('text.json')],
        { prices: 'anthropic' },
      );
      const memory = inMemoryMemory();
      await memory.appendMessages(conversation(20, 400));
      // No context option: the default policy, at the window the provider knows.
      const client = createClient(rig.provider, {
        env: {},
        defaultModel: 'claude-sonnet-4-5',
        memory,
        maxRetries: 0,
      });
      const answer = await client.sendMessage('q');
      expect(answer.content).toBe('2');
      const [first, second] = rig.server.requests.map(
        (one) => (one.body as { messages: unknown[] }).messages,
      );
      expect(first).toHaveLength(41);
      expect(second?.length).toBeLessThan(41);
      expect(memory.size).toBe(42);
    },
  );

  it('trims by default at the window minus the output, counted with the provider', async () => {
    await using rig = await startRig([route('text.json')], {
      modelLimits: { 'claude-sonnet-4-5': { contextWindow: 4_000, maxOutputTokens: 1_000 } },
    });
    // Stored with Claude's counts, as the client stores its turns.
    const memory = inMemoryMemory();
    const history = conversation(40, 400);
    const counted = await rig.provider.countTokens({
      model: 'claude-sonnet-4-5',
      messages: history,
    });
    await memory.appendMessages(history, { tokenCounts: counted.messages ?? [] });
    const { provider, requests } = recordingProvider(rig.provider);
    const client = createClient(provider, { env: {}, defaultModel: 'claude-sonnet-4-5', memory });
    await client.sendMessage('And now?');
    const sent = requests[0] as ChatRequest;
    expect(sent.messages.length).toBeGreaterThan(4);
    expect(sent.messages.length).toBeLessThan(81);
    expect(sent.messages[0]?.role).toBe('user');
    // Counted as the provider counts it: within the window minus the output.
    const count = await countTokens(sent, { provider: rig.provider });
    expect(count.tokens).toBeLessThanOrEqual(3_000);
    expect(count.tokens).toBeGreaterThan(2_500);
  });
});
