import { type DefinedTool, defineTool, type ToolMetrics } from '@aigo/ai';
import type { ExaSearchResponse } from './exa-api.js';
import type { ExaToolOptions } from './exa-options.js';
import { exaClient } from './exa-options.js';
import { ExaSearchAdvancedOutput, ExaSearchInput } from './exa-schemas.js';
import { exaSearchBody } from './exa-search-tool.js';

/** `ExaSearchAdvanced` metrics (the Go tool's figures). */
export const EXA_SEARCH_ADVANCED_METRICS: ToolMetrics = Object.freeze({
  amount: 0.005,
  currency: 'USD',
  costDescription: 'per search',
  accuracy: 0.94,
  averageDurationInMillis: 1500,
});

/** The tool made by {@link exaSearchAdvancedTool}. */
export type ExaSearchAdvancedTool = DefinedTool<
  typeof ExaSearchInput,
  typeof ExaSearchAdvancedOutput,
  unknown
>;

/**
 * Exa search returning every result with its id, score, highlights and their scores, and the search
 * type Exa resolved. Highlights are requested only when `include_highlights` is true.
 */
export function exaSearchAdvancedTool(options?: ExaToolOptions): ExaSearchAdvancedTool {
  const client = exaClient(options);
  return defineTool({
    name: options?.name ?? 'ExaSearchAdvanced',
    description:
      'Searches the web with Exa and returns every result with its relevance score, author, publication ' +
      'date and, on request, page text (include_text) and highlights (include_highlights). Use it when ' +
      'you need the raw results; use ExaSearch for a summary.',
    input: ExaSearchInput,
    output: ExaSearchAdvancedOutput,
    metrics: EXA_SEARCH_ADVANCED_METRICS,
    execute: async (input, { signal }) => {
      const response = await client.post<ExaSearchResponse>(
        'search',
        exaSearchBody(input, false),
        signal,
      );
      const cost = response.costDollars?.total;
      return {
        query: input.query,
        ...(response.resolvedSearchType === undefined
          ? {}
          : { resolved_search_type: response.resolvedSearchType }),
        ...(response.requestId === undefined ? {} : { request_id: response.requestId }),
        ...(typeof cost === 'number' ? { cost_dollars: cost } : {}),
        results: (response.results ?? []).map((result) => ({
          id: result.id ?? result.url ?? '',
          title: result.title ?? '',
          url: result.url ?? '',
          ...(typeof result.score === 'number' ? { score: result.score } : {}),
          ...(result.publishedDate ? { published_date: result.publishedDate } : {}),
          ...(result.author ? { author: result.author } : {}),
          ...(typeof result.text === 'string' ? { text: result.text } : {}),
          ...(Array.isArray(result.highlights) ? { highlights: [...result.highlights] } : {}),
          ...(Array.isArray(result.highlightScores)
            ? { highlight_scores: [...result.highlightScores] }
            : {}),
          ...(typeof result.summary === 'string' ? { summary: result.summary } : {}),
          ...(typeof result.image === 'string' ? { image: result.image } : {}),
          ...(typeof result.favicon === 'string' ? { favicon: result.favicon } : {}),
        })),
      };
    },
  });
}
