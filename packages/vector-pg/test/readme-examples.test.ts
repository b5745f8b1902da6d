// The README's example, run as written there, with the fake embedder of @aigo/testing in place of
// openai() (and 64 dimensions), in a schema of its own on the run's real server.
import { createFakeEmbedder } from '@aigo/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { pgVectorStore } from '../src/index.js';
import { database, dropSchema, freshSchema } from './support/real-database.js';

const schema = freshSchema();
afterAll(() => dropSchema(schema));

describe('README examples', () => {
  it('stores texts with an embedder and finds the closest one under a filter', async () => {
    const provider = createFakeEmbedder({ dimensions: 64 });
    const store = pgVectorStore({
      connectionString: database.url,
      dimensions: 64,
      embedder: { provider, model: 'fake' },
      schema,
    });

    await store.upsert([
      {
        id: 'returns',
        text: 'Returns are accepted within 30 days.',
        metadata: { topic: 'returns' },
      },
      { id: 'hours', text: 'The shop is open from 9 to 18.', metadata: { topic: 'shop' } },
    ]);
    const [best] = await store.query('How long can I return things?', {
      topK: 3,
      filter: { topic: 'returns' },
    });
    expect(best?.id).toBe('returns');
    expect(await store.ready()).toBe('exact'); // this server has no pgvector

    await store.close();
  });
});
