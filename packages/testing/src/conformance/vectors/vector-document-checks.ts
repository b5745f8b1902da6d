import assert from 'node:assert/strict';
import {
  AbortError,
  type DocumentRecords,
  ValidationError,
  type VectorRecord,
  type VectorStore,
} from '@aigo/ai';
import { createFakeEmbedder } from '../../fake/fake-embedder.js';
import type { ConformanceCheck } from '../conformance-check.js';
import { expectRejection } from '../expect-rejection.js';
import { seededVectors } from './vector-fixtures.js';
import type {
  MakeVectorStoreOptions,
  VectorStoreConformanceOptions,
} from './vector-store-options.js';

const DIMENSIONS = 8;

/** `count` chunk records of document `documentId`, embedded by `model`, from a seed. */
function chunks(
  documentId: string,
  count: number,
  seed: number,
  model = 'model-a',
): VectorRecord[] {
  return seededVectors(count, DIMENSIONS, seed).map((vector, position) => ({
    id: `${documentId}#${position}`,
    vector,
    text: `chunk ${position} of ${documentId}`,
    metadata: { part: position },
    position,
    context: `${documentId} — section ${position}`,
    model,
  }));
}

function entry(id: string, version: string, records: VectorRecord[]): DocumentRecords {
  return {
    document: { id, title: `Title of ${id}`, source: `file:///${id}.md` },
    version,
    records,
  };
}

/** The ids a store holds, by a query that reaches every record. */
async function allIds(store: VectorStore, vector: readonly number[]): Promise<string[]> {
  return (await store.query(vector, { topK: 1000 })).map((match) => match.id).sort();
}

/**
 * The document checks every `VectorStore` must pass: `replaceDocuments` writes a document's
 * records with their document, position, context and model and replaces them all at once,
 * `documents()` reports versions, `deleteDocument` removes exactly one document, `models()` and a
 * query of another model, bad input and aborts.
 */
