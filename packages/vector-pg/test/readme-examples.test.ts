// The README's example, run as written there, with the fake embedder of @aigo/testing in place of
// openai() (and 64 dimensions), in a schema of its own on the run's real server.
import { createFakeEmbedder } from '@aigo/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { pgVectorStore } from '../src/index.js';
import { database, dropSchema, freshSchema } from './support/real-database.js';

const schema = freshSchema();
const keywordSchema = freshSchema();
afterAll(async () => {
  await dropSchema(schema);
  await dropSchema(keywordSchema);
});

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

  it('searches by keywords and both ways at once', async () => {
    const provider = createFakeEmbedder({ dimensions: 64 });
    const store = pgVectorStore({
      connectionString: database.url,
      dimensions: 64,
      embedder: { provider, model: 'fake' },
      lexical: { language: 'english' },
      schema: keywordSchema,
    });
    await store.upsert([
      {
        id: 'e1042',
        text: 'Error E1042 means the battery is too cold to charge.',
        metadata: { topic: 'support' },
      },
      { id: 'hours', text: 'The shop is open from 9 to 18.', metadata: { topic: 'shop' } },
    ]);
    const byWords = await store.search('error E1042', { k: 5, filter: { topic: 'support' } });
    expect(byWords.map((match) => match.id)).toEqual(['e1042']);
    const { matches } = await store.hybridSearch(
      { text: 'What does error E1042 mean?' },
      { k: 5, candidates: 40, fusion: { type: 'rrf', k: 60 } },
    );
    expect(matches[0]?.id).toBe('e1042');
    expect(matches[0]?.scores).toEqual({
      semantic: expect.any(Number),
      lexical: expect.any(Number),
      fused: matches[0]?.score,
    });
    await store.close();
  });
});
