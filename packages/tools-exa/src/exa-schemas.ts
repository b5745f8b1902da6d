import { type Static, Type } from 'typebox';

/** Exa's content categories. */
export const EXA_CATEGORIES = [
  'company',
  'research paper',
  'news',
  'pdf',
  'github',
  'tweet',
  'personal site',
  'financial report',
  'people',
] as const;

const searchFields = {
  num_results: Type.Optional(Type.Integer({ description: 'How many results, 1–100 (default 10)' })),
  include_domains: Type.Optional(
    Type.Array(Type.String(), {
      description: 'Only results from these domains, e.g. ["arxiv.org"]',
    }),
  ),
  exclude_domains: Type.Optional(
    Type.Array(Type.String(), { description: 'No results from these domains' }),
  ),
  include_text: Type.Optional(
    Type.Boolean({ description: "Include up to 2,000 characters of each page's text" }),
  ),
  include_highlights: Type.Optional(
    Type.Boolean({
      description: 'Include the most relevant sentences of each page (default true)',
    }),
  ),
};

/** The input of `ExaSearch` and `ExaSearchAdvanced`. */
export const ExaSearchInput = Type.Object({
  query: Type.String({ minLength: 1, description: 'What to search for, in natural language' }),
  type: Type.Optional(
    Type.Union(
      [Type.Literal('auto'), Type.Literal('neural'), Type.Literal('keyword'), Type.Literal('fast')],
      { description: 'Search type (default auto)' },
    ),
  ),
  category: Type.Optional(
    Type.Union(
      [
        Type.Literal('company'),
        Type.Literal('research paper'),
        Type.Literal('news'),
        Type.Literal('pdf'),
        Type.Literal('github'),
        Type.Literal('tweet'),
        Type.Literal('personal site'),
        Type.Literal('financial report'),
        Type.Literal('people'),
      ],
      { description: 'Only results of this kind' },
    ),
  ),
  start_published_date: Type.Optional(
    Type.String({ description: 'Only pages published after this ISO date, e.g. 2024-01-01' }),
  ),
  end_published_date: Type.Optional(
    Type.String({ description: 'Only pages published before this ISO date' }),
  ),
  start_crawl_date: Type.Optional(
    Type.String({ description: 'Only pages crawled after this ISO date' }),
  ),
  end_crawl_date: Type.Optional(
    Type.String({ description: 'Only pages crawled before this ISO date' }),
  ),
  ...searchFields,
});
/** The input of the Exa search tools. */
export type ExaSearchInput = Static<typeof ExaSearchInput>;

/** The input of `ExaFindSimilar`. */
export const ExaFindSimilarInput = Type.Object({
  url: Type.String({ minLength: 1, description: 'The page to find similar pages to (required)' }),
  exclude_source_domain: Type.Optional(
    Type.Boolean({ description: 'Leave out pages from the same domain as url' }),
  ),
  ...searchFields,
});
/** The input of `ExaFindSimilar`. */
export type ExaFindSimilarInput = Static<typeof ExaFindSimilarInput>;

/** The input of `ExaAnswer`. */
export const ExaAnswerInput = Type.Object({
  query: Type.String({ minLength: 1, description: 'The question to answer' }),
  include_text: Type.Optional(
    Type.Boolean({ description: 'Include the full text of each cited source' }),
  ),
});
/** The input of `ExaAnswer`. */
export type ExaAnswerInput = Static<typeof ExaAnswerInput>;

const Result = Type.Object({
  title: Type.String(),
  url: Type.String(),
  published_date: Type.Optional(Type.String()),
  author: Type.Optional(Type.String()),
  text: Type.Optional(Type.String()),
  highlights: Type.Optional(Type.Array(Type.String())),
});

/** The output of `ExaSearch`. */
export const ExaSearchOutput = Type.Object({
  query: Type.String(),
  summary: Type.String({ description: 'The results as text, ready to read' }),
  results: Type.Array(Result),
});
/** The output of `ExaSearch`. */
export type ExaSearchOutput = Static<typeof ExaSearchOutput>;

/** The output of `ExaSearchAdvanced`. */
export const ExaSearchAdvancedOutput = Type.Object({
  query: Type.String(),
  resolved_search_type: Type.Optional(Type.String()),
  request_id: Type.Optional(Type.String()),
  cost_dollars: Type.Optional(Type.Number()),
  results: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      url: Type.String(),
      score: Type.Optional(Type.Number()),
      published_date: Type.Optional(Type.String()),
      author: Type.Optional(Type.String()),
      text: Type.Optional(Type.String()),
      highlights: Type.Optional(Type.Array(Type.String())),
      highlight_scores: Type.Optional(Type.Array(Type.Number())),
      summary: Type.Optional(Type.String()),
      image: Type.Optional(Type.String()),
      favicon: Type.Optional(Type.String()),
    }),
  ),
});
/** The output of `ExaSearchAdvanced`. */
export type ExaSearchAdvancedOutput = Static<typeof ExaSearchAdvancedOutput>;

/** The output of `ExaFindSimilar`. */
export const ExaFindSimilarOutput = Type.Object({
  source: Type.String(),
  summary: Type.String(),
  results: Type.Array(Result),
});
/** The output of `ExaFindSimilar`. */
export type ExaFindSimilarOutput = Static<typeof ExaFindSimilarOutput>;

/** The output of `ExaAnswer`. */
export const ExaAnswerOutput = Type.Object({
  query: Type.String(),
  answer: Type.String(),
  citations: Type.Array(
    Type.Object({
      title: Type.String(),
      url: Type.String(),
      author: Type.Optional(Type.String()),
      published_date: Type.Optional(Type.String()),
      text: Type.Optional(Type.String()),
    }),
  ),
});
/** The output of `ExaAnswer`. */
export type ExaAnswerOutput = Static<typeof ExaAnswerOutput>;
