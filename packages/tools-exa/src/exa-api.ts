/** One result of `/search` or `/findSimilar`, as Exa documents it. */
export interface ExaResult {
  readonly id?: string;
  readonly url?: string;
  readonly title?: string | null;
  readonly score?: number | null;
  readonly publishedDate?: string | null;
  readonly author?: string | null;
  readonly image?: string;
  readonly favicon?: string;
  readonly text?: string;
  readonly highlights?: readonly string[];
  readonly highlightScores?: readonly number[];
  readonly summary?: string;
}

/** `POST /search` and `POST /findSimilar` → this. */
export interface ExaSearchResponse {
  readonly requestId?: string;
  readonly resolvedSearchType?: string;
  readonly searchType?: string;
  readonly results?: readonly ExaResult[];
  readonly costDollars?: { readonly total?: number };
}

/** `POST /answer` → this. */
export interface ExaAnswerResponse {
  readonly answer?: unknown;
  readonly citations?: readonly ExaResult[];
  readonly results?: readonly ExaResult[];
  readonly requestId?: string;
  readonly costDollars?: { readonly total?: number };
}

/** The search fields shared by the tools' inputs (snake_case, as the Go tools). */
export interface ExaSearchFields {
  readonly num_results?: number | undefined;
  readonly include_domains?: readonly string[] | undefined;
  readonly exclude_domains?: readonly string[] | undefined;
  readonly start_published_date?: string | undefined;
  readonly end_published_date?: string | undefined;
  readonly start_crawl_date?: string | undefined;
  readonly end_crawl_date?: string | undefined;
  readonly include_text?: boolean | undefined;
  readonly include_highlights?: boolean | undefined;
}

/** Exa allows up to 100 results a call. */
export const EXA_MAX_RESULTS = 100;
/** Characters of page text requested per result when `include_text` is set. */
export const EXA_TEXT_MAX_CHARACTERS = 2000;

/** The tool input → the camelCase body fields Exa documents (`numResults`, `includeDomains`, `contents`). */
export function exaCommonBody(
  input: ExaSearchFields,
  defaultHighlights: boolean,
): Record<string, unknown> {
  const numResults = Math.min(Math.max(Math.trunc(input.num_results ?? 10), 1), EXA_MAX_RESULTS);
  const body: Record<string, unknown> = { numResults };
  const set = (name: string, value: unknown) => {
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) body[name] = value;
  };
  set('includeDomains', input.include_domains);
  set('excludeDomains', input.exclude_domains);
  set('startPublishedDate', input.start_published_date);
  set('endPublishedDate', input.end_published_date);
  set('startCrawlDate', input.start_crawl_date);
  set('endCrawlDate', input.end_crawl_date);
  const contents: Record<string, unknown> = {};
  if (input.include_text === true) contents.text = { maxCharacters: EXA_TEXT_MAX_CHARACTERS };
  if (input.include_highlights ?? defaultHighlights) contents.highlights = true;
  if (Object.keys(contents).length > 0) body.contents = contents;
  return body;
}
