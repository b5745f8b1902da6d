import { type DefinedTool, defineTool, type ToolMetrics, ValidationError } from '@aigo/ai';
import { type ExaSearchResponse, exaCommonBody } from './exa-api.js';
import { mapExaResult, summarizeExaResults } from './exa-mapping.js';
import { type ExaToolOptions, exaClient } from './exa-options.js';
import { ExaFindSimilarInput, ExaFindSimilarOutput } from './exa-schemas.js';

/** `ExaFindSimilar` metrics (the Go tool's figures). */
export const EXA_FIND_SIMILAR_METRICS: ToolMetrics = Object.freeze({
  amount: 0.003,
  currency: 'USD',
  costDescription: 'per search',
  accuracy: 0.91,
  averageDurationInMillis: 900,
});

/** The tool made by {@link exaFindSimilarTool}. */
export type ExaFindSimilarTool = DefinedTool<
  typeof ExaFindSimilarInput,
  typeof ExaFindSimilarOutput,
  unknown
>;

/** Finds pages similar to a URL with Exa's `/findSimilar` (the URL is sent to Exa, not fetched here). */
export function exaFindSimilarTool(options?: ExaToolOptions): ExaFindSimilarTool {
  const client = exaClient(options);
  return defineTool({
    name: options?.name ?? 'ExaFindSimilar',
    description:
      'Finds web pages similar to a given page (competitors of a company site, related papers, other ' +
      'articles on the same topic) with Exa. Requires url. Returns the similar pages with highlights and ' +
      'a readable summary.',
    input: ExaFindSimilarInput,
    output: ExaFindSimilarOutput,
    metrics: EXA_FIND_SIMILAR_METRICS,
    execute: async (input, { signal }) => {
      const url = input.url.trim();
      if (!/^https?:\/\/\S+$/i.test(url)) {
        throw new ValidationError('url', 'must be an http(s) URL, e.g. https://example.com/page');
      }
      const body = {
        url,
        ...(input.exclude_source_domain === undefined
          ? {}
          : { excludeSourceDomain: input.exclude_source_domain }),
        ...exaCommonBody(input, true),
      };
      const response = await client.post<ExaSearchResponse>('findSimilar', body, signal);
      const results = (response.results ?? []).map(mapExaResult);
      const summary =
        results.length === 0
          ? `No pages similar to ${url} were found.`
          : [
              `Found ${results.length} pages similar to ${url}:`,
              ...summarizeExaResults(results),
            ].join('\n');
      return { source: url, summary, results };
    },
  });
}
