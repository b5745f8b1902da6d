/** Brave's `meta_url`. */
export interface BraveMetaUrl {
  readonly scheme?: string;
  readonly netloc?: string;
  readonly hostname?: string;
  readonly favicon?: string;
  readonly path?: string;
}

/** One web result (`web.results[]`), as Brave documents it; fields Brave omits stay undefined. */
export interface BraveWebResult {
  readonly type?: string;
  readonly title?: string;
  readonly url?: string;
  readonly description?: string;
  readonly age?: string;
  readonly page_age?: string;
  readonly language?: string;
  readonly family_friendly?: boolean;
  readonly is_source_local?: boolean;
  readonly is_source_both?: boolean;
  readonly extra_snippets?: readonly string[];
  readonly profile?: { readonly name?: string; readonly url?: string; readonly img?: string };
  readonly meta_url?: BraveMetaUrl;
  readonly thumbnail?: { readonly src?: string; readonly original?: string };
  readonly [field: string]: unknown;
}

/** One news or video result. */
export interface BraveNewsResult {
  readonly title?: string;
  readonly url?: string;
  readonly description?: string;
  readonly age?: string;
  readonly page_age?: string;
  readonly meta_url?: BraveMetaUrl;
  readonly [field: string]: unknown;
}

/** The infobox entry (`infobox.results[]`). */
export interface BraveInfobox {
  readonly type?: string;
  readonly title?: string;
  readonly label?: string;
  readonly category?: string;
  readonly description?: string;
  readonly long_desc?: string;
  readonly url?: string;
  readonly website_url?: string;
  readonly [field: string]: unknown;
}

/** `GET /res/v1/web/search` → `WebSearchApiResponse`. */
export interface BraveWebSearchResponse {
  readonly type?: string;
  readonly query?: {
    readonly original?: string;
    readonly altered?: string;
    readonly [field: string]: unknown;
  };
  readonly web?: { readonly results?: readonly BraveWebResult[] };
  readonly news?: { readonly results?: readonly BraveNewsResult[] };
  readonly videos?: { readonly results?: readonly BraveNewsResult[] };
  readonly infobox?: { readonly results?: readonly BraveInfobox[] };
  readonly locations?: { readonly results?: readonly Record<string, unknown>[] };
  readonly mixed?: Record<string, unknown>;
}

/** The query parameters both Brave tools send. */
export interface BraveSearchParameters {
  readonly query: string;
  readonly count?: number | undefined;
  readonly offset?: number | undefined;
  readonly country?: string | undefined;
  readonly search_lang?: string | undefined;
  readonly safesearch?: string | undefined;
  readonly freshness?: string | undefined;
}

/** The web search endpoint, relative to the base URL. */
export const BRAVE_WEB_SEARCH_PATH = 'res/v1/web/search';

/** Brave allows 1–20 results per call. */
export const BRAVE_MAX_COUNT = 20;

/** The tool input → Brave's query string (count clamped to 1–20, default 10; offset to 0–9). */
export function braveQuery(
  input: BraveSearchParameters,
): Record<string, string | number | undefined> {
  const count =
    input.count === undefined
      ? 10
      : Math.min(Math.max(Math.trunc(input.count), 1), BRAVE_MAX_COUNT);
  const offset =
    input.offset === undefined ? undefined : Math.min(Math.max(Math.trunc(input.offset), 0), 9);
  return {
    q: input.query,
    count,
    offset,
    country: input.country,
    search_lang: input.search_lang,
    safesearch: input.safesearch,
    freshness: input.freshness,
    result_filter: 'web,news,videos,infobox,locations',
  };
}
