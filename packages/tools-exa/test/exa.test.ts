import { readFileSync } from 'node:fs';
import { ProviderError, parseToolErrorEnvelope, ValidationError } from '@aigo/ai';
import { type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { exaAnswerTool } from '../src/exa-answer-tool.js';
import { exaFindSimilarTool } from '../src/exa-find-similar-tool.js';
import { EXA_API_KEY_ENV } from '../src/exa-options.js';
import { exaSearchAdvancedTool } from '../src/exa-search-advanced-tool.js';
import { EXA_SEARCH_METRICS, exaSearchTool } from '../src/exa-search-tool.js';

const KEY = 'exa-test-key-3f9a1c7e5b2d4086';
const fixture = (name: string): object =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

let server: RecordedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(
  path: string,
  body: object,
  status = 200,
  headers: Record<string, string> = {},
) {
  server = await startRecordedServer([{ method: 'POST', path, status, body, headers }]);
  return server;
}

describe('exaSearchTool', () => {
  it('POSTs /search with the key in x-api-key and maps results and summary', async () => {
    const recorded = await serve('/search', fixture('search.json'));
    const tool = exaSearchTool({ apiKey: KEY, baseURL: recorded.url });
    const output = JSON.parse(
      await tool.call(
        JSON.stringify({
          query: 'retrieval augmented generation',
          num_results: 3,
          include_domains: ['arxiv.org', 'pinecone.io'],
          start_published_date: '2023-01-01',
          category: 'research paper',
        }),
      ),
    );
    const request = recorded.lastRequest();
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/search');
    expect(request?.headers['x-api-key']).toBe(KEY);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      query: 'retrieval augmented generation',
      type: 'auto',
      category: 'research paper',
      numResults: 3,
      includeDomains: ['arxiv.org', 'pinecone.io'],
      startPublishedDate: '2023-01-01',
      contents: { highlights: true },
    });
    expect(output.results).toEqual([
      {
        title: 'Retrieval-Augmented Generation for Large Language Models: A Survey',
        url: 'https://arxiv.org/abs/2312.10997',
        published_date: '2023-12-18T00:00:00.000Z',
        author: 'Yunfan Gao, Yun Xiong, Xinyu Gao',
        highlights: [expect.stringMatching(/^Retrieval-Augmented Generation \(RAG\) has emerged/)],
      },
      {
        title: 'Retrieval-Augmented Generation (RAG)',
        url: 'https://www.pinecone.io/learn/retrieval-augmented-generation/',
        published_date: '2024-02-06T00:00:00.000Z',
        text: expect.stringContaining('grounds a language model'),
        highlights: [],
      },
      {
        title:
          'run-llama/llama_index: LlamaIndex is the leading framework for building LLM-powered agents over your data.',
        url: 'https://github.com/run-llama/llama_index',
        author: 'run-llama',
        highlights: ['LlamaIndex is a data framework for your LLM applications.'],
      },
    ]);
    const lines = (output.summary as string).split('\n');
    expect(lines.slice(0, 7)).toEqual([
      'Found 3 results:',
      '',
      '1. Retrieval-Augmented Generation for Large Language Models: A Survey',
      '   URL: https://arxiv.org/abs/2312.10997',
      '   Author: Yunfan Gao, Yun Xiong, Xinyu Gao',
      '   Published: 2023-12-18T00:00:00.000Z',
      expect.stringMatching(/^ {3}Highlight: Retrieval-Augmented .{150,}\.\.\.$/),
    ]);
    // No highlight: a preview of the text, on one line.
    expect(output.summary).toContain(
      "   Preview: Retrieval-augmented generation, or RAG, is a technique that grounds a language model's answers in documents fetched at query time. It is widely used for question answering over private data.",
    );
  });

  it('asks for text when include_text is set and caps num_results at 100', async () => {
    const recorded = await serve('/search', fixture('search.json'));
    await exaSearchTool({ apiKey: KEY, baseURL: recorded.url }).execute({
      query: 'x',
      num_results: 500,
      include_text: true,
      include_highlights: false,
      type: 'keyword',
    });
    expect(recorded.lastRequest()?.body).toEqual({
      query: 'x',
      type: 'keyword',
      numResults: 100,
      contents: { text: { maxCharacters: 2000 } },
    });
  });

  it('reports no results plainly', async () => {
    const recorded = await serve('/search', { requestId: 'r', results: [] });
    const output = await exaSearchTool({ apiKey: KEY, baseURL: recorded.url }).execute({
      query: 'nothing',
    });
    expect(output.summary).toBe(
      "No results found for 'nothing'. Try rephrasing the query or removing filters.",
    );
    expect(output.results).toEqual([]);
  });

  it('names EXA_API_KEY when the key is missing, sending nothing', async () => {
    const recorded = await serve('/search', fixture('search.json'));
    const envelope = parseToolErrorEnvelope(
      await exaSearchTool({ baseURL: recorded.url, env: {} }).call('{"query":"x"}'),
    );
    expect(envelope?.error).toMatchObject({ code: 'missing_api_key' });
    expect(envelope?.error.message).toContain('EXA_API_KEY');
    expect(recorded.requests).toHaveLength(0);
    await exaSearchTool({ baseURL: recorded.url, env: { [EXA_API_KEY_ENV]: KEY } }).call(
      '{"query":"x"}',
    );
    expect(recorded.lastRequest()?.headers['x-api-key']).toBe(KEY);
  });

  it.each([
    ['error-401.json', 401, ['invalid_api_key', 'authentication'], {}],
    ['error-400.json', 400, ['bad_request'], {}],
    [{ error: 'Too many requests' }, 429, ['rate_limited'], { 'retry-after': '3' }],
    [{ error: 'Internal server error' }, 500, ['server_error'], {}],
  ] as const)(
    'maps %s (HTTP %i) to a typed error without the key',
    async (body, status, codes, headers) => {
      const recorded = await serve(
        '/search',
        typeof body === 'string' ? fixture(body) : body,
        status,
        headers,
      );
      const tool = exaSearchTool({ apiKey: KEY, baseURL: recorded.url });
      const error = (await tool
        .execute({ query: 'x' })
        .catch((caught: unknown) => caught)) as ProviderError;
      expect(ProviderError.isInstance(error)).toBe(true);
      expect(error.provider).toBe('exa');
      expect(error.status).toBe(status);
      expect(codes).toContain(error.code);
      if (status === 429) expect(error.retryAfterMs).toBe(3000);
      if (status === 400)
        expect(error.message).toContain('numResults must be less than or equal to 100');
      const envelope = await tool.call('{"query":"x"}');
      expect(parseToolErrorEnvelope(envelope)?.error.code).toBe(error.code);
      expect(envelope).not.toContain(KEY);
    },
  );

  it('takes baseURL, and refuses baseUrl rather than ignoring it', async () => {
    const recorded = await serve('/search', fixture('search.json'));
    await exaSearchTool({ apiKey: KEY, baseURL: recorded.url }).execute({ query: 'new' });
    expect(recorded.lastRequest()?.body).toMatchObject({ query: 'new' });
    expect(() => exaAnswerTool({ apiKey: KEY, baseUrl: recorded.url } as never)).toThrow(
      /options\.baseUrl: is not an option/,
    );
    expect(recorded.requests).toHaveLength(1);
    expect(() => exaAnswerTool({ baseURL: 'ftp://x' })).toThrow(/options\.baseURL/);
  });

  it('carries the Go metrics', () => {
    expect(exaSearchTool({ apiKey: KEY }).metrics).toEqual(EXA_SEARCH_METRICS);
    expect(() => exaSearchTool({ baseURL: 'not a url' })).toThrow(ValidationError);
  });
});

