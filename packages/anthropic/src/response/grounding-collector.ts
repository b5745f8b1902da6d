import type { Grounding, GroundingSource, GroundingSupport } from '@aigo/ai';
import { arrayOf, isRecord, nonEmptyString, numberOf, recordOf } from '@aigo/http';

/**
 * Gathers an answer's `grounding` from Anthropic's server tools and citations:
 *
 * - `searchQueries`: the `query` of each `web_search` call;
 * - `sources`: each `web_search_result` (url, title) in order, then every other source a citation
 *   names — a web page by its `url`, a search result by its `source`, a document of the request as
 *   `document:<index>` with its title;
 * - `supports`: each cited text block, its span of the answer (`startIndex`, `endIndex`, exclusive)
 *   with the sources its citations name;
 * - `urlContextSources`: each page `web_fetch` read (`status` `ok`, or the tool's error code).
 */
export class GroundingCollector {
  readonly #queries: string[] = [];
  readonly #sources: GroundingSource[] = [];
  readonly #byUri = new Map<string, number>();
  readonly #supports: GroundingSupport[] = [];
  readonly #fetched: { url: string; status?: string }[] = [];

  /** A web search query. */
  query(query: string): void {
    if (!this.#queries.includes(query)) this.#queries.push(query);
  }

  /** A server tool's result block: web search results become sources, fetched pages URL sources. */
  resultBlock(block: Record<string, unknown>): void {
    if (block.type === 'web_search_tool_result') {
      for (const result of arrayOf(block.content)) {
        if (!isRecord(result) || result.type !== 'web_search_result') continue;
        const url = nonEmptyString(result.url);
        if (url !== undefined) this.#source(url, nonEmptyString(result.title));
      }
    } else if (block.type === 'web_fetch_tool_result') {
      const content = recordOf(block.content);
      if (content === undefined) return;
      const url = nonEmptyString(content.url);
      if (content.type === 'web_fetch_result' && url !== undefined) {
        this.#fetched.push({ url, status: 'ok' });
      } else {
        const code = nonEmptyString(content.error_code) ?? 'error';
        this.#fetched.push(url === undefined ? { url: '', status: code } : { url, status: code });
      }
    }
  }

  /** The citations of a text block whose `text` starts at `start` in the answer. */
  citations(citations: readonly unknown[], text: string, start: number): void {
    const indices: number[] = [];
    for (const citation of citations) {
      if (!isRecord(citation)) continue;
      const url = nonEmptyString(citation.url) ?? nonEmptyString(citation.source);
      const documentIndex = numberOf(citation.document_index);
      const uri = url ?? (documentIndex === undefined ? undefined : `document:${documentIndex}`);
      if (uri === undefined) continue;
      const title = nonEmptyString(citation.title) ?? nonEmptyString(citation.document_title);
      const index = this.#source(uri, title);
      if (!indices.includes(index)) indices.push(index);
    }
    if (indices.length === 0) return;
    this.#supports.push({
      text,
      startIndex: start,
      endIndex: start + text.length,
      sourceIndices: indices,
    });
  }

  /** The grounding, or `undefined` when nothing grounded the answer. */
  grounding(): Grounding | undefined {
    if (
      this.#queries.length === 0 &&
      this.#sources.length === 0 &&
      this.#supports.length === 0 &&
      this.#fetched.length === 0
    ) {
      return undefined;
    }
    const grounding: { -readonly [K in keyof Grounding]: Grounding[K] } = {
      searchQueries: [...this.#queries],
      sources: [...this.#sources],
      supports: [...this.#supports],
    };
    if (this.#fetched.length > 0) grounding.urlContextSources = [...this.#fetched];
    return grounding;
  }

  #source(uri: string, title: string | undefined): number {
    const known = this.#byUri.get(uri);
    if (known !== undefined) return known;
    const index = this.#sources.length;
    this.#sources.push(title === undefined ? { index, uri } : { index, uri, title });
    this.#byUri.set(uri, index);
    return index;
  }
}
