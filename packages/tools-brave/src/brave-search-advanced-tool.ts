import { type DefinedTool, defineTool, type ToolMetrics } from '@aigo/ai';
import { BRAVE_WEB_SEARCH_PATH, type BraveWebSearchResponse, braveQuery } from './brave-api.js';
import { type BraveToolOptions, braveClient } from './brave-options.js';
import { BraveSearchAdvancedOutput, BraveSearchInput } from './brave-schemas.js';

/** `BraveSearchAdvanced` metrics: 0.005 USD a query (the Go tool's figures). */
export const BRAVE_SEARCH_ADVANCED_METRICS: ToolMetrics = Object.freeze({
  amount: 0.005,
  currency: 'USD',
  costDescription: 'per query',
  accuracy: 0.9,
  averageDurationInMillis: 900,
});

/** The tool made by {@link braveSearchAdvancedTool}. */
export type BraveSearchAdvancedTool = DefinedTool<
  typeof BraveSearchInput,
  typeof BraveSearchAdvancedOutput,
  unknown
>;

/**
 * Brave web search with everything Brave returns: web results (with extra snippets, page age,
 * language, schema.org data when present), news, videos, the infobox, local places and Brave's
 * suggested mixed order — each group passed through as Brave documents it.
 */
export function braveSearchAdvancedTool(options?: BraveToolOptions): BraveSearchAdvancedTool {
  const client = braveClient(options);
  return defineTool({
    name: options?.name ?? 'BraveSearchAdvanced',
    description:
      'Searches the web with Brave Search and returns the full structured answer: web results with extra ' +
      'snippets and metadata, news, videos, an infobox about the main entity, and local places. Use it ' +
      'when you need more than titles and snippets; use BraveSearch for a quick summary.',
    input: BraveSearchInput,
    output: BraveSearchAdvancedOutput,
    metrics: BRAVE_SEARCH_ADVANCED_METRICS,
    execute: async (input, { signal }) => {
      const response = await client.get<BraveWebSearchResponse>(
        BRAVE_WEB_SEARCH_PATH,
        braveQuery(input),
        signal,
      );
      return mapBraveSearchAdvanced(input.query, response);
    },
  });
}

/** Brave's answer → the `BraveSearchAdvanced` output. */
export function mapBraveSearchAdvanced(query: string, response: BraveWebSearchResponse) {
  const list = (group: { readonly results?: readonly object[] } | undefined) =>
    (group?.results ?? []).map((item) => ({ ...item }) as Record<string, unknown>);
  const altered = response.query?.altered;
  return {
    query,
    ...(typeof altered === 'string' && altered !== '' ? { altered_query: altered } : {}),
    web: list(response.web),
    news: list(response.news),
    videos: list(response.videos),
    infobox: list(response.infobox),
    locations: list(response.locations),
    ...(response.mixed === undefined ? {} : { mixed: { ...response.mixed } }),
  };
}