describe('exaSearchAdvancedTool', () => {
  it('returns every field, without asking for highlights by default', async () => {
    const recorded = await serve('/search', fixture('search.json'));
    const output = await exaSearchAdvancedTool({ apiKey: KEY, baseURL: recorded.url }).execute({
      query: 'rag',
    });
    expect(recorded.lastRequest()?.body).toEqual({ query: 'rag', type: 'auto', numResults: 10 });
    expect(output.resolved_search_type).toBe('neural');
    expect(output.request_id).toBe('b5947044c4b78efa9552a7c89b306d95');
    expect(output.cost_dollars).toBe(0.005);
    expect(output.results[0]).toEqual({
      id: 'https://arxiv.org/abs/2312.10997',
      title: 'Retrieval-Augmented Generation for Large Language Models: A Survey',
      url: 'https://arxiv.org/abs/2312.10997',
      score: 0.4876,
      published_date: '2023-12-18T00:00:00.000Z',
      author: 'Yunfan Gao, Yun Xiong, Xinyu Gao',
      highlights: [expect.any(String)],
      highlight_scores: [0.4421],
      image: 'https://arxiv.org/static/browse/0.3.4/images/arxiv-logo-fb.png',
      favicon: 'https://arxiv.org/static/browse/0.3.4/images/icons/favicon-32x32.png',
    });
    expect(output.results[2]).not.toHaveProperty('published_date');
  });
});

