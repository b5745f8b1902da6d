/** One result of `POST /search`, as Tavily documents it. */
export interface TavilySearchResult {
  readonly title?: string;
  readonly url?: string;
  readonly content?: string;
  readonly score?: number;
  readonly raw_content?: string | null;
  readonly favicon?: string;
}

/** `POST /search` → this. `images` are URLs, or objects when descriptions were asked for. */
export interface TavilySearchResponse {
  readonly query?: string;
  readonly answer?: string | null;
  readonly follow_up_questions?: readonly string[] | null;
  readonly images?: readonly (string | { readonly url?: string; readonly description?: string })[];
  readonly results?: readonly TavilySearchResult[];
  readonly response_time?: number | string;
  readonly request_id?: string;
}

/** `POST /extract` → this. */
export interface TavilyExtractResponse {
  readonly results?: readonly {
    readonly url?: string;
    readonly raw_content?: string;
    readonly images?: readonly string[];
    readonly favicon?: string;
  }[];
  readonly failed_results?: readonly { readonly url?: string; readonly error?: string }[];
  readonly response_time?: number | string;
  readonly request_id?: string;
}

/** Tavily returns at most 20 results a search, and extracts at most 20 URLs a call. */
export const TAVILY_MAX_RESULTS = 20;
/** See {@link TAVILY_MAX_RESULTS}. */
export const TAVILY_MAX_EXTRACT_URLS = 20;

/** The search fields both search tools send. */
export interface TavilySearchFields {
  readonly query: string;
  readonly search_depth?: 'basic' | 'advanced' | undefined;
  readonly max_results?: number | undefined;
  readonly topic?: 'general' | 'news' | 'finance' | undefined;
  readonly time_range?: 'day' | 'week' | 'month' | 'year' | undefined;
  readonly include_domains?: readonly string[] | undefined;
  readonly exclude_domains?: readonly string[] | undefined;
  readonly include_answer?: boolean | undefined;
}

/** The tool input → the body of `POST /search` (max_results default 10, capped at 20). */
export function tavilySearchBody(
  input: TavilySearchFields,
  defaultDepth: 'basic' | 'advanced',
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    query: input.query,
    search_depth: input.search_depth ?? defaultDepth,
    max_results: Math.min(Math.max(Math.trunc(input.max_results ?? 10), 1), TAVILY_MAX_RESULTS),
  };
  if (input.topic !== undefined) body.topic = input.topic;
  if (input.time_range !== undefined) body.time_range = input.time_range;
  if (input.include_domains !== undefined && input.include_domains.length > 0) {
    body.include_domains = input.include_domains;
  }
  if (input.exclude_domains !== undefined && input.exclude_domains.length > 0) {
    body.exclude_domains = input.exclude_domains;
  }
  if (input.include_answer !== undefined) body.include_answer = input.include_answer;
  return body;
}
