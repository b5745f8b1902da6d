import { type DefinedTool, defineTool, type ToolMetrics } from '@aigo/ai';
import { type TavilySearchResponse, tavilySearchBody } from './tavily-api.js';
import { type TavilyToolOptions, tavilyClient } from './tavily-options.js';
import { TavilySearchAdvancedInput, TavilySearchAdvancedOutput } from './tavily-schemas.js';

/** `TavilySearchAdvanced` metrics (the Go tool's figures). */
export const TAVILY_SEARCH_ADVANCED_METRICS: ToolMetrics = Object.freeze({
  amount: 0.002,
  currency: 'USD',
  costDescription: '2 API credits (advanced search)',
  accuracy: 0.94,
  averageDurationInMillis: 1200,
});

/** The tool made by {@link tavilySearchAdvancedTool}. */
export type TavilySearchAdvancedTool = DefinedTool<
  typeof TavilySearchAdvancedInput,
  typeof TavilySearchAdvancedOutput,
  unknown
>;

/**
 * Tavily search with everything: advanced depth by default, optional full page text
 * (`include_raw_content`) and images (plain URLs and described images both normalised to
 * `{ url, description? }`), follow-up questions, timing and request id.
 */
export function tavilySearchAdvancedTool(options?: TavilyToolOptions): TavilySearchAdvancedTool {
  const client = tavilyClient(options);
  return defineTool({
    name: options?.name ?? 'TavilySearchAdvanced',
    description:
      'Searches the web with Tavily at advanced depth and returns every result with its relevance score, ' +
      'optionally the full cleaned page text (include_raw_content) and related images (include_images). ' +
      'Use it for research that needs whole pages; use TavilySearch for a quick summary.',
    input: TavilySearchAdvancedInput,
    output: TavilySearchAdvancedOutput,
    metrics: TAVILY_SEARCH_ADVANCED_METRICS,
    execute: async (input, { signal }) => {
      const body = tavilySearchBody(input, 'advanced');
      if (input.include_raw_content !== undefined)
        body.include_raw_content = input.include_raw_content;
      if (input.include_images !== undefined) body.include_images = input.include_images;
      if (input.include_image_descriptions !== undefined) {
        body.include_image_descriptions = input.include_image_descriptions;
      }
      const response = await client.post<TavilySearchResponse>('search', body, signal);
      const responseTime = Number(response.response_time);
      const followUps = response.follow_up_questions;
      return {
        query: input.query,
        ...(typeof response.answer === 'string' && response.answer !== ''
          ? { answer: response.answer }
          : {}),
        ...(Array.isArray(followUps) && followUps.length > 0
          ? { follow_up_questions: followUps.filter((q): q is string => typeof q === 'string') }
          : {}),
        results: (response.results ?? []).map((result) => ({
          title: result.title ?? '',
          url: result.url ?? '',
          content: result.content ?? '',
          ...(typeof result.raw_content === 'string' ? { raw_content: result.raw_content } : {}),
          score: typeof result.score === 'number' ? result.score : 0,
          ...(typeof result.favicon === 'string' ? { favicon: result.favicon } : {}),
        })),
        images: (response.images ?? []).flatMap((image) => {
          if (typeof image === 'string') return [{ url: image }];
          if (image !== null && typeof image === 'object' && typeof image.url === 'string') {
            return [
              {
                url: image.url,
                ...(typeof image.description === 'string'
                  ? { description: image.description }
                  : {}),
              },
            ];
          }
          return [];
        }),
        ...(Number.isFinite(responseTime) && response.response_time !== undefined
          ? { response_time: responseTime }
          : {}),
        ...(typeof response.request_id === 'string' ? { request_id: response.request_id } : {}),
      };
    },
  });
}
