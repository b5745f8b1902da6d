import {
  assistantMessage,
  type ChatRequest,
  type StreamProvider,
  type TokenCount,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { createFakeProvider, createRecordingObserver } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { plainMemory } from '../../test/support/test-context-helpers.js';
import { createClient } from '../client/client.js';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import { countTokens } from './count-tokens.js';
import { estimateMessageTokens } from './estimate-tokens.js';

/** A fake provider that counts each message as 10 tokens and records what it was asked to count. */
function countingProvider() {
  const fake = createFakeProvider().default('fine');
  const asked: number[] = [];
  const provider: StreamProvider = {
    id: 'fake',
    sendMessage: (request, options) => fake.sendMessage(request, options),
    streamMessage: (request, options) => fake.streamMessage(request, options),
    async countTokens(request: ChatRequest): Promise<TokenCount> {
      asked.push(request.messages.length);
      const messages = request.messages.map(() => 10);
      return {
        tokens: 5 + messages.length * 10,
        exact: true,
        method: 'tokenizer',
        estimated: [],
        messages,
        fixed: 5,
      };
    },
  };
  return { provider, fake, asked };
}

describe('counting in the context stage', () => {
  it('counts each message once: a turn counts only its new messages', async () => {
    const { provider, asked } = countingProvider();
    const memory = inMemoryMemory();
    const client = createClient(provider, {
      env: {},
      defaultModel: 'm',
      memory,
      context: { maxTokens: 100_000 },
    });
    await client.sendMessage('one');
    await client.sendMessage('two');
    await client.sendMessage('three');
    // Turn 1: the prompt, the fixed part (no message), the note that may open a fitted request, the
    // reply as it is stored; later turns: only the new prompt and reply (the stored messages keep the
    // counts they were stored with).
    expect(asked).toEqual([1, 0, 1, 1, 1, 1, 1, 1]);
  });

  it('estimates with the usage of the previous turn: a provider that reports twice the estimate halves the budget', async () => {
    const memory = inMemoryMemory();
    await memory.appendMessages(
      Array.from({ length: 40 }, (_, index) =>
        index % 2 === 0 ? userMessage('x'.repeat(400)) : assistantMessage('y'.repeat(400)),
      ),
    );
    const fake = createFakeProvider().onRequest((request) => {
      let estimate = 3;
      for (const message of request.messages) estimate += estimateMessageTokens(message);
      return {
        content: 'ok',
        usage: { promptTokens: estimate * 2, completionTokens: 1, totalTokens: estimate * 2 + 1 },
      };
    });
    const client = createClient(fake, {
      env: {},
      defaultModel: 'm',
      memory,
      context: { maxTokens: 2_000 },
    });
    await client.sendMessage('first');
    await client.sendMessage('second');
    const [first, second] = fake.requests;
    const size = (request: ChatRequest | undefined) =>
      (request?.messages ?? []).reduce((sum, message) => sum + estimateMessageTokens(message), 0);
    expect(size(first)).toBeGreaterThan(1_500);
    expect(size(second)).toBeLessThan(1_100);
  });
});

describe('providers that count', () => {
  /** A provider that counts whole requests only, exactly: twice the client's estimate. */
  function endpointProvider() {
    const fake = createFakeProvider().default('fine');
    const counted: ChatRequest[] = [];
    const provider: StreamProvider = {
      id: 'fake',
      sendMessage: (request, options) => fake.sendMessage(request, options),
      streamMessage: (request, options) => fake.streamMessage(request, options),
      async countTokens(request: ChatRequest): Promise<TokenCount> {
        counted.push(request);
        let tokens = 3;
        for (const message of request.messages) tokens += estimateMessageTokens(message);
        return { tokens: tokens * 2, exact: true, method: 'endpoint', estimated: [] };
      },
    };
    return { provider, fake, counted };
  }

  it('a provider that counts whole requests exactly is asked for the fitted request, fitted again while over', async () => {
    const { provider, fake, counted } = endpointProvider();
    const memory = inMemoryMemory();
    await memory.appendMessages(
      Array.from({ length: 40 }, (_, index) =>
        index % 2 === 0 ? userMessage('x'.repeat(400)) : assistantMessage('y'.repeat(400)),
      ),
    );
    const observer = createRecordingObserver();
    const client = createClient(provider, {
      env: {},
      defaultModel: 'm',
      memory,
      observer,
      context: { maxTokens: 2_000 },
    });
    await client.sendMessage('q');
    const sent = fake.requests[0] as ChatRequest;
    const exact = await countTokens(sent, { provider });
    expect(exact.method).toBe('endpoint');
    expect(exact.tokens).toBeLessThanOrEqual(2_000);
    // The estimate alone would have sent about twice as much.
    expect(exact.tokens).toBeGreaterThan(1_500);
    expect(counted.some((one) => one.messages.length === sent.messages.length)).toBe(true);
    const span = observer.spans.find((one) => one.name === 'aigo.context');
    expect(span?.attributes['aigo.context.count_method']).toBe('endpoint');
    expect(span?.attributes['aigo.context.tokens_after']).toBe(exact.tokens);
  });

  it('a provider whose estimate tells messages apart is counted with, as countTokens counts', async () => {
    const fake = createFakeProvider().default('fine');
    const provider: StreamProvider = {
      id: 'fake',
      sendMessage: (request, options) => fake.sendMessage(request, options),
      streamMessage: (request, options) => fake.streamMessage(request, options),
      async countTokens(request: ChatRequest): Promise<TokenCount> {
        const messages = request.messages.map((message) => 7 + estimateMessageTokens(message) * 2);
        let tokens = 11;
        for (const one of messages) tokens += one;
        return {
          tokens,
          exact: false,
          method: 'estimate',
          estimated: ['messages'],
          messages,
          fixed: 11,
        };
      },
    };
    // A memory without stored counts: the provider counts every message.
    const memory = plainMemory();
    await memory.appendMessages(
      Array.from({ length: 40 }, (_, index) =>
        index % 2 === 0 ? userMessage('x'.repeat(400)) : assistantMessage('y'.repeat(400)),
      ),
    );
    const client = createClient(provider, {
      env: {},
      defaultModel: 'm',
      memory,
      context: { maxTokens: 1_500 },
    });
    await client.sendMessage('q');
    const sent = fake.requests[0] as ChatRequest;
    const count = await countTokens(sent, { provider });
    expect(count.tokens).toBeLessThanOrEqual(1_500);
    expect(count.tokens).toBeGreaterThan(1_200);
  });
});

describe('countTokens', () => {
  const request: ChatRequest = {
    model: 'm',
    systemPrompt: 'You help.',
    messages: [userMessage('Hello there, how are you?'), assistantMessage('Fine.')],
    tools: [{ name: 'lookup', description: 'Looks up', parameters: { type: 'object' } }],
  };

  it('estimates without a provider that counts, and says what was estimated', async () => {
    const count = await countTokens(request);
    expect(count).toMatchObject({ exact: false, method: 'estimate' });
    expect(count.estimated).toEqual(expect.arrayContaining(['messages', 'tools']));
    expect(count.messages).toHaveLength(2);
    expect(count.tokens).toBe((count.fixed ?? 0) + (count.messages ?? []).reduce((a, b) => a + b));
  });

  it('asks the provider when it can count', async () => {
    const { provider } = countingProvider();
    expect(await countTokens(request, { provider })).toMatchObject({
      tokens: 25,
      exact: true,
      method: 'tokenizer',
    });
  });

  it('calibrates by the previous turn’s usage', async () => {
    const plain = await countTokens(request);
    const previous = {
      request,
      usage: { promptTokens: plain.tokens * 2, completionTokens: 0, totalTokens: plain.tokens * 2 },
    };
    const calibrated = await countTokens(request, { calibrateWith: previous });
    expect(calibrated.tokens).toBeGreaterThanOrEqual(plain.tokens * 2 - 3);
    expect(calibrated.tokens).toBeLessThanOrEqual(plain.tokens * 2 + 3);
  });

  it('names a bad argument', async () => {
    await expect(countTokens(null as never)).rejects.toThrow(ValidationError);
    await expect(countTokens({ model: 1 } as never)).rejects.toThrow(/request\.model/);
    await expect(
      countTokens({ model: 'm', messages: [{ role: 'robot' }] } as never),
    ).rejects.toThrow(/request\.messages\[0\]/);
    await expect(
      countTokens(request, { calibrateWith: { request, usage: {} } as never }),
    ).rejects.toThrow(/calibrateWith\.usage/);
    await expect(countTokens(request, { signal: 'stop' as never })).rejects.toThrow(/signal/);
  });
});
