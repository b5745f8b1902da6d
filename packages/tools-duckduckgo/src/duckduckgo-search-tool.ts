import { type DefinedTool, defineTool, type ToolMetrics } from '@aigo/ai';
import { asText, type DuckDuckGoResponse, flattenTopics } from './duckduckgo-api.js';
import { type DuckDuckGoToolOptions, duckDuckGoClient } from './duckduckgo-options.js';
import { DuckDuckGoInput, DuckDuckGoSearchOutput } from './duckduckgo-schemas.js';

/** `DuckDuckGoSearch` metrics (the Go tool's figures: free, often empty). */
export const DUCKDUCKGO_SEARCH_METRICS: ToolMetrics = Object.freeze({
  amount: 0,
  currency: 'USD',
  costDescription: 'free (Instant Answer API)',
  accuracy: 0.5,
  averageDurationInMillis: 600,
});

/** The tool made by {@link duckDuckGoSearchTool}. */
export type DuckDuckGoSearchTool = DefinedTool<
  typeof DuckDuckGoInput,
  typeof DuckDuckGoSearchOutput,
  unknown
>;

/** What the model is told; shared by both tools so the limitation is never left out. */
export const DUCKDUCKGO_LIMITATION =
  'This is the DuckDuckGo Instant Answer API, NOT a web search: it returns no list of web pages, only an ' +
  'instant answer (a Wikipedia-style abstract, a definition, a direct answer) and related topics when ' +
  'DuckDuckGo has one — and for most queries, especially questions and recent events, it returns nothing.';

/**
 * DuckDuckGo's free Instant Answer API, summarised for a model: abstract, answer, definition and the
 * first related topics. It is not a web search and returns nothing for most queries; the description
 * says so to the model.
 */
export function duckDuckGoSearchTool(options?: DuckDuckGoToolOptions): DuckDuckGoSearchTool {
  const ask = duckDuckGoClient(options);
  return defineTool({
    name: options?.name ?? 'DuckDuckGoSearch',
    description: `Looks a topic, person, place or term up in DuckDuckGo's instant answers. ${DUCKDUCKGO_LIMITATION} Use short topic names ("Ada Lovelace"), and prefer a real web search tool when one is available.`,
    input: DuckDuckGoInput,
    output: DuckDuckGoSearchOutput,
    metrics: DUCKDUCKGO_SEARCH_METRICS,
    execute: async ({ query }, { signal }) => mapDuckDuckGoSearch(query, await ask(query, signal)),
  });
}

/** The Instant Answer → the `DuckDuckGoSearch` output. */
export function mapDuckDuckGoSearch(query: string, response: DuckDuckGoResponse) {
  const related = flattenTopics(response.RelatedTopics);
  const official = response.Results ?? [];
  const results = [...official, ...related]
    .filter((topic) => asText(topic.Text) !== '' && asText(topic.FirstURL) !== '')
    .map((topic) => ({
      text: asText(topic.Text),
      url: asText(topic.FirstURL),
      ...('group' in topic && typeof topic.group === 'string' ? { group: topic.group } : {}),
    }));
  const parts: string[] = [];
  const abstract = asText(response.AbstractText) || asText(response.Abstract);
  if (abstract !== '') {
    const url = asText(response.AbstractURL);
    parts.push(`Abstract: ${abstract}${url === '' ? '' : `\nSource: ${url}`}`);
  }
  const answer = asText(response.Answer);
  if (answer !== '') parts.push(`Answer: ${answer}`);
  const definition = asText(response.Definition);
  if (definition !== '') {
    const url = asText(response.DefinitionURL);
    parts.push(`Definition: ${definition}${url === '' ? '' : `\nSource: ${url}`}`);
  }
  const topics = related
    .map((topic) => asText(topic.Text))
    .filter((text) => text !== '')
    .slice(0, 5);
  if (topics.length > 0) parts.push(`Related topics: ${topics.join('; ')}`);
  const summary =
    parts.length === 0
      ? `DuckDuckGo has no instant answer for '${query}'. This API does not search the web; use a web search tool, or try a shorter topic name.`
      : parts.join('\n\n');
  return { query, summary, results };
}