describe('exaFindSimilarTool', () => {
  it('POSTs /findSimilar with the url and summarizes', async () => {
    const recorded = await serve('/findSimilar', fixture('find-similar.json'));
    const output = await exaFindSimilarTool({ apiKey: KEY, baseURL: recorded.url }).execute({
      url: 'https://www.pinecone.io/',
      num_results: 2,
      exclude_source_domain: true,
    });
    expect(recorded.lastRequest()?.body).toEqual({
      url: 'https://www.pinecone.io/',
      excludeSourceDomain: true,
      numResults: 2,
      contents: { highlights: true },
    });
    expect(output.source).toBe('https://www.pinecone.io/');
    expect(output.results.map((result) => result.url)).toEqual([
      'https://www.trychroma.com/',
      'https://weaviate.io/',
    ]);
    expect(output.summary.split('\n').slice(0, 5)).toEqual([
      'Found 2 pages similar to https://www.pinecone.io/:',
      '',
      '1. Chroma - the open-source embedding database',
      '   URL: https://www.trychroma.com/',
      '   Published: 2023-04-20T00:00:00.000Z',
    ]);
  });

  it('requires an http(s) url before any request', async () => {
    const recorded = await serve('/findSimilar', fixture('find-similar.json'));
    const tool = exaFindSimilarTool({ apiKey: KEY, baseURL: recorded.url });
    expect(parseToolErrorEnvelope(await tool.call('{}'))?.error.code).toBe('invalid_arguments');
    const envelope = parseToolErrorEnvelope(await tool.call('{"url":"pinecone"}'));
    expect(envelope?.error).toMatchObject({ code: 'validation' });
    expect(envelope?.error.message).toContain('url');
    expect(recorded.requests).toHaveLength(0);
  });
});

describe('exaAnswerTool', () => {
  it('POSTs /answer and returns the answer with citations', async () => {
    const recorded = await serve('/answer', fixture('answer.json'));
    const output = JSON.parse(
      await exaAnswerTool({ apiKey: KEY, baseURL: recorded.url }).call(
        '{"query":"How tall is the Eiffel Tower?","include_text":true}',
      ),
    );
    expect(recorded.lastRequest()?.body).toEqual({
      query: 'How tall is the Eiffel Tower?',
      text: true,
    });
    expect(output).toEqual({
      query: 'How tall is the Eiffel Tower?',
      answer: 'The Eiffel Tower is 330 metres (1,083 ft) tall, including its antennas.',
      citations: [
        {
          title: 'Eiffel Tower - Wikipedia',
          url: 'https://en.wikipedia.org/wiki/Eiffel_Tower',
          published_date: '2001-10-29T00:00:00.000Z',
          text: expect.stringContaining('330 metres'),
        },
        {
          title: 'Key figures | Eiffel Tower',
          url: 'https://www.toureiffel.paris/en/the-monument/key-figures',
          author: 'SETE',
        },
      ],
    });
  });
});
