import { AbortError, ProviderError, ValidationError, type VectorStore } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { wrappedEmbedder } from '../../test/support/wrapped-embedder.js';
import { chunkMarkdown } from '../chunking/chunk-markdown.js';
import type { SourceDocument } from '../documents/source-document.js';
import { inMemoryVectorStore } from '../stores/in-memory-vector-store.js';
import { ingest } from './ingest.js';
import type { IngestProgress } from './ingest-report.js';

const DIMENSIONS = 32;

function handbook(edited = false): SourceDocument[] {
  return [
    {
      id: 'returns',
      title: 'Returns',
      source: 'https://shop.example/returns',
      metadata: { topic: 'returns' },
      text: `# Returns\n\nReturns are accepted within ${edited ? 60 : 30} days.\n\n## Refunds\n\nRefunds reach your card within 5 working days.\n`,
    },
    {
      id: 'shipping',
      title: 'Shipping',
      text: '# Shipping\n\nOrders ship within 2 working days.\n\n## Abroad\n\nDelivery abroad takes a week.\n',
    },
    { id: 'blank', text: '  \n\n ' },
  ];
}

const chunker = (document: SourceDocument) => chunkMarkdown(document, { maxTokens: 20 });

function setUp(hook?: Parameters<typeof wrappedEmbedder>[1], store?: VectorStore) {
  const provider = wrappedEmbedder({ dimensions: DIMENSIONS }, hook);
  return {
    provider,
    store: store ?? inMemoryVectorStore({ dimensions: DIMENSIONS }),
    embedder: { provider, model: 'fake-embedding' },
  };
}

async function idsOf(store: VectorStore): Promise<string[]> {
  const matches = await store.query(new Array(DIMENSIONS).fill(0.1), { topK: 1000 });
  return matches.map((match) => match.id).sort();
}

