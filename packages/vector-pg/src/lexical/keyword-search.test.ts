// The keyword index and the hybrid search on both backends: the real PostgreSQL server (exact
// vectors) and PGlite with pgvector (HNSW). The hybrid statement's fusion is checked against the
// reference, `fuseRankings` of @aigo/ai over the store's own `query` and `search`.
import {
  checkFusion,
  type Fusion,
  fuseRankings,
  type MetadataFilter,
  ValidationError,
  type VectorRecord,
} from '@aigo/ai';
import { createFakeEmbedder } from '@aigo/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PgliteVector, startPgliteVector } from '../../test/support/pglite-vector.js';
import { database, dropSchema, freshSchema } from '../../test/support/real-database.js';
import { pgVectorStore } from '../pg-vector-store.js';
import type { PgVectorStore, PgVectorStoreOptions } from '../pg-vector-store-options.js';

const DIMENSIONS = 64;
const embedder = createFakeEmbedder({ dimensions: DIMENSIONS });
const settings = { provider: embedder, model: 'fake-embed' };

const TEXTS: [string, string, string][] = [
  [
    'refund-window',
    'billing',
    'Refunds are paid within 14 days of the return reaching our warehouse.',
  ],
  [
    'refund-card',
    'billing',
    'A refund goes back to the card you paid with; bank transfers take longer.',
  ],
  ['invoice', 'billing', 'Invoices are emailed as PDF when the order ships.'],
  ['error-e1042', 'support', 'Error E1042 means the battery pack is too cold to charge.'],
  ['battery-care', 'support', 'Keep the battery pack between 5 and 35 degrees to make it last.'],
  ['shipping-eu', 'logistics', 'Shipping inside the EU takes 3 to 5 working days.'],
  ['shipping-world', 'logistics', 'Worldwide shipping takes up to 3 weeks; customs may add fees.'],
  [
    'returns',
    'logistics',
    'Returns are accepted within 30 days; print the label from your account.',
  ],
  ['warranty', 'support', 'The warranty covers the battery pack for two years.'],
  ['app', 'support', 'Pair the charger with the app over Bluetooth to read its charge level.'],
  ['store-hours', 'shop', 'Our shop in Milan is open from 9 to 18, Monday to Saturday.'],
  ['gift', 'shop', 'Gift cards never expire and can pay for shipping too.'],
];

const RECORDS: VectorRecord[] = TEXTS.map(([id, topic, text], index) => ({
  id,
  text,
  vector: embedder.vectorOf(text),
  metadata: { topic, order: index },
  document: { id: `doc-${topic}`, title: `Handbook: ${topic}` },
  position: index,
  context: `Handbook > ${topic}`,
  model: 'fake-embed',
}));

interface Backend {
  readonly name: string;
  start(): Promise<{ url: string; stop(): Promise<void> }>;
  readonly index: 'exact' | 'hnsw';
  readonly poolSize?: number;
}

const BACKENDS: Backend[] = [
  {
    name: 'the real server (exact vectors)',
    index: 'exact',
    start: async () => ({ url: database.url, stop: async () => undefined }),
  },
  {
    name: 'PGlite with pgvector (HNSW)',
    index: 'hnsw',
    poolSize: 1,
    start: async () => {
      const server: PgliteVector = await startPgliteVector();
      return server;
    },
  },
];

