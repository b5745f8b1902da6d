// Idempotent ingestion into @aigo/vector-pg's exact mode on the real PostgreSQL server of the run
// (test/global-setup.ts): DATABASE_URL, else a scratch cluster.
import { dropTestSchema, uniqueSchemaName } from '@aigo/pg/testing';
import { testDatabase } from '@aigo/pg/testing/vitest';
import { createFakeEmbedder } from '@aigo/testing';
import { pgVectorStore } from '@aigo/vector-pg';
import { afterAll, expect, it } from 'vitest';
import { chunkMarkdown, createRetriever, ingest } from '../src/index.js';
import { DIMENSIONS, idempotentIngestion } from './support/ingestion-scenario.js';

const database = testDatabase();
const schemas: string[] = [];

afterAll(async () => {
  for (const schema of schemas) await dropTestSchema(database.url, schema);
});

function store() {
  const schema = uniqueSchemaName('r');
  schemas.push(schema);
  return pgVectorStore({
    connectionString: database.url,
    dimensions: DIMENSIONS,
    index: 'exact',
    schema,
    poolSize: 2,
  });
}

it('ingests idempotently: the second run embeds nothing, an edit replaces exactly its chunks', async () => {
  const vectors = store();
  try {
    await idempotentIngestion(vectors, () => vectors.count());
  } finally {
    await vectors.close();
  }
});

it('retrieves ingested chunks with their document and context, and refuses another model', async () => {
  const vectors = store();
  try {
    const embedder = { provider: createFakeEmbedder({ dimensions: DIMENSIONS }), model: 'fake-a' };
    await ingest(
      [
        {
          id: 'policy',
          title: 'Refund Policy',
          source: 'https://shop.example/refunds',
          text: '# Refund Policy\n\n## Deadline\n\nRefunds accepted within 30 days.\n\n## Method\n\nPaid back to the card used.',
        },
      ],
      {
        chunker: (document) => chunkMarkdown(document, { maxTokens: 12 }),
        embedder,
        store: vectors,
      },
    );
    const [best] = await createRetriever({ store: vectors, embedder }).retrieve(
      'refunds accepted within how many days',
    );
    expect(best).toMatchObject({
      text: '## Deadline\n\nRefunds accepted within 30 days.',
      context: 'Refund Policy > Deadline',
      document: { id: 'policy', title: 'Refund Policy', source: 'https://shop.example/refunds' },
      position: 0,
      stage: 'semantic',
    });
    expect(best?.scores.semantic).toBe(best?.score);
    await expect(
      createRetriever({ store: vectors, embedder: { ...embedder, model: 'fake-b' } }).retrieve(
        'refunds',
      ),
    ).rejects.toMatchObject({ argument: 'options.model' });
  } finally {
    await vectors.close();
  }
});
