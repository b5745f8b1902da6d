import {
  type ChatRequest,
  type RetrievedChunk,
  type Retriever,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeEmbedder, createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { inMemoryVectorStore } from '../stores/in-memory-vector-store.js';
import { createRetriever } from './create-retriever.js';
import {
  formatRetrievedChunks,
  lastUserText,
  retrievalMiddleware,
} from './retrieval-middleware.js';

async function memoryRetriever(): Promise<Retriever> {
  const embedder = createFakeEmbedder({ dimensions: 128 });
  const store = inMemoryVectorStore({
    dimensions: 128,
    embedder: { provider: embedder, model: 'fake' },
  });
  await store.upsert([
    { id: 'pref', text: 'The user prefers answers in metric units.' },
    { id: 'pet', text: 'The user has a cat named Miso.' },
    { id: 'long', text: `The user wrote a very long note: ${'lorem ipsum '.repeat(200)}` },
  ]);
  return createRetriever({ store });
}

const fixed = (chunks: RetrievedChunk[]): Retriever => ({ retrieve: async () => chunks });
const chunk = (id: string, text: string, score: number): RetrievedChunk => ({
  id,
  text,
  score,
  scores: { semantic: score },
  stage: 'semantic',
  metadata: {},
});

describe('retrievalMiddleware', () => {
  it('adds the chunks relevant to the last user message to the system prompt, on send and stream', async () => {
    const provider = createFakeProvider().text('Miso is a cat.').text('Still Miso.');
    const injected: string[][] = [];
    const client = createClient(provider, {
      defaultModel: 'm',
      systemPrompt: 'You are helpful.',
      middleware: [
        retrievalMiddleware({
          retriever: await memoryRetriever(),
          topK: 1,
          onInject: (chunks) => injected.push(chunks.map((c) => c.id)),
        }),
      ],
    });
    await client.sendMessage('What is the name of my cat?');
    const system = provider.calls[0]?.request.systemPrompt ?? '';
    expect(system.startsWith('You are helpful.\n\n')).toBe(true);
    expect(system).toContain('[1] The user has a cat named Miso.');
    const stream = await client.streamMessage('my cat named?');
    await stream.collect();
    expect(provider.calls[1]?.request.systemPrompt).toContain('cat named Miso');
    expect(injected).toEqual([['pet'], ['pet']]);
  });

  it('keeps the block within maxTokens, skipping a chunk that does not fit for smaller ones after it', async () => {
    const chunks = [
      chunk('a', 'x'.repeat(100), 0.9),
      chunk('b', 'y'.repeat(2000), 0.8),
      chunk('c', 'z'.repeat(100), 0.7),
    ];
    const provider = createFakeProvider().text('ok');
    const counted: string[] = [];
    const client = createClient(provider, {
      defaultModel: 'm',
      middleware: [
        retrievalMiddleware({
          retriever: fixed(chunks),
          maxTokens: 100,
          countTokens: (text) => {
            counted.push(text);
            return Math.ceil(text.length / 4);
          },
        }),
      ],
    });
    await client.sendMessage('q');
    const system = provider.calls[0]?.request.systemPrompt ?? '';
    expect(system).toBe(
      formatRetrievedChunks([chunks[0] as RetrievedChunk, chunks[2] as RetrievedChunk]),
    );
    expect(Math.ceil(system.length / 4)).toBeLessThanOrEqual(100);
    expect(counted.length).toBeGreaterThan(0);
  });

  it('leaves a request without user text, or with nothing found, unchanged', async () => {
    const provider = createFakeProvider().text('a').text('b');
    const seen: string[] = [];
    const client = createClient(provider, {
      defaultModel: 'm',
      systemPrompt: 'S',
      middleware: [
        retrievalMiddleware({
          retriever: {
            retrieve: async (q) => {
              seen.push(q);
              return [];
            },
          },
        }),
      ],
    });
    await client.sendMessage('hello');
    expect(provider.calls[0]?.request.systemPrompt).toBe('S');
    expect(seen).toEqual(['hello']);
    const request: ChatRequest = { model: 'm', messages: [{ role: 'assistant', content: 'hi' }] };
    expect(lastUserText(request)).toBeUndefined();
    expect(
      lastUserText({
        model: 'm',
        messages: [
          userMessage([
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ]),
        ],
      }),
    ).toBe('a\nb');
  });

  it('passes the call signal to the retriever', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const provider = createFakeProvider().text('ok');
    const controller = new AbortController();
    const client = createClient(provider, {
      defaultModel: 'm',
      middleware: [
        retrievalMiddleware({
          retriever: {
            retrieve: async (_q, o) => {
              signals.push(o?.signal);
              return [];
            },
          },
        }),
      ],
    });
    await client.sendMessage('q', { signal: controller.signal });
    expect(signals[0]).toBeInstanceOf(AbortSignal);
  });

  it.each<[string, object, string]>([
    ['no retriever', { retriever: undefined }, 'options.retriever'],
    ['topK 0', { topK: 0 }, 'options.topK'],
    ['maxTokens 0', { maxTokens: 0 }, 'options.maxTokens'],
    ['countTokens not a function', { countTokens: 4 }, 'options.countTokens'],
  ])('rejects %s', (_label, options, argument) => {
    const retriever = { retrieve: async () => [] };
    try {
      retrievalMiddleware({ retriever, ...options } as never);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).argument).toBe(argument);
    }
  });
});
