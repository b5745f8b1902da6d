// The idempotent-ingestion scenario both PostgreSQL suites run (the real server's exact mode, and
// PGlite with pgvector): the package's fixtures ingested, ingested again (nothing embedded), one
// edited (exactly its chunks replaced), a batch that fails (the store as it was), one deleted.
import { readFileSync } from 'node:fs';
import { ProviderError, type VectorStore } from '@aigo/ai';
import { expect } from 'vitest';
import {
  type Chunk,
  chunkHtml,
  chunkMarkdown,
  type IngestOptions,
  ingest,
  type SourceDocument,
} from '../../src/index.js';
import { wrappedEmbedder } from './wrapped-embedder.js';

export const DIMENSIONS = 64;

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

function documents(edited: boolean): SourceDocument[] {
  const page = fixture('support-returns.html');
  return [
    { id: 'aigo-readme', title: 'aigo', source: 'README.md', text: fixture('aigo-readme.md') },
    { id: 'openai-readme', title: '@aigo/openai', text: fixture('openai-readme.md') },
    {
      id: 'support-returns',
      title: 'Returns, refunds and warranty',
      source: 'https://support.northwind-robotics.example/returns/',
      metadata: { kind: 'support' },
      text: edited ? page.replace('within <em>30 days</em>', 'within <em>45 days</em>') : page,
    },
    { id: 'empty', text: '' },
  ];
}

const chunker = (document: SourceDocument): Chunk[] =>
  document.id.endsWith('returns')
    ? chunkHtml(document, { maxTokens: 200 })
    : chunkMarkdown(document, { maxTokens: 300 });

/** Runs the scenario on an empty store of {@link DIMENSIONS}; `count` counts its records. */
export async function idempotentIngestion(
  store: VectorStore,
  count: () => Promise<number>,
): Promise<void> {
  let failNext = false;
  const provider = wrappedEmbedder({ dimensions: DIMENSIONS }, async (_request, _index, next) => {
    if (failNext) {
      throw new ProviderError({
        code: 'bad_request',
        provider: 'wrapped-fake',
        status: 400,
        retryable: false,
        message: 'refused by the test',
      });
    }
    return next();
  });
  const options: IngestOptions = {
    chunker,
    embedder: { provider, model: 'fake-embedding' },
    store,
    batchSize: 32,
  };
  const chunksOf = (document: SourceDocument) => chunker(document).map((chunk) => chunk.id);
  const [readme, openaiReadme, page] = documents(false) as [
    SourceDocument,
    SourceDocument,
    SourceDocument,
  ];

  // 1. Everything is written, the empty document counted.
  const first = await ingest(documents(false), options);
  const total = chunksOf(readme).length + chunksOf(openaiReadme).length + chunksOf(page).length;
  expect(first).toMatchObject({ written: 3, empty: 1, unchanged: 0, chunks: total });
  expect(await count()).toBe(total);
  const embeddedOnce = provider.embedded.length;
  expect(embeddedOnce).toBe(total);

  // 2. Again: nothing embedded, nothing written.
  const second = await ingest(documents(false), options);
  expect(second).toMatchObject({ written: 0, unchanged: 3, empty: 1, chunks: 0 });
  expect(provider.embedded.length).toBe(embeddedOnce);

  // 3. The page edited: exactly its chunks replaced, the others untouched.
  const [, , editedPage] = documents(true) as [SourceDocument, SourceDocument, SourceDocument];
  const before = await store.get(chunksOf(readme));
  const third = await ingest(documents(true), options);
  expect(third).toMatchObject({ written: 1, unchanged: 2, chunks: chunksOf(editedPage).length });
  expect(provider.embedded.length).toBe(embeddedOnce + chunksOf(editedPage).length);
  const gone = chunksOf(page).filter((id) => !chunksOf(editedPage).includes(id));
  expect(gone.length).toBeGreaterThan(0);
  expect(await store.get(gone)).toEqual([]);
  const replaced = await store.get(chunksOf(editedPage));
  expect(replaced.map((record) => record.id)).toEqual(chunksOf(editedPage));
  expect(replaced.every((record) => record.document?.id === 'support-returns')).toBe(true);
  expect(replaced.some((record) => record.text?.includes('45 days'))).toBe(true);
  expect(await store.get(chunksOf(readme))).toEqual(before);
  expect(await count()).toBe(total - chunksOf(page).length + chunksOf(editedPage).length);

  // 4. A batch that fails writes nothing: the page back as it was first fails, and stays edited.
  failNext = true;
  await expect(ingest(documents(false), options)).rejects.toMatchObject({ code: 'bad_request' });
  failNext = false;
  expect((await store.documents(['support-returns']))[0]?.records).toBe(
    chunksOf(editedPage).length,
  );
  expect(await store.get(chunksOf(page).filter((id) => gone.includes(id)))).toEqual([]);

  // 5. A document deleted: its chunks and nothing else.
  expect(await store.deleteDocument('openai-readme')).toBe(chunksOf(openaiReadme).length);
  expect(await store.documents(['aigo-readme', 'openai-readme', 'support-returns'])).toEqual([
    expect.objectContaining({ id: 'aigo-readme', model: 'fake-embedding' }),
    expect.objectContaining({ id: 'support-returns', model: 'fake-embedding' }),
  ]);
}
