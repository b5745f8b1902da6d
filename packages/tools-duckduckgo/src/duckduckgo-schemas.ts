import { type Static, Type } from 'typebox';

/** The input of both DuckDuckGo tools. */
export const DuckDuckGoInput = Type.Object({
  query: Type.String({
    minLength: 1,
    description: 'A topic, name or term (e.g. "Ada Lovelace", "photosynthesis"); not a question',
  }),
});
/** The input of the DuckDuckGo tools. */
export type DuckDuckGoInput = Static<typeof DuckDuckGoInput>;

/** The output of `DuckDuckGoSearch`. */
export const DuckDuckGoSearchOutput = Type.Object({
  query: Type.String(),
  summary: Type.String({
    description: 'The instant answer as text, or a sentence saying there is none',
  }),
  results: Type.Array(
    Type.Object({
      text: Type.String(),
      url: Type.String(),
      group: Type.Optional(Type.String()),
    }),
    { description: 'Official links, then related topics (groups flattened)' },
  ),
});
/** The output of `DuckDuckGoSearch`. */
export type DuckDuckGoSearchOutput = Static<typeof DuckDuckGoSearchOutput>;

const Topic = Type.Object({
  first_url: Type.String(),
  icon: Type.Object({ url: Type.String(), height: Type.String(), width: Type.String() }),
  result: Type.String(),
  text: Type.String(),
  group: Type.Optional(Type.String()),
});

/** The output of `DuckDuckGoSearchAdvanced`: every Instant Answer field, normalised. */
export const DuckDuckGoSearchAdvancedOutput = Type.Object({
  query: Type.String(),
  type: Type.String({
    description: 'A article, D disambiguation, C category, N name, E exclusive, "" none',
  }),
  heading: Type.String(),
  abstract: Type.String(),
  abstract_source: Type.String(),
  abstract_url: Type.String(),
  answer: Type.String(),
  answer_type: Type.String(),
  definition: Type.String(),
  definition_source: Type.String(),
  definition_url: Type.String(),
  entity: Type.String(),
  image: Type.String(),
  image_width: Type.String(),
  image_height: Type.String(),
  image_is_logo: Type.String(),
  redirect: Type.String(),
  related_topics: Type.Array(Topic),
  results: Type.Array(Topic),
});
/** The output of `DuckDuckGoSearchAdvanced`. */
export type DuckDuckGoSearchAdvancedOutput = Static<typeof DuckDuckGoSearchAdvancedOutput>;
