import { type DefinedTool, defineTool, type ToolMetrics } from '@aigo/ai';
import type { ExaAnswerResponse } from './exa-api.js';
import { type ExaToolOptions, exaClient } from './exa-options.js';
import { ExaAnswerInput, ExaAnswerOutput } from './exa-schemas.js';

/** `ExaAnswer` metrics (the Go tool's figures). */
export const EXA_ANSWER_METRICS: ToolMetrics = Object.freeze({
  amount: 0.01,
  currency: 'USD',
  costDescription: 'per answer',
  accuracy: 0.88,
  averageDurationInMillis: 3000,
});

/** The tool made by {@link exaAnswerTool}. */
export type ExaAnswerTool = DefinedTool<typeof ExaAnswerInput, typeof ExaAnswerOutput, unknown>;

/** Asks Exa's `/answer` endpoint: a short answer grounded in web search, with its citations. */
export function exaAnswerTool(options?: ExaToolOptions): ExaAnswerTool {
  const client = exaClient(options);
  return defineTool({
    name: options?.name ?? 'ExaAnswer',
    description:
      'Answers a factual question from a fresh web search with Exa and returns the answer with the pages ' +
      'it cites (title, URL, author, date). Use it for questions with a short, checkable answer; use ' +
      'ExaSearch to explore a topic.',
    input: ExaAnswerInput,
    output: ExaAnswerOutput,
    metrics: EXA_ANSWER_METRICS,
    execute: async (input, { signal }) => {
      const body = { query: input.query, ...(input.include_text === true ? { text: true } : {}) };
      const response = await client.post<ExaAnswerResponse>('answer', body, signal);
      const sources =
        response.citations !== undefined && response.citations.length > 0
          ? response.citations
          : (response.results ?? []);
      const answer =
        typeof response.answer === 'string'
          ? response.answer
          : response.answer === undefined || response.answer === null
            ? ''
            : JSON.stringify(response.answer);
      return {
        query: input.query,
        answer,
        citations: sources.map((source) => ({
          title: source.title ?? '',
          url: source.url ?? '',
          ...(source.author ? { author: source.author } : {}),
          ...(source.publishedDate ? { published_date: source.publishedDate } : {}),
          ...(typeof source.text === 'string' ? { text: source.text } : {}),
        })),
      };
    },
  });
}
