import { type DefinedTool, defineTool, type ToolMetrics } from '@aigo/ai';
import { clipText } from '@aigo/http';
import { type TavilySearchResponse, tavilySearchBody } from './tavily-api.js';
import { type TavilyToolOptions, tavilyClient } from './tavily-options.js';
import { TavilySearchInput, TavilySearchOutput } from './tavily-schemas.js';

/** `TavilySearch` metrics (the Go tool's figures). */
export const TAVILY_SEARCH_METRICS: ToolMetrics = Object.freeze({
  amount: 0.001,
  currency: 'USD',
  costDescription: '1 API credit (basic search)',
  accuracy: 0.92,
  averageDurationInMillis: 800,
});

/** The tool made by {@link tavilySearchTool}. */
export type TavilySearchTool = DefinedTool<
  typeof TavilySearchInput,
  typeof TavilySearchOutput,
  unknown
>;

const SHOWN = 10;

/**
 * Tavily web search for a model: up to 10 results (title, URL, relevant content, score), an optional
 * short answer, and a ready-to-read `summary`. Needs `TAVILY_API_KEY` (or `apiKey`).
 */
export function tavilySearchTool(options?: TavilyToolOptions): TavilySearchTool {
  const client = tavilyClient(options);
  return defineTool({
    name: options?.name ?? 'TavilySearch',
    description:
      'Searches the web with Tavily, a search engine built for AI agents, and returns the most relevant ' +
      'passages of the top pages with a readable summary. Set include_answer for a short answer, topic ' +
      '"news" with time_range for current events, include_domains to stay on trusted sites.',
    input: TavilySearchInput,
    output: TavilySearchOutput,
    metrics: TAVILY_SEARCH_METRICS,
    execute: async (input, { signal }) => {
      const response = await client.post<TavilySearchResponse>(
        'search',
        tavilySearchBody(input, 'basic'),
        signal,
      );
      const results = (response.results ?? []).slice(0, SHOWN).map((result) => ({
        title: result.title ?? '',
        url: result.url ?? '',
        content: result.content ?? '',
        score: typeof result.score === 'number' ? result.score : 0,
      }));
      const answer =
        typeof response.answer === 'string' && response.answer !== '' ? response.answer : undefined;
      const lines: string[] = [];
      if (answer !== undefined) lines.push(`Answer: ${answer}`, '');
      if (results.length === 0) {
        lines.push(`No results found for '${input.query}'. Try a different or broader query.`);
      } else {
        lines.push(`Found ${results.length} results:`);
        results.forEach((result, index) => {
          lines.push(
            `\n${index + 1}. ${result.title}\n   URL: ${result.url}\n   ${clipText(result.content.replace(/\s+/g, ' ').trim(), 200)}`,
          );
        });
      }
      return {
        query: input.query,
        ...(answer === undefined ? {} : { answer }),
        summary: lines.join('\n'),
        results,
      };
    },
  });
}
