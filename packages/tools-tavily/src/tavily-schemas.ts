import { type Static, Type } from 'typebox';

const searchFields = {
  query: Type.String({ minLength: 1, description: 'What to search the web for' }),
  search_depth: Type.Optional(
    Type.Union([Type.Literal('basic'), Type.Literal('advanced')], {
      description: 'basic (1 credit) or advanced (2 credits, better relevance)',
    }),
  ),
  max_results: Type.Optional(Type.Integer({ description: 'How many results, 1–20 (default 10)' })),
  topic: Type.Optional(
    Type.Union([Type.Literal('general'), Type.Literal('news'), Type.Literal('finance')], {
      description: 'general (default), news for current events, finance',
    }),
  ),
  time_range: Type.Optional(
    Type.Union(
      [Type.Literal('day'), Type.Literal('week'), Type.Literal('month'), Type.Literal('year')],
      { description: 'Only results from this recent period' },
    ),
  ),
  include_domains: Type.Optional(
    Type.Array(Type.String(), { description: 'Only results from these domains' }),
  ),
  exclude_domains: Type.Optional(
    Type.Array(Type.String(), { description: 'No results from these domains' }),
  ),
  include_answer: Type.Optional(
    Type.Boolean({ description: 'Also return a short answer written from the results' }),
  ),
};

/** The input of `TavilySearch`. */
export const TavilySearchInput = Type.Object(searchFields);
/** The input of `TavilySearch`. */
export type TavilySearchInput = Static<typeof TavilySearchInput>;

/** The input of `TavilySearchAdvanced`. */
export const TavilySearchAdvancedInput = Type.Object({
  ...searchFields,
  include_raw_content: Type.Optional(
    Type.Boolean({ description: "Include each page's full cleaned text (large)" }),
  ),
  include_images: Type.Optional(Type.Boolean({ description: 'Include related images' })),
  include_image_descriptions: Type.Optional(
    Type.Boolean({ description: 'Describe each image (with include_images)' }),
  ),
});
/** The input of `TavilySearchAdvanced`. */
export type TavilySearchAdvancedInput = Static<typeof TavilySearchAdvancedInput>;

/** The input of `TavilyExtract`. */
export const TavilyExtractInput = Type.Object({
  urls: Type.Array(Type.String({ minLength: 1 }), {
    minItems: 1,
    maxItems: 20,
    description: 'The pages to read, 1–20 URLs',
  }),
  extract_depth: Type.Optional(
    Type.Union([Type.Literal('basic'), Type.Literal('advanced')], {
      description: 'basic (default) or advanced (tables, embedded content; more credits)',
    }),
  ),
});
/** The input of `TavilyExtract`. */
export type TavilyExtractInput = Static<typeof TavilyExtractInput>;

/** The output of `TavilySearch`. */
export const TavilySearchOutput = Type.Object({
  query: Type.String(),
  answer: Type.Optional(Type.String()),
  summary: Type.String({ description: 'The results as text, ready to read' }),
  results: Type.Array(
    Type.Object({
      title: Type.String(),
      url: Type.String(),
      content: Type.String(),
      score: Type.Number(),
    }),
  ),
});
/** The output of `TavilySearch`. */
export type TavilySearchOutput = Static<typeof TavilySearchOutput>;

/** The output of `TavilySearchAdvanced`. */
export const TavilySearchAdvancedOutput = Type.Object({
  query: Type.String(),
  answer: Type.Optional(Type.String()),
  follow_up_questions: Type.Optional(Type.Array(Type.String())),
  results: Type.Array(
    Type.Object({
      title: Type.String(),
      url: Type.String(),
      content: Type.String(),
      raw_content: Type.Optional(Type.String()),
      score: Type.Number(),
      favicon: Type.Optional(Type.String()),
    }),
  ),
  images: Type.Array(
    Type.Object({ url: Type.String(), description: Type.Optional(Type.String()) }),
  ),
  response_time: Type.Optional(Type.Number()),
  request_id: Type.Optional(Type.String()),
});
/** The output of `TavilySearchAdvanced`. */
export type TavilySearchAdvancedOutput = Static<typeof TavilySearchAdvancedOutput>;

/** The output of `TavilyExtract`. */
export const TavilyExtractOutput = Type.Object({
  results: Type.Array(
    Type.Object({
      url: Type.String(),
      raw_content: Type.String(),
      favicon: Type.Optional(Type.String()),
    }),
  ),
  failed_results: Type.Array(Type.Object({ url: Type.String(), error: Type.String() })),
  summary: Type.String(),
});
/** The output of `TavilyExtract`. */
export type TavilyExtractOutput = Static<typeof TavilyExtractOutput>;