describe('ingest', () => {
  it('chunks, enriches with the heading path, embeds and writes each document; empty ones are counted', async () => {
    const { provider, store, embedder } = setUp();
    const progress: IngestProgress[] = [];
    const summary = await ingest(handbook(), {
      chunker,
      embedder,
      store,
      onProgress: (event) => progress.push(event),
    });
    expect(summary).toMatchObject({ documents: 3, written: 2, unchanged: 0, empty: 1 });
    expect(summary.chunks).toBe(4);
    expect(summary.reports.map((report) => [report.id, report.status, report.chunks])).toEqual([
      ['blank', 'empty', 0],
      ['returns', 'written', 2],
      ['shipping', 'written', 2],
    ]);
    expect(summary.tokens).toBeGreaterThan(0);
    expect(summary.cost).toBeUndefined();
    expect(progress.at(-1)).toMatchObject({ documents: 3, chunks: 4 });
    const refunds = chunker(handbook()[0] as SourceDocument)[1];
    const [stored] = await store.get([refunds?.id as string]);
    expect(stored).toMatchObject({
      text: '## Refunds\n\nRefunds reach your card within 5 working days.',
      context: 'Returns > Refunds',
      position: 1,
      model: 'fake-embedding',
      document: { id: 'returns', title: 'Returns', source: 'https://shop.example/returns' },
      metadata: { topic: 'returns' },
    });
    expect(provider.embedded).toContain(
      'Returns > Refunds\n\n## Refunds\n\nRefunds reach your card within 5 working days.',
    );
    expect(provider.fake.calls.every((call) => call.purpose === 'document')).toBe(true);
  });

  it('embeds nothing the second time, and replaces exactly the chunks of an edited document', async () => {
    const { provider, store, embedder } = setUp();
    await ingest(handbook(), { chunker, embedder, store });
    const before = await idsOf(store);
    const calls = provider.callCount;
    const again = await ingest(handbook(), { chunker, embedder, store });
    expect(again).toMatchObject({ written: 0, unchanged: 2, empty: 1, chunks: 0, tokens: 0 });
    expect(again.cost).toEqual({ amount: 0, currency: 'USD' });
    expect(provider.callCount).toBe(calls);

    const edited = await ingest(handbook(true), { chunker, embedder, store });
    expect(edited).toMatchObject({ written: 1, unchanged: 1, chunks: 2 });
    const after = await idsOf(store);
    const newReturns = chunker(handbook(true)[0] as SourceDocument).map((chunk) => chunk.id);
    const oldReturns = chunker(handbook()[0] as SourceDocument).map((chunk) => chunk.id);
    expect(after).toEqual(
      [...before.filter((id) => !oldReturns.includes(id)), ...newReturns].sort(),
    );
    expect(provider.embedded.slice(-2).join('\n')).toContain('60 days');
  });

  it('embeds again when the enricher or the chunking changes', async () => {
    const { store, embedder } = setUp();
    await ingest(handbook(), { chunker, embedder, store });
    const plain = await ingest(handbook(), { chunker, embedder, store, enricher: false });
    expect(plain.written).toBe(2);
    const [record] = await store.get([chunker(handbook()[0] as SourceDocument)[0]?.id as string]);
    expect(record?.context).toBeUndefined();
    const coarser = await ingest(handbook(), {
      chunker: (document) => chunkMarkdown(document, { maxTokens: 100 }),
      embedder,
      store,
      enricher: false,
    });
    expect(coarser).toMatchObject({ written: 2, chunks: 2 });
    expect(await idsOf(store)).toHaveLength(2);
  });

  it('reads async iterables, batches within the provider limits, and retries retryable failures', async () => {
    let failures = 0;
    const { provider, store, embedder } = setUp(async (_request, index, next) => {
      if (index === 1 && failures === 0) {
        failures++;
        throw new ProviderError({
          code: 'rate_limited',
          provider: 'wrapped-fake',
          status: 429,
          retryable: true,
          retryAfterMs: 0,
          message: 'slow down',
        });
      }
      return next();
    });
    async function* documents() {
      for (let index = 0; index < 5; index++) {
        yield { id: `doc-${index}`, text: `First part ${index}.\n\nSecond part ${index}.` };
      }
    }
    const summary = await ingest(documents(), {
      chunker: (document) => chunkMarkdown(document, { maxTokens: 5 }),
      embedder,
      store,
      enricher: false,
      batchSize: 3,
      concurrency: 1,
      retry: { initialBackoffMs: 0 },
    });
    expect(summary).toMatchObject({ written: 5, chunks: 10 });
    expect(failures).toBe(1);
    expect(provider.fake.calls.map((call) => call.values.length)).toEqual([2, 2, 2, 2, 2]);
    expect(summary.embeddingCalls).toBe(5);
    expect(provider.callCount).toBe(6);
  });

  it('keeps each call under the provider’s token limit', async () => {
    const provider = wrappedEmbedder({ dimensions: DIMENSIONS, maxTokensPerCall: 20 });
    const store = inMemoryVectorStore({ dimensions: DIMENSIONS });
    const text = Array.from({ length: 6 }, (_, index) => `Paragraph ${index} has some words.`).join(
      '\n\n',
    );
    await ingest([{ id: 'long', text }], {
      chunker: (document) => chunkMarkdown(document, { maxTokens: 9 }),
      embedder: { provider, model: 'fake' },
      store,
      enricher: false,
    });
    // Each chunk (a paragraph) is 7 tokens by the estimate: two per call.
    expect(provider.fake.calls.map((call) => call.values.length)).toEqual([2, 2, 2]);
  });

  it('a failed batch leaves the store as it was for that batch; earlier batches stay', async () => {
    const { store, embedder } = setUp(async (_request, index, next) => {
      if (index === 1) {
        throw new ProviderError({
          code: 'bad_request',
          provider: 'wrapped-fake',
          status: 400,
          retryable: false,
          message: 'no',
        });
      }
      return next();
    });
    const documents = handbook().slice(0, 2);
    await expect(
      ingest(documents, { chunker, embedder, store, batchSize: 2, concurrency: 1 }),
    ).rejects.toMatchObject({ code: 'bad_request' });
    expect(await store.documents(['returns', 'shipping'])).toEqual([
      expect.objectContaining({ id: 'returns', records: 2 }),
    ]);
  });

  it('rejects an embedder returning the wrong number or length of vectors, writing nothing', async () => {
    const short = setUp(async (_request, _index, next) => {
      const result = await next();
      return { ...result, embeddings: result.embeddings.slice(1) };
    });
    const error = await ingest(handbook(), {
      chunker,
      embedder: short.embedder,
      store: short.store,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).argument).toBe('options.embedder');
    expect((error as Error).message).toMatch(/returned 3 vectors for 4 texts/);
    const narrow = setUp(async (_request, _index, next) => {
      const result = await next();
      return { ...result, embeddings: result.embeddings.map((vector) => vector.slice(1)) };
    });
    await expect(
      ingest(handbook(), { chunker, embedder: narrow.embedder, store: narrow.store }),
    ).rejects.toMatchObject({
      argument: 'options.embedder',
    });
    expect(await idsOf(narrow.store)).toEqual([]);
  });

  it('rejects a store of another length or holding another model’s vectors', async () => {
    const { provider, store } = setUp();
    await expect(
      ingest(handbook(), {
        chunker,
        embedder: { provider, model: 'fake', dimensions: 16 },
        store,
      }),
    ).rejects.toMatchObject({ argument: 'options.store' });
    await ingest(handbook(), { chunker, embedder: { provider, model: 'model-a' }, store });
    const error = await ingest(handbook(), {
      chunker,
      embedder: { provider, model: 'model-b' },
      store,
    }).catch((e: unknown) => e);
    expect((error as ValidationError).argument).toBe('options.store');
    expect((error as Error).message).toMatch(/"model-a"/);
  });

  it('rejects a document id seen twice, and bad documents, naming them', async () => {
    const { store, embedder } = setUp();
    const twice = [...handbook(), { id: 'returns', text: 'again' }];
    await expect(ingest(twice, { chunker, embedder, store })).rejects.toMatchObject({
      argument: 'documents[3].id',
    });
    await expect(
      ingest([{ id: 'x', text: 3 } as never], { chunker, embedder, store }),
    ).rejects.toMatchObject({ argument: 'documents[0].text' });
    await expect(ingest('text' as never, { chunker, embedder, store })).rejects.toMatchObject({
      argument: 'documents',
    });
  });

  it.each<[string, object, string]>([
    ['no chunker', { chunker: undefined }, 'options.chunker'],
    ['an unknown option', { chunkSize: 3 }, 'options.chunkSize'],
    ['batchSize over the provider limit', { batchSize: 1000 }, 'options.batchSize'],
    ['concurrency 0', { concurrency: 0 }, 'options.concurrency'],
    ['a bad enricher', { enricher: {} }, 'options.enricher'],
    ['a negative retry', { retry: { maxRetries: -1 } }, 'options.retry.maxRetries'],
    ['no store', { store: {} }, 'options.store'],
    ['no embedder', { embedder: undefined }, 'options.embedder'],
  ])('rejects %s', async (_label, override, argument) => {
    const { store, embedder } = setUp();
    await expect(
      ingest(handbook(), { chunker, embedder, store, ...override } as never),
    ).rejects.toMatchObject({ argument });
  });

  it('stops at an aborted signal', async () => {
    const { store, embedder } = setUp();
    const controller = new AbortController();
    controller.abort();
    await expect(
      ingest(handbook(), { chunker, embedder, store, signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(await idsOf(store)).toEqual([]);
  });
});
