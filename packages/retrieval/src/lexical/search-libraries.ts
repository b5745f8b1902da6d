import { createRequire } from 'node:module';
import type MiniSearch from 'minisearch';

/** The libraries of the in-memory keyword index, loaded at its first use. */
export interface SearchLibraries {
  readonly MiniSearch: typeof MiniSearch;
  /** The Porter stemmer (English). */
  readonly stem: (word: string) => string;
  /** English stop words. */
  readonly englishStopWords: readonly string[];
}

let loaded: SearchLibraries | undefined;

/**
 * MiniSearch, the stemmer and the stop-word list, loaded (synchronously, with `createRequire`) at the
 * first `inMemoryLexicalIndex()`, so importing the package does not pay for them.
 */
export function searchLibraries(): SearchLibraries {
  if (loaded === undefined) {
    const load = createRequire(import.meta.url);
    const miniSearch = load('minisearch') as typeof MiniSearch | { default: typeof MiniSearch };
    loaded = {
      MiniSearch: 'default' in miniSearch ? miniSearch.default : miniSearch,
      stem: (load('stemmer') as { stemmer: (word: string) => string }).stemmer,
      englishStopWords: (load('stopword') as { eng: readonly string[] }).eng,
    };
  }
  return loaded;
}