export function vectorDocumentChecks(options: VectorStoreConformanceOptions): ConformanceCheck[] {
  const opened: VectorStore[] = [];
  const withStore =
    (run: (store: VectorStore) => Promise<void>, settings?: Partial<MakeVectorStoreOptions>) =>
    async () => {
      try {
        const store = await options.makeStore({
          dimensions: DIMENSIONS,
          metric: 'cosine',
          ...settings,
        });
        opened.push(store);
        await run(store);
      } finally {
        await Promise.all(opened.splice(0).map((store) => store.close()));
      }
    };
  const [probe] = seededVectors(1, DIMENSIONS, 5) as [number[]];

  return [
    {
      name: 'documents: replaceDocuments keeps document, position, context and model; documents() reports them',
      run: withStore(async (store) => {
        await store.replaceDocuments([entry('a', 'v1', chunks('a', 3, 1)), entry('b', 'v1', [])]);
        const [record] = await store.get(['a#1']);
        assert.deepEqual(record?.document, {
          id: 'a',
          title: 'Title of a',
          source: 'file:///a.md',
        });
        assert.equal(record?.position, 1);
        assert.equal(record?.context, 'a — section 1');
        assert.equal(record?.model, 'model-a');
        assert.equal(record?.text, 'chunk 1 of a');
        const [match] = await store.query(chunks('a', 3, 1)[2]?.vector as number[], { topK: 1 });
        assert.equal(match?.id, 'a#2');
        assert.equal(match?.document?.id, 'a', 'matches carry their document');
        assert.equal(match?.position, 2);
        assert.equal(match?.context, 'a — section 2');
        assert.deepEqual(await store.documents(['b', 'a', 'nope']), [
          { id: 'a', version: 'v1', model: 'model-a', records: 3 },
        ]);
        assert.deepEqual(await store.models(), ['model-a']);
      }),
    },
    {
      name: 'documents: replacing a document replaces all its records and nothing else',
      run: withStore(async (store) => {
        await store.replaceDocuments([
          entry('a', 'v1', chunks('a', 4, 1)),
          entry('b', 'v1', chunks('b', 2, 2)),
        ]);
        await store.upsert([{ id: 'loose', vector: probe, text: 'no document' }]);
        await store.replaceDocuments([entry('a', 'v2', chunks('a', 2, 3))]);
        assert.deepEqual(await allIds(store, probe), ['a#0', 'a#1', 'b#0', 'b#1', 'loose']);
        const [a0] = await store.get(['a#0']);
        assert.deepEqual(
          a0?.vector.map((value) => Math.round(value * 1e4) / 1e4),
          chunks('a', 2, 3)[0]?.vector,
        );
        assert.deepEqual(
          (await store.documents(['a', 'b'])).map((found) => [found.id, found.version]),
          [
            ['a', 'v2'],
            ['b', 'v1'],
          ],
        );
        await store.replaceDocuments([entry('b', 'v2', [])]);
        assert.deepEqual(await store.documents(['b']), [], 'no records: the document is gone');
      }),
    },
    {
      name: 'documents: deleteDocument removes exactly that document and counts its records',
      run: withStore(async (store) => {
        await store.replaceDocuments([
          entry('a', 'v1', chunks('a', 3, 1)),
          entry('b', 'v1', chunks('b', 2, 2)),
        ]);
        await store.upsert([
          { id: 'extra', vector: probe, document: { id: 'a' } },
          { id: 'loose', vector: probe },
        ]);
        assert.equal(await store.deleteDocument('a'), 4, 'upserted records of the document too');
        assert.equal(await store.deleteDocument('a'), 0);
        assert.equal(await store.deleteDocument('never'), 0);
        assert.deepEqual(await allIds(store, probe), ['b#0', 'b#1', 'loose']);
      }),
    },
    {
      name: 'documents: a query naming another embedding model fails with a ValidationError',
      run: withStore(async (store) => {
        await store.replaceDocuments([entry('a', 'v1', chunks('a', 2, 1, 'model-a'))]);
        assert.equal((await store.query(probe, { topK: 2, model: 'model-a' })).length, 2);
        const error = await expectRejection(
          () => store.query(probe, { topK: 2, model: 'model-b' }),
          (e) => ValidationError.isInstance(e),
          'another model',
        );
        assert.equal((error as ValidationError).argument, 'options.model');
        await store.replaceDocuments([entry('b', 'v1', chunks('b', 1, 2, 'model-b'))]);
        assert.deepEqual(await store.models(), ['model-a', 'model-b']);
        const [mixed] = await store.documents(['a']);
        assert.equal(mixed?.model, 'model-a');
      }),
    },
    {
      name: 'documents: bad input is a ValidationError naming it, and nothing is written',
      run: withStore(async (store) => {
        await store.replaceDocuments([entry('a', 'v1', chunks('a', 2, 1))]);
        const good = entry('a', 'v2', chunks('a', 3, 9));
        const cases: [unknown, string][] = [
          [
            [good, entry('b', 'v1', [{ id: 'x', vector: [1, 2] }])],
            'documents[1].records[0].vector',
          ],
          [[good, entry('', 'v1', [])], 'documents[1].document.id'],
          [[good, { ...entry('b', '', []) }], 'documents[1].version'],
          [[good, entry('a', 'v3', [])], 'documents[1].document.id'],
          [[good, entry('b', 'v1', [{ id: 'a#0', vector: probe }])], 'documents[1].records[0].id'],
          [
            [entry('b', 'v1', [{ id: 'b#0', vector: probe, document: { id: 'c' } }])],
            'documents[0].records[0].document.id',
          ],
          [
            [entry('b', 'v1', [{ id: 'b#0', text: 'no vector' }])],
            'documents[0].records[0].vector',
          ],
        ];
        for (const [documents, argument] of cases) {
          const error = await expectRejection(
            () => store.replaceDocuments(documents as DocumentRecords[]),
            (e) => ValidationError.isInstance(e),
            argument,
          );
          assert.equal((error as ValidationError).argument, argument);
        }
        for (const [action, argument] of [
          [() => store.deleteDocument(''), 'documentId'],
          [() => store.documents(['a', 3] as never), 'ids[1]'],
        ] as const) {
          const error = await expectRejection(
            action,
            (e) => ValidationError.isInstance(e),
            argument,
          );
          assert.equal((error as ValidationError).argument, argument);
        }
        assert.deepEqual(await allIds(store, probe), ['a#0', 'a#1'], 'the store is as it was');
        assert.deepEqual(await store.documents(['a']), [
          { id: 'a', version: 'v1', model: 'model-a', records: 2 },
        ]);
      }),
    },
    {
      name: 'documents: an aborted signal rejects with an AbortError and writes nothing',
      run: withStore(async (store) => {
        await store.replaceDocuments([entry('a', 'v1', chunks('a', 2, 1))]);
        const controller = new AbortController();
        controller.abort();
        const signal = controller.signal;
        await expectRejection(
          () => store.replaceDocuments([entry('a', 'v2', chunks('a', 1, 3))], { signal }),
          (e) => AbortError.isInstance(e),
          'replaceDocuments',
        );
        await expectRejection(
          () => store.deleteDocument('a', { signal }),
          (e) => AbortError.isInstance(e),
          'deleteDocument',
        );
        await expectRejection(
          () => store.documents(['a'], { signal }),
          (e) => AbortError.isInstance(e),
          'documents',
        );
        assert.deepEqual(await allIds(store, probe), ['a#0', 'a#1']);
      }),
    },
    {
      name: 'documents: a store that embeds records itself records its embedder model',
      run: withStore(
        async (store) => {
          await store.upsert([{ id: 'rome', text: 'Rome is the capital of Italy' }]);
          const [record] = await store.get(['rome']);
          assert.equal(record?.model, 'fake-model');
          assert.equal((await store.query('capital of Italy', { topK: 1 }))[0]?.id, 'rome');
          const error = await expectRejection(
            () => store.query(record?.vector as number[], { model: 'another-model' }),
            (e) => ValidationError.isInstance(e),
            'another model',
          );
          assert.equal((error as ValidationError).argument, 'options.model');
        },
        {
          dimensions: 32,
          embedder: { provider: createFakeEmbedder({ dimensions: 32 }), model: 'fake-model' },
        },
      ),
    },
  ];
}
