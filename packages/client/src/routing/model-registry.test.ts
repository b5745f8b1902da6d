import { type ChatRequest, userMessage, ValidationError } from '@aigo/ai';
import { createFakeEmbedder, createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client.js';
import { fallback } from './fallback-provider.js';
import { createRegistry } from './model-registry.js';

const priced = (id: string, rate: number) =>
  Object.assign(createFakeProvider({ id }), {
    modelCost: (model: string) =>
      model.startsWith(`${id}-`)
        ? { inputCostPerMillion: rate, outputCostPerMillion: rate }
        : undefined,
    modelLimits: (model: string) =>
      model.startsWith(`${id}-`) ? { contextWindow: rate * 1000 } : undefined,
  });

function thrown(make: () => unknown): ValidationError {
  try {
    make();
  } catch (error) {
    if (ValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('createRegistry', () => {
  it('routes ids and aliases (aliases of aliases too) to the provider, with the model part', async () => {
    const openai = createFakeProvider({ id: 'openai' }).default('from openai');
    const ollama = createFakeProvider({ id: 'ollama' }).default('from ollama');
    const registry = createRegistry({
      providers: { openai, ollama },
      aliases: { fast: 'openai:gpt-4o-mini', quick: 'fast', local: 'ollama:llama3:8b' },
    });
    const ask = (model: string): ChatRequest => ({ model, messages: [userMessage('Hi')] });
    expect((await registry.sendMessage(ask('quick'))).content).toBe('from openai');
    expect(openai.lastRequest?.model).toBe('gpt-4o-mini');
    expect((await (await registry.streamMessage(ask('local'))).collect()).content).toBe(
      'from ollama',
    );
    expect(ollama.lastRequest?.model).toBe('llama3:8b');
    expect(registry.resolve('quick')).toEqual({
      id: 'openai:gpt-4o-mini',
      providerName: 'openai',
      provider: openai,
      model: 'gpt-4o-mini',
    });
  });

  it('routes prices, limits, token counts and embeddings the same way', async () => {
    const a = priced('a', 2);
    const fakeEmbedder = createFakeEmbedder();
    const embedder = Object.assign(createFakeProvider({ id: 'e' }), {
      embed: fakeEmbedder.embed.bind(fakeEmbedder),
      maxEmbeddingsPerCall: fakeEmbedder.maxEmbeddingsPerCall,
    });
    const registry = createRegistry({
      providers: { a, e: embedder },
      aliases: { small: 'a:a-small' },
    });
    expect(registry.maxEmbeddingsPerCall).toBe(fakeEmbedder.maxEmbeddingsPerCall);
    expect(registry.modelCost('small')?.inputCostPerMillion).toBe(2);
    expect(registry.modelCost('a:other')).toBeUndefined();
    expect(registry.modelCost('nope:x')).toBeUndefined();
    expect(registry.modelLimits('a:a-big')).toEqual({ contextWindow: 2000 });
    const count = await registry.countTokens({
      model: 'small',
      messages: [userMessage('Hello there')],
    });
    expect(count.method).toBe('estimate');
    expect(count.tokens).toBeGreaterThan(0);
    const embedded = await registry.embed({ model: 'e:fake-embedding', values: ['one', 'two'] });
    expect(embedded.embeddings).toHaveLength(2);
    await expect(registry.embed({ model: 'small', values: ['x'] })).rejects.toMatchObject({
      argument: 'request.model',
    });
  });

  it('names the unknown id, the unknown alias target and the alias cycle', async () => {
    const a = createFakeProvider({ id: 'a' });
    const registry = createRegistry({ providers: { a }, aliases: { fast: 'a:m' } });
    const unknown = await registry
      .sendMessage({ model: 'b:m', messages: [userMessage('Hi')] })
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(ValidationError);
    expect((unknown as ValidationError).argument).toBe('request.model');
    expect((unknown as ValidationError).message).toMatch(
      /unknown provider "b".*providers: a; aliases: fast/,
    );
    expect(thrown(() => registry.resolve('smart')).message).toMatch(/"smart" is neither an alias/);

    const cycle = thrown(() =>
      createRegistry({ providers: { a }, aliases: { fast: 'quick', quick: 'fast' } }),
    );
    expect(cycle.argument).toBe('options.aliases.fast');
    expect(cycle.message).toContain('"fast" → "quick" → "fast"');
    expect(thrown(() => createRegistry({ providers: { a }, aliases: { x: 'z:m' } })).argument).toBe(
      'options.aliases.x',
    );
    expect(thrown(() => createRegistry({ providers: {} })).argument).toBe('options.providers');
    expect(thrown(() => createRegistry({ providers: { a: {} as never } })).argument).toBe(
      'options.providers.a',
    );
    expect(thrown(() => createRegistry({ providers: { a }, extra: 1 } as never)).argument).toBe(
      'options.extra',
    );
  });

  it('is a client’s provider: defaultModel by alias, priced by the provider the alias names', async () => {
    const a = priced('a', 4).default({
      content: 'ok',
      usage: { promptTokens: 1000, completionTokens: 0, totalTokens: 1000 },
    });
    const registry = createRegistry({ providers: { a }, aliases: { fast: 'a:a-mini' } });
    const client = createClient(registry, { defaultModel: 'fast' });
    const overview = client.createOverview();
    expect((await client.sendMessage('Hi', { overview })).content).toBe('ok');
    expect(a.lastRequest?.model).toBe('a-mini');
    expect(overview.costSummary().byModel.fast).toMatchObject({ totalCost: 0.004, priced: true });
  });

  it('gives a fallback its entries by id: `fallback(["fast", "b:b-large"], { registry })`', async () => {
    const a = priced('a', 1)
      .default({ content: 'a' })
      .error(Object.assign(new Error('busy'), { code: 'x' }));
    const b = priced('b', 3).default({
      content: 'from b',
      usage: { promptTokens: 1000, completionTokens: 0, totalTokens: 1000 },
    });
    const registry = createRegistry({ providers: { a, b }, aliases: { fast: 'a:a-mini' } });
    const provider = fallback(['fast', 'b:b-large'], { registry, retryOn: () => true });
    expect(provider.entries.map((entry) => entry.label)).toEqual(['a:a-mini', 'b:b-large']);
    const client = createClient(provider, { maxRetries: 0 });
    const overview = client.createOverview();
    expect((await client.sendMessage('Hi', { overview })).content).toBe('from b');
    expect(b.lastRequest?.model).toBe('b-large');
    expect(overview.costSummary().byModel).toEqual({
      'b:b-large': expect.objectContaining({ requests: 1, totalCost: 0.003 }),
    });
  });
});
