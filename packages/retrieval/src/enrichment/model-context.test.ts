import { type ChatRequest, type ContentPart, ValidationError } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { chunkText } from '../chunking/chunk-text.js';
import { MODEL_CONTEXT_INSTRUCTIONS, modelContext } from './model-context.js';

const document = {
  id: 'policy',
  title: 'Refund policy',
  text: 'Acme shop refund policy.\n\nRefunds are accepted within 30 days.\n\nShipping is free over 50 euros.',
};
const chunks = chunkText(document, { maxTokens: 10 });

function partsOf(request: ChatRequest): ContentPart[] {
  return request.messages[0]?.content as ContentPart[];
}

/** Answers each call with a sentence naming the passage it was given. */
function answeringProvider() {
  return createFakeProvider().onRequest((request) => {
    const passage = /<passage>\n([\s\S]*?)\n<\/passage>/.exec(
      (partsOf(request)[1] as { text: string }).text,
    )?.[1];
    return {
      content: `  About:\n ${passage}  `,
      usage: { promptTokens: 100, completionTokens: 10, totalTokens: 110 },
    };
  });
}

describe('modelContext', () => {
  it('asks for one sentence per chunk with the document first, as a cached prefix', async () => {
    const provider = answeringProvider();
    const client = createClient(provider, {
      defaultModel: 'claude-haiku-4-5',
      modelCost: { 'claude-haiku-4-5': { inputCostPerMillion: 1, outputCostPerMillion: 5 } },
    });
    const enricher = modelContext({ client, maxTokens: 60, concurrency: 2 });
    const enrichment = await enricher.enrich(document, chunks, {});
    expect(chunks).toHaveLength(3);
    expect(enrichment.contexts).toEqual(chunks.map((chunk) => `About: ${chunk.text}`));
    expect(enrichment.usage).toMatchObject({ promptTokens: 300, completionTokens: 30 });
    expect(enrichment.cost?.amount).toBeCloseTo((300 * 1 + 30 * 5) / 1_000_000, 12);
    expect(enrichment.cost?.currency).toBe('USD');
    expect(provider.requests).toHaveLength(3);
    for (const request of provider.requests) {
      expect(request.systemPrompt).toBe(MODEL_CONTEXT_INSTRUCTIONS);
      expect(request.maxOutputTokens).toBe(60);
      expect(request.model).toBe('claude-haiku-4-5');
      expect(request.messages).toHaveLength(1);
      expect(partsOf(request)[0]).toEqual({
        type: 'text',
        text: `<document>\n${document.text}\n</document>`,
        providerMetadata: { anthropic: { cacheControl: { type: 'ephemeral' } } },
      });
      expect(request.providerOptions).toEqual({ anthropic: { cache: false } });
    }
    expect(enricher.key).toMatch(/^model:"claude-haiku-4-5":60:[0-9a-f]{16}$/);
  });

  it('reports no cost when the client knows no price, and a failed call fails the document', async () => {
    const client = createClient(answeringProvider(), { defaultModel: 'unpriced-model' });
    const enrichment = await modelContext({ client, maxTokens: 20 }).enrich(document, chunks, {});
    expect(enrichment.usage?.totalTokens).toBe(330);
    expect(enrichment.cost).toBeUndefined();
    const failing = createFakeProvider().text('First.').error(new Error('model down'));
    const failingClient = createClient(failing, { defaultModel: 'm', maxRetries: 0 });
    await expect(
      modelContext({ client: failingClient, maxTokens: 20, concurrency: 1 }).enrich(
        document,
        chunks,
        {},
      ),
    ).rejects.toThrow('model down');
    expect(failing.callCount).toBe(2);
  });

  it.each<[string, object, string]>([
    ['no client', { client: undefined, maxTokens: 10 }, 'options.client'],
    ['a client that is not one', { client: 'x', maxTokens: 10 }, 'options.client'],
    ['no maxTokens', {}, 'options.maxTokens'],
    ['maxTokens 0', { maxTokens: 0 }, 'options.maxTokens'],
    ['concurrency 0', { maxTokens: 5, concurrency: 0 }, 'options.concurrency'],
    ['an unknown option', { maxTokens: 5, temperature: 0 }, 'options.temperature'],
    ['empty instructions', { maxTokens: 5, instructions: ' ' }, 'options.instructions'],
  ])('rejects %s', (_label, options, argument) => {
    const client = createClient(createFakeProvider(), { defaultModel: 'm' });
    try {
      modelContext({ client, ...options } as never);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).argument).toBe(argument);
    }
  });

  it('needs a model when the client has none', () => {
    const client = createClient(createFakeProvider(), { env: {} });
    expect(() => modelContext({ client, maxTokens: 5 })).toThrow(/options.model/);
  });
});