describe.each(BACKENDS)('keyword and hybrid search on $name', (backend) => {
  let server: { url: string; stop(): Promise<void> };
  const schemas: string[] = [];
  const stores: PgVectorStore[] = [];
  let store: PgVectorStore;

  const open = (options: Partial<PgVectorStoreOptions> = {}): PgVectorStore => {
    const made = pgVectorStore({
      connectionString: server.url,
      dimensions: DIMENSIONS,
      index: backend.index,
      embedder: settings,
      ...(backend.poolSize === undefined ? {} : { poolSize: backend.poolSize }),
      ...options,
    });
    stores.push(made);
    return made;
  };
  const schema = (): string => {
    const name = freshSchema();
    schemas.push(name);
    return name;
  };

  beforeAll(async () => {
    server = await backend.start();
    store = open({ schema: schema(), lexical: { language: 'english' } });
    await store.upsert(RECORDS);
  });
  afterAll(async () => {
    for (const made of stores) await made.close();
    if (backend.index === 'exact') for (const name of schemas) await dropSchema(name);
    await server.stop();
  });

  it('finds chunks by their words, stemmed, best first, with the record fields', async () => {
    const matches = await store.search('refunds paid');
    expect(matches[0]).toMatchObject({
      id: 'refund-window',
      text: TEXTS[0]?.[2],
      metadata: { topic: 'billing', order: 0 },
      document: { id: 'doc-billing', title: 'Handbook: billing' },
      position: 0,
      context: 'Handbook > billing',
    });
    expect(matches[0]?.score).toBeGreaterThan(0);
    // "all" (the default): every word; the two words side by side rank above them apart.
    expect(matches.map((match) => match.id)).toEqual(['refund-window', 'refund-card']);
    expect(await store.search('refunds warehouse')).toHaveLength(1);
    const exact = await store.search('E1042');
    expect(exact.map((match) => match.id)).toEqual(['error-e1042']);
    const phrase = await store.search('"battery pack" -warranty');
    expect(phrase.map((match) => match.id).sort()).toEqual(['battery-care', 'error-e1042']);
  });

  it('searches the context too, weighted below the text', async () => {
    const byContext = await store.search('logistics', { k: 5 });
    expect(byContext.map((match) => match.id).sort()).toEqual([
      'returns',
      'shipping-eu',
      'shipping-world',
    ]);
  });

  it('keeps k and the filter, and ties by id', async () => {
    const all = await store.search('shipping', { k: 10 });
    // "ships" and "shipping" share a stem; one occurrence each: equal scores, ordered by id.
    expect(all.map((match) => match.id)).toEqual([
      'gift',
      'invoice',
      'shipping-eu',
      'shipping-world',
    ]);
    const one = await store.search('shipping', { k: 1 });
    expect(one).toHaveLength(1);
    const filtered = await store.search('shipping', { filter: { topic: 'logistics' } });
    expect(filtered.map((match) => match.id)).toEqual(['shipping-eu', 'shipping-world']);
  });

  it('finds nothing for a query of stop words only, or of exclusions only', async () => {
    expect(await store.search('the and of which')).toEqual([]);
    expect(await store.search('-shipping')).toEqual([]);
  });

  it('refuses an empty query and a bad k, and a store without lexical', async () => {
    await expect(store.search('  ')).rejects.toThrow(ValidationError);
    await expect(store.search('refunds', { k: 0 })).rejects.toMatchObject({
      argument: 'options.k',
    });
    const plain = open({ schema: schema() });
    await expect(plain.search('refunds')).rejects.toMatchObject({ argument: 'options.lexical' });
    await expect(plain.hybridSearch({ text: 'refunds' })).rejects.toMatchObject({
      argument: 'options.lexical',
    });
  });

  it('with match "any", finds chunks holding any word of a question', async () => {
    const any = open({
      schema: store.label.split('"')[1] as string,
      lexical: { language: 'english', match: 'any' },
    });
    const question = 'How long does a refund take to reach my card?';
    expect(await store.search(question)).toEqual([]);
    const found = await any.search(question, { k: 3 });
    expect(found[0]?.id).toBe('refund-card');
    expect(found.length).toBeGreaterThan(1);
  });

  const FUSIONS: Fusion[] = [
    { type: 'rrf' },
    { type: 'rrf', k: 1 },
    { type: 'weighted', weights: { semantic: 0.7, lexical: 0.3 } },
  ];
  const FILTERS: (MetadataFilter | undefined)[] = [
    undefined,
    { topic: { $in: ['billing', 'support'] } },
  ];

  it.each(FUSIONS.flatMap((fusion) => FILTERS.map((filter) => ({ fusion, filter }))))(
    'fuses both lists in SQL exactly as fuseRankings does ($fusion.type, filter $filter)',
    async ({ fusion, filter }) => {
      const text = 'battery pack charge';
      const vector = embedder.vectorOf(text);
      const candidates = 6;
      const result = await store.hybridSearch(
        { text, vector },
        { k: 8, candidates, fusion, ...(filter === undefined ? {} : { filter }) },
      );
      const semantic = await store.query(vector, {
        topK: candidates,
        ...(filter === undefined ? {} : { filter }),
      });
      const lexical = await store.search(text, {
        k: candidates,
        ...(filter === undefined ? {} : { filter }),
      });
      const expected = fuseRankings(semantic, lexical, checkFusion(fusion), 8);
      expect(result.matches.map((match) => match.id)).toEqual(expected.map((entry) => entry.id));
      result.matches.forEach((match, index) => {
        const reference = expected[index];
        expect(match.score).toBe(reference?.fused);
        expect(match.scores).toEqual({
          ...(reference?.semantic === undefined ? {} : { semantic: reference.semantic.score }),
          ...(reference?.lexical === undefined ? {} : { lexical: reference.lexical.score }),
          fused: reference?.fused,
        });
        expect(match.ranks).toEqual({
          ...(reference?.semantic === undefined ? {} : { semantic: reference.semantic.rank }),
          ...(reference?.lexical === undefined ? {} : { lexical: reference.lexical.rank }),
        });
        if (filter !== undefined) expect(['billing', 'support']).toContain(match.metadata.topic);
      });
      expect(result.candidates).toEqual({ semantic: semantic.length, lexical: lexical.length });
      expect(result.matches.some((match) => match.scores.lexical !== undefined)).toBe(true);
      expect(result.matches.some((match) => match.scores.semantic !== undefined)).toBe(true);
    },
  );

  it('puts a chunk first in both lists first', async () => {
    const text = 'Error E1042 means the battery pack is too cold to charge.';
    const result = await store.hybridSearch({ text, vector: embedder.vectorOf(text) }, { k: 3 });
    expect(result.matches[0]).toMatchObject({
      id: 'error-e1042',
      ranks: { semantic: 1, lexical: 1 },
    });
  });

  it('still works when the keyword side finds nothing (stop words), embedding the text itself', async () => {
    const result = await store.hybridSearch({ text: 'the of and' }, { k: 3 });
    expect(result.candidates.lexical).toBe(0);
    expect(result.matches).toHaveLength(3);
    expect(result.matches.every((match) => match.scores.lexical === undefined)).toBe(true);
    expect(embedder.calls.at(-1)).toMatchObject({ values: ['the of and'], purpose: 'query' });
  });

  it('refuses bad hybrid input, naming it', async () => {
    const vector = embedder.vectorOf('x');
    await expect(store.hybridSearch({ text: '' })).rejects.toMatchObject({
      argument: 'query.text',
    });
    await expect(store.hybridSearch({ text: 'x', vector: [1, 2] })).rejects.toMatchObject({
      argument: 'query',
    });
    await expect(store.hybridSearch({ text: 'x', vector }, { k: 0 })).rejects.toMatchObject({
      argument: 'options.k',
    });
    await expect(
      store.hybridSearch(
        { text: 'x', vector },
        { fusion: { type: 'weighted', weights: { semantic: 1, lexical: 0 } } },
      ),
    ).rejects.toMatchObject({ argument: 'options.fusion.weights.lexical' });
    await expect(
      store.hybridSearch({ text: 'x', vector }, { model: 'another-model' }),
    ).rejects.toMatchObject({ argument: 'options.model' });
  });
});

