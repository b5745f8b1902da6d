import { type DefinedTool, defineTool, type ToolMetrics } from '@aigo/ai';
import { clipText } from '@aigo/http';
import { BRAVE_WEB_SEARCH_PATH, type BraveWebSearchResponse, braveQuery } from './brave-api.js';
import { type BraveToolOptions, braveClient } from './brave-options.js';
import { BraveSearchInput, BraveSearchOutput } from './brave-schemas.js';
import { plainText } from './plain-text.js';

/** `BraveSearch` metrics: 0.005 USD a query (the Go tool's figures). */
export const BRAVE_SEARCH_METRICS: ToolMetrics = Object.freeze({
  amount: 0.005,
  currency: 'USD',
  costDescription: 'per query',
  accuracy: 0.88,
  averageDurationInMillis: 800,
});

/** The tool made by {@link braveSearchTool}. */
export type BraveSearchTool = DefinedTool<
  typeof BraveSearchInput,
  typeof BraveSearchOutput,
  unknown
>;

const MAX_RESULTS = 10;

/**
 * Brave web search for a model: up to 10 web results with a ready-to-read `summary` (titles, URLs,
 * snippets, the infobox and up to 3 news headlines). Needs `BRAVE_SEARCH_API_KEY` (or `apiKey`); a
 * missing key, a rejected key (401), a rate limit (429) or a server error fail the call with a typed
 * error, which `tool.call` hands to the model as an error envelope.
 */
export function braveSearchTool(options?: BraveToolOptions): BraveSearchTool {
  const client = braveClient(options);
  return defineTool({
    name: options?.name ?? 'BraveSearch',
    description:
      'Searches the web with Brave Search and returns the top results (title, URL, snippet, age) with a ' +
      'readable summary. Use it for current events, facts you are unsure of, and finding pages to read. ' +
      'Optional: count (1–20), offset (page), country, search_lang, safesearch, freshness (pd, pw, pm, py).',
    input: BraveSearchInput,
    output: BraveSearchOutput,
    metrics: BRAVE_SEARCH_METRICS,
    execute: async (input, { signal }) => {
      const response = await client.get<BraveWebSearchResponse>(
        BRAVE_WEB_SEARCH_PATH,
        braveQuery(input),
        signal,
      );
      return mapBraveSearch(input.query, response);
    },
  });
}

/** Brave's answer → the `BraveSearch` output. Exported for tests. */
export function mapBraveSearch(query: string, response: BraveWebSearchResponse) {
  const web = response.web?.results ?? [];
  const results = web.slice(0, MAX_RESULTS).map((result) => ({
    title: plainText(result.title),
    url: result.url ?? '',
    description: plainText(result.description),
    ...(result.age === undefined ? {} : { age: result.age }),
  }));
  const lines: string[] = [];
  if (results.length > 0) {
    lines.push(`Found ${results.length} web results:`);
    results.forEach((result, index) => {
      lines.push(
        `\n${index + 1}. ${result.title}\n   URL: ${result.url}\n   ${clipText(result.description, 200)}`,
      );
    });
  }
  const infobox = response.infobox?.results?.[0];
  if (infobox !== undefined) {
    const title = plainText(infobox.title ?? infobox.label);
    const description = plainText(infobox.description ?? infobox.long_desc);
    if (title !== '' || description !== '') {
      lines.push(`\nInfobox: ${[title, clipText(description, 300)].filter(Boolean).join(' — ')}`);
    }
  }
  const news = (response.news?.results ?? []).slice(0, 3);
  if (news.length > 0) {
    lines.push('\nRecent news:');
    for (const item of news) {
      lines.push(`- ${plainText(item.title)}${item.age === undefined ? '' : ` (${item.age})`}`);
    }
  }
  const summary =
    lines.length === 0
      ? `No results found for '${query}'. Try a different or broader query.`
      : lines.join('\n');
  return { query, summary, results };
}
