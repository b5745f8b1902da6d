import { type DefinedTool, defineTool, type ToolMetrics } from '@aigo/ai';
import {
  absoluteImage,
  asText,
  type DuckDuckGoResponse,
  type FlatTopic,
  flattenTopics,
} from './duckduckgo-api.js';
import { type DuckDuckGoToolOptions, duckDuckGoClient } from './duckduckgo-options.js';
import { DuckDuckGoInput, DuckDuckGoSearchAdvancedOutput } from './duckduckgo-schemas.js';
import { DUCKDUCKGO_LIMITATION } from './duckduckgo-search-tool.js';

/** `DuckDuckGoSearchAdvanced` metrics (the Go tool's figures). */
export const DUCKDUCKGO_SEARCH_ADVANCED_METRICS: ToolMetrics = Object.freeze({
  amount: 0,
  currency: 'USD',
  costDescription: 'free (Instant Answer API)',
  accuracy: 0.55,
  averageDurationInMillis: 650,
});

/** The tool made by {@link duckDuckGoSearchAdvancedTool}. */
export type DuckDuckGoSearchAdvancedTool = DefinedTool<
  typeof DuckDuckGoInput,
  typeof DuckDuckGoSearchAdvancedOutput,
  unknown
>;

/**
 * Every field of DuckDuckGo's Instant Answer, normalised: snake_case names, numbers and strings as
 * strings, image and icon paths made absolute, related topics flattened out of their groups (each
 * tagged with its group's name).
 */
export function duckDuckGoSearchAdvancedTool(
  options?: DuckDuckGoToolOptions,
): DuckDuckGoSearchAdvancedTool {
  const ask = duckDuckGoClient(options);
  return defineTool({
    name: options?.name ?? 'DuckDuckGoSearchAdvanced',
    description: `Returns DuckDuckGo's full instant-answer record for a topic: heading, abstract and its source, answer, definition, image, and every related topic with its link. ${DUCKDUCKGO_LIMITATION}`,
    input: DuckDuckGoInput,
    output: DuckDuckGoSearchAdvancedOutput,
    metrics: DUCKDUCKGO_SEARCH_ADVANCED_METRICS,
    execute: async ({ query }, { signal }) =>
      mapDuckDuckGoAdvanced(query, await ask(query, signal)),
  });
}

/** The Instant Answer → the `DuckDuckGoSearchAdvanced` output. */
export function mapDuckDuckGoAdvanced(query: string, response: DuckDuckGoResponse) {
  const topic = (entry: FlatTopic) => ({
    first_url: asText(entry.FirstURL),
    icon: {
      url: absoluteImage(asText(entry.Icon?.URL)),
      height: asText(entry.Icon?.Height),
      width: asText(entry.Icon?.Width),
    },
    result: asText(entry.Result),
    text: asText(entry.Text),
    ...(entry.group === undefined ? {} : { group: entry.group }),
  });
  return {
    query,
    type: asText(response.Type),
    heading: asText(response.Heading),
    abstract: asText(response.AbstractText) || asText(response.Abstract),
    abstract_source: asText(response.AbstractSource),
    abstract_url: asText(response.AbstractURL),
    answer: asText(response.Answer),
    answer_type: asText(response.AnswerType),
    definition: asText(response.Definition),
    definition_source: asText(response.DefinitionSource),
    definition_url: asText(response.DefinitionURL),
    entity: asText(response.Entity),
    image: absoluteImage(asText(response.Image)),
    image_width: asText(response.ImageWidth),
    image_height: asText(response.ImageHeight),
    image_is_logo: asText(response.ImageIsLogo),
    redirect: asText(response.Redirect),
    related_topics: flattenTopics(response.RelatedTopics).map(topic),
    results: (response.Results ?? []).map((entry) => topic(entry)),
  };
}
