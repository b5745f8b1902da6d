import assert from 'node:assert/strict';
import {
  AbortError,
  type MetadataFilter,
  matchesMetadataFilter,
  parseMetadataFilter,
  ValidationError,
  type VectorMatch,
  type VectorMetric,
  type VectorRecord,
  type VectorStore,
  vectorScore,
} from '@aigo/ai';
import { createFakeEmbedder } from '../../fake/fake-embedder.js';
import type { ConformanceCheck } from '../conformance-check.js';
import { expectRejection } from '../expect-rejection.js';
import { vectorDocumentChecks } from './vector-document-checks.js';
import { fixtureRecords, seededVectors } from './vector-fixtures.js';
import type {
  MakeVectorStoreOptions,
  VectorStoreConformanceOptions,
} from './vector-store-options.js';

const DIMENSIONS = 8;
const ALL_METRICS: readonly VectorMetric[] = ['cosine', 'inner_product', 'l2'];

/** The filters whose results are compared with the reference semantics of `@aigo/ai`. */
export const CONFORMANCE_FILTERS: readonly MetadataFilter[] = [
  { topic: 'billing' },
  { 'author.name': 'Ada', pinned: true },
  { author: { langs: ['en', 'it'], name: 'Ada' } },
  { year: { $gte: 2018, $lt: 2021 } },
  { score: { $gt: 0.5 } },
  { topic: { $in: ['sales', 'legal'] } },
  { topic: { $nin: ['sales', 'legal'] } },
  { topic: { $ne: 'billing' } },
  { note: null },
  { note: { $exists: true } },
  { extra: { $exists: false } },
  { extra: { $ne: 'yes' } },
  { $or: [{ topic: 'legal' }, { year: 2015 }] },
  { $and: [{ pinned: false }, { $or: [{ 'author.name': 'Grace' }, { score: { $lte: 0.3 } }] }] },
  { topic: { $gt: 1 } },
  { missing: 'x' },
];

