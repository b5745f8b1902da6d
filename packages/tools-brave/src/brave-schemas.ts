import { type Static, Type } from 'typebox';

/** The input both Brave tools take. */
export const BraveSearchInput = Type.Object({
  query: Type.String({ minLength: 1, description: 'What to search the web for' }),
  count: Type.Optional(
    Type.Integer({
      description: 'How many web results, 1–20 (default 10; larger values are capped)',
    }),
  ),
  offset: Type.Optional(
    Type.Integer({
      description: 'Page of results to return, 0–9, in steps of `count` (default 0)',
    }),
  ),
  country: Type.Optional(
    Type.String({ description: 'Two-letter country code for the results, e.g. "us", "de"' }),
  ),
  search_lang: Type.Optional(
    Type.String({ description: 'Language of the results, e.g. "en", "fr"' }),
  ),
  safesearch: Type.Optional(
    Type.Union([Type.Literal('off'), Type.Literal('moderate'), Type.Literal('strict')], {
      description: 'Adult-content filter (default moderate)',
    }),
  ),
  freshness: Type.Optional(
    Type.String({
      description:
        'Only results this recent: pd (past day), pw (week), pm (month), py (year), or a range YYYY-MM-DDtoYYYY-MM-DD',
    }),
  ),
});
/** The input of the Brave tools. */
export type BraveSearchInput = Static<typeof BraveSearchInput>;

const Result = Type.Object({
  title: Type.String(),
  url: Type.String(),
  description: Type.String(),
  age: Type.Optional(Type.String()),
});

/** The output of `BraveSearch`: a summary for the model plus the web results. */
export const BraveSearchOutput = Type.Object({
  query: Type.String(),
  summary: Type.String({ description: 'The results as text, ready to read' }),
  results: Type.Array(Result),
});
/** The output of `BraveSearch`. */
export type BraveSearchOutput = Static<typeof BraveSearchOutput>;

const Passthrough = Type.Record(Type.String(), Type.Unknown());

/** The output of `BraveSearchAdvanced`: Brave's result groups, passed through. */
export const BraveSearchAdvancedOutput = Type.Object({
  query: Type.String(),
  altered_query: Type.Optional(Type.String()),
  web: Type.Array(Passthrough),
  news: Type.Array(Passthrough),
  videos: Type.Array(Passthrough),
  infobox: Type.Array(Passthrough),
  locations: Type.Array(Passthrough),
  mixed: Type.Optional(Passthrough),
});
/** The output of `BraveSearchAdvanced`. */
export type BraveSearchAdvancedOutput = Static<typeof BraveSearchAdvancedOutput>;
