import { type DefinedTool, defineTool, type ToolMetrics } from '@aigo/ai';
import { type ExaSearchResponse, exaCommonBody } from './exa-api.js';
import { mapExaResult, summarizeExaResults } from './exa-mapping.js';
import { type ExaToolOptions, exaClient } from './exa-options.js';
import { ExaSearchInput, ExaSearchOutput } from './exa-schemas.js';

/** `ExaSearch` metrics (the Go tool's figures). */
export const EXA_SEARCH_METRICS: ToolMetrics = Object.freeze({
  amount: 0.003,
  currency: 'USD',
  costDescription: 'per search',
  accuracy: 0.93,
  averageDurationInMillis: 1000,
});

/** The tool made by {@link exaSearchTool}. */
export type ExaSearchTool = DefinedTool<typeof ExaSearchInput, typeof ExaSearchOutput, unknown>;

const SHOWN = 10;

/** The body of `POST /search` for a tool input. */
export function exaSearchBody(input: ExaSearchInput, defaultHighlights: boolean) {
  return {
    query: input.query,
    type: input.type ?? 'auto',
    ...(input.category === undefined ? {} : { category: input.category }),
    ...exaCommonBody(input, defaultHighlights),
  };
}

/**
 * Exa web search for a model: up to 10 results (title, URL, author, date, the most relevant sentences)
 * with a ready-to-read `summary`. Needs `EXA_API_KEY` (or `apiKey`).
 */
export function exaSearchTool(options?: ExaToolOptions): ExaSearchTool {
  const client = exaClient(options);
  return defineTool({
    name: options?.name ?? 'ExaSearch',
    description:
      'Searches the web with Exa, a search engine that understands natural-language queries ("papers ' +
      'about retrieval-augmented generation published in 2024"). Returns the top results with the most ' +
      'relevant sentences and a readable summary. Filter by domain, date or category (company, research ' +
      'paper, news, pdf, github, tweet, personal site, financial report, people).',
    input: ExaSearchInput,
    output: ExaSearchOutput,
    metrics: EXA_SEARCH_METRICS,
    execute: async (input, { signal }) => {
      const response = await client.post<ExaSearchResponse>(
        'search',
        exaSearchBody(input, true),
        signal,
      );
      const all = (response.results ?? []).map(mapExaResult);
      const results = all.slice(0, SHOWN);
      const summary =
        all.length === 0
          ? `No results found for '${input.query}'. Try rephrasing the query or removing filters.`
          : [`Found ${all.length} results:`, ...summarizeExaResults(results)].join('\n');
      return { query: input.query, summary, results };
    },
  });
}