/** The reference answer: every record scored by brute force, filtered, ranked (ties by id). */
export function bruteForce(
  records: readonly VectorRecord[],
  query: readonly number[],
  metric: VectorMetric,
  topK: number,
  filter?: MetadataFilter,
): { id: string; score: number }[] {
  const node = parseMetadataFilter(filter);
  return records
    .filter((record) => matchesMetadataFilter(record.metadata ?? {}, node))
    .map((record) => ({
      id: record.id,
      score: vectorScore(metric, query, record.vector as number[]),
    }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .slice(0, topK);
}

function close(actual: number, expected: number, tolerance: number, what: string): void {
  const bound = tolerance * Math.max(1, Math.abs(expected)) * 10;
  assert.ok(
    Math.abs(actual - expected) <= bound,
    `${what}: ${actual} is not ${expected} (±${bound})`,
  );
}

function sameRanking(
  actual: readonly VectorMatch[],
  expected: readonly { id: string; score: number }[],
  tolerance: number,
  what: string,
): void {
  assert.deepEqual(
    actual.map((match) => match.id),
    expected.map((match) => match.id),
    `${what}: ids in rank order`,
  );
  actual.forEach((match, index) => {
    close(
      match.score,
      (expected[index] as { score: number }).score,
      tolerance,
      `${what}: score of ${match.id}`,
    );
  });
}

/**
 * The checks every `VectorStore` must pass, for other runners (see `vectorStoreConformance`).
 */
export function vectorStoreConformanceChecks(
  options: VectorStoreConformanceOptions,
): ConformanceCheck[] {
  const tolerance = options.tolerance ?? 1e-6;
  const metrics = options.metrics ?? ALL_METRICS;
  const opened: VectorStore[] = [];
  const make = async (settings: MakeVectorStoreOptions): Promise<VectorStore> => {
    const store = await options.makeStore(settings);
    opened.push(store);
    return store;
  };
  const withStore =
    (run: (store: VectorStore) => Promise<void>, settings?: Partial<MakeVectorStoreOptions>) =>
    async () => {
      try {
        await run(await make({ dimensions: DIMENSIONS, metric: 'cosine', ...settings }));
      } finally {
        await Promise.all(opened.splice(0).map((store) => store.close()));
      }
    };
  const records = fixtureRecords(40, DIMENSIONS, 7);
  const queries = seededVectors(3, DIMENSIONS, 99);

  const checks: ConformanceCheck[] = [
    {
      name: 'keeps records: get returns vector, text and metadata as written',
      run: withStore(async (store) => {
        assert.equal(store.dimensions, DIMENSIONS);
        await store.upsert(records.slice(0, 5));
        const got = await store.get(['r003', 'r001', 'nope', 'r000']);
        assert.deepEqual(
          got.map((record) => record.id),
          ['r003', 'r001', 'r000'],
          'in the order of ids, unknown left out',
        );
        for (const record of got) {
          const written = records.find((item) => item.id === record.id) as VectorRecord;
          assert.equal(record.text, written.text);
          assert.deepEqual(record.metadata, written.metadata);
          record.vector.forEach((value, index) => {
            close(
              value,
              (written.vector as number[])[index] as number,
              tolerance,
              `${record.id}.vector[${index}]`,
            );
          });
        }
      }),
    },
    {
      name: 'upsert replaces a record with the same id',
      run: withStore(async (store) => {
        await store.upsert(records.slice(0, 3));
        const replacement: VectorRecord = {
          id: 'r001',
          vector: records[10]?.vector as number[],
          metadata: { topic: 'new' },
        };
        await store.upsert([replacement]);
        const [record] = await store.get(['r001']);
        assert.equal(record?.text, undefined, 'a replaced record keeps nothing of the old one');
        assert.deepEqual(record?.metadata, { topic: 'new' });
        const matches = await store.query(replacement.vector as number[], { topK: 1 });
        assert.equal(matches[0]?.id, 'r001');
        assert.equal(
          (await store.query(replacement.vector as number[], { topK: 10 })).length,
          3,
          'still three records',
        );
      }),
    },
    {
      name: 'delete removes by id and counts what it removed',
      run: withStore(async (store) => {
        await store.upsert(records.slice(0, 5));
        assert.equal(await store.delete(['r000', 'r002', 'nope']), 2);
        assert.equal(await store.delete([]), 0);
        const left = await store.query(queries[0] as number[], { topK: 10 });
        assert.deepEqual(left.map((match) => match.id).sort(), ['r001', 'r003', 'r004']);
      }),
    },
    {
      name: 'topK and minScore bound the matches',
      run: withStore(async (store) => {
        await store.upsert(records);
        const query = queries[1] as number[];
        const expected = bruteForce(records, query, 'cosine', 40);
        assert.equal((await store.query(query, { topK: 3 })).length, 3);
        assert.equal((await store.query(query)).length, 10, 'topK defaults to 10');
        // Halfway between the 6th and 7th scores: stores that keep 4-byte floats score a little off.
        const threshold =
          ((expected[5] as { score: number }).score + (expected[6] as { score: number }).score) / 2;
        const above = await store.query(query, { topK: 40, minScore: threshold });
        assert.deepEqual(
          above.map((match) => match.id),
          expected.slice(0, 6).map((match) => match.id),
        );
        assert.deepEqual(
          await store.query(query, { minScore: 1.5 }),
          [],
          'no cosine similarity exceeds 1',
        );
      }),
    },
    {
      name: 'filters by metadata exactly as the reference semantics',
      run: withStore(async (store) => {
        await store.upsert(records);
        const query = queries[2] as number[];
        for (const filter of CONFORMANCE_FILTERS) {
          const actual = await store.query(query, { topK: 40, filter });
          sameRanking(
            actual,
            bruteForce(records, query, 'cosine', 40, filter),
            tolerance,
            `filter ${JSON.stringify(filter)}`,
          );
        }
        for (const match of await store.query(query, { topK: 1 })) {
          const written = records.find((record) => record.id === match.id) as VectorRecord;
          assert.equal(match.text, written.text, 'matches carry the text');
          assert.deepEqual(match.metadata, written.metadata, 'matches carry the metadata');
        }
      }),
    },
    {
      name: 'rejects bad input with a ValidationError naming it, and writes nothing',
      run: withStore(async (store) => {
        const cases: [() => Promise<unknown>, string][] = [
          [
            () => store.upsert([records[0] as VectorRecord, { id: 'x', vector: [1, 2] }]),
            'records[1].vector',
          ],
          [
            () => store.upsert([{ id: '', vector: records[0]?.vector as number[] }]),
            'records[0].id',
          ],
          [() => store.upsert([{ id: 't', text: 'no vector' }]), 'records[0].vector'],
          [() => store.query([1, 2, 3]), 'query'],
          [() => store.query('a text', { topK: 3 }), 'query'],
          [() => store.query(queries[0] as number[], { topK: 0 }), 'options.topK'],
          [
            () => store.query(queries[0] as number[], { filter: { year: { $near: 1 } } as never }),
            'options.filter.year.$near',
          ],
          [() => store.delete(['a', 1] as never), 'ids[1]'],
        ];
        for (const [action, argument] of cases) {
          const error = await expectRejection(
            action,
            (e) => ValidationError.isInstance(e),
            argument,
          );
          assert.equal((error as ValidationError).argument, argument);
        }
        assert.deepEqual(await store.get(['r000']), [], 'the rejected upsert wrote nothing');
      }),
    },
    {
      name: 'rejects with an AbortError when the signal has fired',
      run: withStore(async (store) => {
        const controller = new AbortController();
        controller.abort();
        const signal = controller.signal;
        await expectRejection(
          () => store.upsert(records.slice(0, 1), { signal }),
          (e) => AbortError.isInstance(e),
          'upsert',
        );
        await expectRejection(
          () => store.query(queries[0] as number[], { signal }),
          (e) => AbortError.isInstance(e),
          'query',
        );
        await expectRejection(
          () => store.delete(['r000'], { signal }),
          (e) => AbortError.isInstance(e),
          'delete',
        );
        assert.deepEqual(await store.get(['r000']), [], 'the aborted upsert wrote nothing');
      }),
    },
  ];

  for (const metric of metrics) {
    checks.push({
      name: `ranks like brute force under ${metric}`,
      run: withStore(
        async (store) => {
          assert.equal(store.metric, metric);
          await store.upsert(records);
          for (const query of queries) {
            sameRanking(
              await store.query(query, { topK: 10 }),
              bruteForce(records, query, metric, 10),
              tolerance,
              metric,
            );
          }
        },
        { metric },
      ),
    });
  }

  const embedder = createFakeEmbedder({ dimensions: 64 });
  checks.push({
    name: 'with an embedder: embeds texts to store (as documents) and text queries (as queries)',
    run: withStore(
      async (store) => {
        await store.upsert([
          { id: 'pg', text: 'PostgreSQL stores vectors with pgvector' },
          { id: 'rome', text: 'Rome is the capital of Italy', metadata: { kind: 'city' } },
          { id: 'given', vector: embedder.vectorOf('zebras gallop'), text: 'zebras gallop' },
        ]);
        const purposes = embedder.calls.map((call) => call.purpose);
        assert.ok(purposes.includes('document'), 'texts are embedded as documents');
        const [best] = await store.query('what is the capital of Italy', { topK: 1 });
        assert.equal(best?.id, 'rome');
        assert.equal(
          embedder.calls.at(-1)?.purpose,
          'query',
          'a text query is embedded as a query',
        );
        assert.equal(
          (await store.query('zebras', { topK: 1 }))[0]?.id,
          'given',
          'a given vector is kept',
        );
      },
      { dimensions: 64, embedder: { provider: embedder, model: 'fake' } },
    ),
  });
  checks.push(...vectorDocumentChecks(options));
  return checks;
}
