import { type DefinedTool, defineTool, type ToolMetrics } from '@aigo/ai';
import type { TavilyExtractResponse } from './tavily-api.js';
import { type TavilyToolOptions, tavilyClient } from './tavily-options.js';
import { TavilyExtractInput, TavilyExtractOutput } from './tavily-schemas.js';

/** `TavilyExtract` metrics (the Go tool's figures: 0.0002 USD per URL). */
export const TAVILY_EXTRACT_METRICS: ToolMetrics = Object.freeze({
  amount: 0.0002,
  currency: 'USD',
  costDescription: 'per URL extracted (basic depth)',
  accuracy: 0.9,
  averageDurationInMillis: 1500,
});

/** The tool made by {@link tavilyExtractTool}. */
export type TavilyExtractTool = DefinedTool<
  typeof TavilyExtractInput,
  typeof TavilyExtractOutput,
  unknown
>;

const EXCERPT = 500;

/**
 * Reads up to 20 pages through Tavily's `/extract` (Tavily fetches them, not this process) and returns
 * their cleaned text, with a summary of the first 500 characters of each. URLs Tavily could not read
 * are listed, not errors.
 */
export function tavilyExtractTool(options?: TavilyToolOptions): TavilyExtractTool {
  const client = tavilyClient(options);
  return defineTool({
    name: options?.name ?? 'TavilyExtract',
    description:
      'Reads the main text of 1 to 20 web pages with Tavily and returns it cleaned of navigation and ads. ' +
      'Use it after a search to read the pages that matter. Pages that cannot be read are listed in ' +
      'failed_results.',
    input: TavilyExtractInput,
    output: TavilyExtractOutput,
    metrics: TAVILY_EXTRACT_METRICS,
    execute: async (input, { signal }) => {
      const response = await client.post<TavilyExtractResponse>(
        'extract',
        { urls: input.urls, extract_depth: input.extract_depth ?? 'basic' },
        signal,
      );
      const results = (response.results ?? []).map((result) => ({
        url: result.url ?? '',
        raw_content: result.raw_content ?? '',
        ...(typeof result.favicon === 'string' ? { favicon: result.favicon } : {}),
      }));
      const failed = (response.failed_results ?? []).map((failure) => ({
        url: failure.url ?? '',
        error: failure.error ?? 'unknown error',
      }));
      return { results, failed_results: failed, summary: extractSummary(results, failed) };
    },
  });
}

/** `## <url>` and an excerpt per page; the failures after a rule. */
export function extractSummary(
  results: readonly { url: string; raw_content: string }[],
  failed: readonly { url: string }[],
): string {
  if (results.length === 0 && failed.length === 0) {
    return 'Nothing could be extracted from the given URLs.';
  }
  const parts = results.map((result) => `## ${result.url}\n${excerpt(result.raw_content)}`);
  let summary = parts.join('\n\n');
  if (results.length === 0) summary = 'Nothing could be extracted from the given URLs.';
  if (failed.length > 0) {
    summary += `\n---\nFailed to extract ${failed.length} URL(s): ${failed.map((f) => f.url).join(', ')}`;
  }
  return summary;
}

/** The first 500 characters, cut back to a word boundary when one is past the halfway point. */
function excerpt(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= EXCERPT) return trimmed;
  let cut = trimmed.slice(0, EXCERPT);
  const space = cut.lastIndexOf(' ');
  if (space > EXCERPT / 2) cut = cut.slice(0, space);
  return `${cut}...`;
}