describe('the keyword column on the real server', () => {
  const schemas: string[] = [];
  afterAll(async () => {
    for (const name of schemas) await dropSchema(name);
  });
  const schema = (): string => {
    const name = freshSchema();
    schemas.push(name);
    return name;
  };

  it('is added to an existing table, and keeps the rows written before', async () => {
    const name = schema();
    const plain = pgVectorStore({
      connectionString: database.url,
      dimensions: DIMENSIONS,
      index: 'exact',
      schema: name,
    });
    await plain.upsert(RECORDS.slice(0, 3));
    await plain.close();
    const keyed = pgVectorStore({
      connectionString: database.url,
      dimensions: DIMENSIONS,
      index: 'exact',
      schema: name,
      lexical: { language: 'english' },
    });
    try {
      expect((await keyed.search('invoices')).map((match) => match.id)).toEqual(['invoice']);
      await keyed.upsert([{ ...(RECORDS[3] as VectorRecord) }]);
      expect((await keyed.search('E1042')).map((match) => match.id)).toEqual(['error-e1042']);
      expect(await keyed.deleteDocument('doc-support')).toBe(1);
      expect(await keyed.search('E1042')).toEqual([]);
    } finally {
      await keyed.close();
    }
  });

  it('refuses another language than the column was made for, and one the server lacks', async () => {
    const name = schema();
    const english = pgVectorStore({
      connectionString: database.url,
      dimensions: DIMENSIONS,
      index: 'exact',
      schema: name,
      lexical: { language: 'english' },
    });
    await english.ready();
    await english.close();
    for (const language of ['italian', 'klingon']) {
      const other = pgVectorStore({
        connectionString: database.url,
        dimensions: DIMENSIONS,
        index: 'exact',
        schema: name,
        lexical: { language },
      });
      await expect(other.ready()).rejects.toMatchObject({ argument: 'options.lexical.language' });
      await other.close();
    }
  });

  it('rejects bad lexical options when the store is made', () => {
    for (const [lexical, argument] of [
      [{ language: 'Eng lish' }, 'options.lexical.language'],
      [{}, 'options.lexical.language'],
      [{ language: 'english', match: 'some' }, 'options.lexical.match'],
      [{ language: 'english', stemmer: true }, 'options.lexical.stemmer'],
      ['english', 'options.lexical'],
    ] as const) {
      expect(() =>
        pgVectorStore({ connectionString: database.url, dimensions: 3, lexical } as never),
      ).toThrow(expect.objectContaining({ argument }));
    }
    expect(() =>
      pgVectorStore({ connectionString: database.url, dimensions: 3, lexicl: {} } as never),
    ).toThrow(expect.objectContaining({ argument: 'options.lexicl' }));
  });

  it('runs a hybrid search as one SQL statement', async () => {
    const store = pgVectorStore({
      connectionString: database.url,
      dimensions: DIMENSIONS,
      index: 'exact',
      schema: schema(),
      lexical: { language: 'english' },
    });
    try {
      await store.upsert(RECORDS);
      const spy = vi.spyOn(pg.Client.prototype, 'query');
      const before = spy.mock.calls.length;
      const text = 'battery';
      const result = await store.hybridSearch({ text, vector: embedder.vectorOf(text) }, { k: 4 });
      const calls = spy.mock.calls.slice(before);
      spy.mockRestore();
      expect(result.matches).toHaveLength(4);
      expect(calls).toHaveLength(1);
      expect(String(calls[0]?.[0])).toContain('FULL JOIN lexical');
    } finally {
      await store.close();
    }
  });
});
