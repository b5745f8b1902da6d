import {
  checkLexicalRecords,
  checkLexicalSearch,
  checkVectorIds,
  type LexicalIndex,
  type LexicalMatch,
  type LexicalMatchMode,
  type LexicalRecord,
  type LexicalSearchOptions,
  matchesMetadataFilter,
  throwIfAborted,
  ValidationError,
  type VectorWriteOptions,
} from '@aigo/ai';
import type MiniSearch from 'minisearch';
import { searchLibraries } from './search-libraries.js';

/** Options of {@link inMemoryLexicalIndex}. */
export interface InMemoryLexicalIndexOptions {
  /** How a query matches (see `LexicalMatchMode`). Default `'any'`: BM25 over every word. */
  readonly match?: LexicalMatchMode;
  /** BM25's term-frequency saturation. Default 1.2. */
  readonly k1?: number;
  /** BM25's length normalisation, 0–1. Default 0.75. */
  readonly b?: number;
  /** Reduces a lower-cased word to its stem. Default the Porter stemmer (English); `false` for none. */
  readonly stemmer?: ((word: string) => string) | false;
  /** Words never indexed nor searched. Default English stop words; `false` for none. */
  readonly stopWords?: Iterable<string> | false;
}

/** A keyword index in process memory, from {@link inMemoryLexicalIndex}. */
export interface InMemoryLexicalIndex extends LexicalIndex {
  /** The records held. */
  readonly size: number;
}

/** How much a word of the context counts against one of the text (PostgreSQL's weight B against A). */
export const CONTEXT_WEIGHT = 0.4;

const OPTION_KEYS = new Set(['match', 'k1', 'b', 'stemmer', 'stopWords']);

interface IndexedRecord {
  readonly id: string;
  readonly text: string;
  readonly context: string;
}

function checkOptions(options: InMemoryLexicalIndexOptions): void {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options))
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  const { match, k1, b, stemmer, stopWords } = options;
  if (match !== undefined && match !== 'all' && match !== 'any')
    throw new ValidationError('options.match', 'must be "all" or "any"');
  if (k1 !== undefined && (typeof k1 !== 'number' || !Number.isFinite(k1) || k1 < 0))
    throw new ValidationError('options.k1', 'must be a finite number from 0');
  if (b !== undefined && (typeof b !== 'number' || !(b >= 0 && b <= 1)))
    throw new ValidationError('options.b', 'must be a number from 0 to 1');
  if (stemmer !== undefined && stemmer !== false && typeof stemmer !== 'function')
    throw new ValidationError('options.stemmer', 'must be a function or false');
  if (
    stopWords !== undefined &&
    stopWords !== false &&
    (stopWords === null || typeof (stopWords as Iterable<string>)[Symbol.iterator] !== 'function')
  )
    throw new ValidationError('options.stopWords', 'must be an iterable of words or false');
}

/**
 * A `LexicalIndex` in process memory: Okapi BM25 over each record's text and context (the context's
 * words at 0.4 of the text's), words lower-cased, stop words dropped and stemmed (English by
 * default). For tests, demos and small collections; `pgVectorStore` with `lexical` keeps the index
 * in PostgreSQL. Records are kept as given (JSON metadata is not copied).
 *
 * ```ts
 * const lexical = inMemoryLexicalIndex();
 * await lexical.upsert([{ id: 'a', text: 'Refunds are paid within 14 days.' }]);
 * const [best] = await lexical.search('refund days'); // { id: 'a', score: …, … }
 * ```
 *
 * @throws ValidationError naming a bad option.
 */
export function inMemoryLexicalIndex(
  options: InMemoryLexicalIndexOptions = {},
): InMemoryLexicalIndex {
  checkOptions(options);
  const { MiniSearch: Engine, stem, englishStopWords } = searchLibraries();
  const stemmer = options.stemmer === undefined ? stem : options.stemmer;
  const stopWords = new Set(
    options.stopWords === undefined ? englishStopWords : options.stopWords || [],
  );
  const combineWith = (options.match ?? 'any') === 'all' ? 'AND' : 'OR';
  const bm25 = { k: options.k1 ?? 1.2, b: options.b ?? 0.75, d: 0 };
  const processTerm = (term: string): string | null => {
    const word = term.toLowerCase();
    if (stopWords.has(word)) return null;
    return stemmer === false ? word : stemmer(word);
  };
  const engine: MiniSearch<IndexedRecord> = new Engine<IndexedRecord>({
    fields: ['text', 'context'],
    storeFields: [],
    processTerm,
    searchOptions: { boost: { text: 1, context: CONTEXT_WEIGHT }, bm25, combineWith },
  });
  const records = new Map<string, LexicalRecord>();
  const byDocument = new Map<string, Set<string>>();

  const remove = (id: string): boolean => {
    const record = records.get(id);
    if (record === undefined) return false;
    engine.discard(id);
    records.delete(id);
    const documentId = record.document?.id;
    if (documentId !== undefined) {
      const ids = byDocument.get(documentId);
      ids?.delete(id);
      if (ids?.size === 0) byDocument.delete(documentId);
    }
    return true;
  };

  return {
    get size() {
      return records.size;
    },
    async upsert(input: readonly LexicalRecord[], writeOptions?: VectorWriteOptions) {
      checkLexicalRecords(input);
      throwIfAborted(writeOptions?.signal);
      for (const record of input) {
        remove(record.id);
        engine.add({ id: record.id, text: record.text, context: record.context ?? '' });
        records.set(record.id, record);
        const documentId = record.document?.id;
        if (documentId !== undefined) {
          const ids = byDocument.get(documentId) ?? new Set<string>();
          byDocument.set(documentId, ids);
          ids.add(record.id);
        }
      }
    },
    async delete(ids: readonly string[], writeOptions?: VectorWriteOptions) {
      checkVectorIds(ids);
      throwIfAborted(writeOptions?.signal);
      let deleted = 0;
      for (const id of new Set(ids)) if (remove(id)) deleted++;
      return deleted;
    },
    async deleteDocument(documentId: string, writeOptions?: VectorWriteOptions) {
      if (typeof documentId !== 'string' || documentId === '')
        throw new ValidationError('documentId', 'must be a non-empty string');
      throwIfAborted(writeOptions?.signal);
      const ids = [...(byDocument.get(documentId) ?? [])];
      for (const id of ids) remove(id);
      return ids.length;
    },
    async search(query: string, searchOptions?: LexicalSearchOptions): Promise<LexicalMatch[]> {
      const { k, filter, signal } = checkLexicalSearch(query, searchOptions);
      throwIfAborted(signal);
      const filtered = !(filter.kind === 'and' && filter.nodes.length === 0);
      const found: LexicalMatch[] = [];
      for (const result of engine.search(query)) {
        const record = records.get(result.id as string) as LexicalRecord;
        const metadata = record.metadata ?? {};
        if (filtered && !matchesMetadataFilter(metadata, filter)) continue;
        found.push({
          id: record.id,
          text: record.text,
          metadata,
          // MiniSearch multiplies a record's score by the count of query words it holds; BM25 does not.
          score: result.score / Math.max(1, result.queryTerms.length),
          ...(record.document === undefined ? {} : { document: record.document }),
          ...(record.position === undefined ? {} : { position: record.position }),
          ...(record.context === undefined ? {} : { context: record.context }),
        });
      }
      found.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return found.length > k ? found.slice(0, k) : found;
    },
  };
}
