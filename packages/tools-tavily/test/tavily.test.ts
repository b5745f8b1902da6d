import { readFileSync } from 'node:fs';
import { ProviderError, parseToolErrorEnvelope } from '@aigo/ai';
import { type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { TAVILY_EXTRACT_METRICS, tavilyExtractTool } from '../src/tavily-extract-tool.js';
import { TAVILY_API_KEY_ENV } from '../src/tavily-options.js';
import { tavilySearchAdvancedTool } from '../src/tavily-search-advanced-tool.js';
import { TAVILY_SEARCH_METRICS, tavilySearchTool } from '../src/tavily-search-tool.js';

const KEY = 'tvly-dev-test0123456789abcdef';
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

describe('tavilySearchTool', () => {
  it('POSTs /search with the key as a bearer token (not in the body) and maps the answer', async () => {
    const recorded = await serve('/search', fixture('search.json'));
    const tool = tavilySearchTool({ apiKey: KEY, baseURL: recorded.url });
    const output = JSON.parse(
      await tool.call(
        JSON.stringify({
          query: 'Who won the 2024 Tour de France?',
          include_answer: true,
          topic: 'news',
          time_range: 'year',
          max_results: 50,
          include_domains: ['wikipedia.org', 'letour.fr'],
        }),
      ),
    );
    const request = recorded.lastRequest();
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/search');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toEqual({
      query: 'Who won the 2024 Tour de France?',
      search_depth: 'basic',
      max_results: 20,
      topic: 'news',
      time_range: 'year',
      include_domains: ['wikipedia.org', 'letour.fr'],
      include_answer: true,
    });
    expect(request?.rawBody).not.toContain(KEY);
    expect(output.answer).toBe(
      'Tadej Pogačar won the 2024 Tour de France, his third overall victory.',
    );
    expect(output.results).toEqual([
      {
        title: '2024 Tour de France - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/2024_Tour_de_France',
        content: expect.stringMatching(/^The 2024 Tour de France was the 111th edition/),
        score: 0.93657,
      },
      {
        title: 'Overall ranking - Tour de France 2024',
        url: 'https://www.letour.fr/en/overall-ranking',
        content: expect.stringContaining('Tadej Pogačar (UAE Team Emirates)'),
        score: 0.88212,
      },
    ]);
    const lines = (output.summary as string).split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'Answer: Tadej Pogačar won the 2024 Tour de France, his third overall victory.',
      '',
      'Found 2 results:',
      '',
      '1. 2024 Tour de France - Wikipedia',
      '   URL: https://en.wikipedia.org/wiki/2024_Tour_de_France',
    ]);
    expect(lines[6]).toMatch(/^ {3}The 2024 Tour de France .{150,}\.\.\.$/);
  });

  it('uses the defaults, and says so when nothing was found', async () => {
    const recorded = await serve('/search', { query: 'q', results: [], response_time: 0.5 });
    const output = await tavilySearchTool({
      baseURL: recorded.url,
      env: { [TAVILY_API_KEY_ENV]: KEY },
    }).execute({ query: 'q' });
    expect(recorded.lastRequest()?.body).toEqual({
      query: 'q',
      search_depth: 'basic',
      max_results: 10,
    });
    expect(output).toEqual({
      query: 'q',
      summary: "No results found for 'q'. Try a different or broader query.",
      results: [],
    });
  });

  it('names TAVILY_API_KEY when the key is missing, sending nothing', async () => {
    const recorded = await serve('/search', fixture('search.json'));
    const envelope = parseToolErrorEnvelope(
      await tavilySearchTool({ baseURL: recorded.url, env: {} }).call('{"query":"x"}'),
    );
    expect(envelope?.error.code).toBe('missing_api_key');
    expect(envelope?.error.message).toContain('TAVILY_API_KEY');
    expect(recorded.requests).toHaveLength(0);
  });

  it.each([
    [
      'error-401.json',
      401,
      ['authentication', 'invalid_api_key'],
      false,
      'missing or invalid API key',
    ],
    ['error-432.json', 432, ['bad_request', 'provider_error'], false, 'usage limit'],
    [
      { detail: { error: 'Rate limit exceeded' } },
      429,
      ['rate_limited'],
      true,
      'Rate limit exceeded',
    ],
    [{ detail: 'Internal Server Error' }, 500, ['server_error'], true, 'Internal Server Error'],
  ] as const)(
    'maps %s (HTTP %i) to a typed error with Tavily’s message',
    async (body, status, codes, retryable, message) => {
      const recorded = await serve(
        '/search',
        typeof body === 'string' ? fixture(body) : body,
        status,
      );
      const tool = tavilySearchTool({ apiKey: KEY, baseURL: recorded.url });
      const error = (await tool
        .execute({ query: 'x' })
        .catch((caught: unknown) => caught)) as ProviderError;
      expect(ProviderError.isInstance(error)).toBe(true);
      expect(error.provider).toBe('tavily');
      expect(error.status).toBe(status);
      expect(codes as readonly string[]).toContain(error.code);
      expect(error.retryable).toBe(retryable);
      expect(error.message).toContain(message);
      const envelope = await tool.call('{"query":"x"}');
      expect(parseToolErrorEnvelope(envelope)?.error.code).toBe(error.code);
      expect(envelope).not.toContain(KEY);
    },
  );

  it('takes baseURL, and refuses baseUrl rather than ignoring it', async () => {
    const recorded = await serve('/search', { query: 'q', results: [] });
    await tavilySearchTool({ apiKey: KEY, baseURL: recorded.url }).execute({ query: 'new' });
    expect(recorded.lastRequest()?.body).toMatchObject({ query: 'new' });
    expect(() => tavilyExtractTool({ apiKey: KEY, baseUrl: recorded.url } as never)).toThrow(
      /options\.baseUrl: is not an option/,
    );
    expect(recorded.requests).toHaveLength(1);
    expect(() => tavilyExtractTool({ baseURL: 'ftp://x' })).toThrow(/options\.baseURL/);
  });

  it('carries the Go metrics', () => {
    expect(tavilySearchTool({ apiKey: KEY }).metrics).toEqual(TAVILY_SEARCH_METRICS);
  });
});

describe('tavilySearchAdvancedTool', () => {
  it('asks for advanced depth, raw content and images, and normalises images', async () => {
    const recorded = await serve('/search', fixture('search-advanced.json'));
    const output = await tavilySearchAdvancedTool({ apiKey: KEY, baseURL: recorded.url }).execute({
      query: 'James Webb telescope discoveries',
      include_raw_content: true,
      include_images: true,
      include_image_descriptions: true,
      max_results: 5,
    });
    expect(recorded.lastRequest()?.body).toEqual({
      query: 'James Webb telescope discoveries',
      search_depth: 'advanced',
      max_results: 5,
      include_raw_content: true,
      include_images: true,
      include_image_descriptions: true,
    });
    expect(output).toEqual({
      query: 'James Webb telescope discoveries',
      results: [
        {
          title: 'Webb Space Telescope - NASA Science',
          url: 'https://science.nasa.gov/mission/webb/',
          content: 'Webb is the premier space science observatory of the next decade.',
          raw_content: expect.stringMatching(/^# James Webb Space Telescope/),
          score: 0.91,
          favicon: 'https://science.nasa.gov/favicon.ico',
        },
      ],
      images: [
        {
          url: 'https://images.example-cdn.org/jwst/carina.jpg',
          description: 'The Cosmic Cliffs in the Carina Nebula imaged by NIRCam.',
        },
        {
          url: 'https://images.example-cdn.org/jwst/deep-field.jpg',
          description: "Webb's First Deep Field, galaxy cluster SMACS 0723.",
        },
      ],
      response_time: 2.43,
      request_id: '9f0e1d2c-3b4a-5968-7768-8a9b0c1d2e3f',
    });
  });

  it('accepts images as plain URL strings', async () => {
    const recorded = await serve('/search', {
      query: 'q',
      results: [],
      images: ['https://images.example-cdn.org/a.jpg'],
      response_time: 1,
    });
    const output = await tavilySearchAdvancedTool({ apiKey: KEY, baseURL: recorded.url }).execute({
      query: 'q',
      include_images: true,
    });
    expect(output.images).toEqual([{ url: 'https://images.example-cdn.org/a.jpg' }]);
  });
});

describe('tavilyExtractTool', () => {
  it('POSTs /extract and summarizes pages and failures', async () => {
    const recorded = await serve('/extract', fixture('extract.json'));
    const urls = [
      'https://en.wikipedia.org/wiki/Artificial_intelligence',
      'https://example.org/short',
      'https://blocked.example.net/paywall',
    ];
    const output = await tavilyExtractTool({ apiKey: KEY, baseURL: recorded.url }).execute({
      urls,
    });
    expect(recorded.lastRequest()?.body).toEqual({ urls, extract_depth: 'basic' });
    expect(recorded.lastRequest()?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(output.results.map((result) => result.url)).toEqual(urls.slice(0, 2));
    expect(output.results[0]?.favicon).toBe(
      'https://en.wikipedia.org/static/favicon/wikipedia.ico',
    );
    expect(output.failed_results).toEqual([
      { url: 'https://blocked.example.net/paywall', error: 'Failed to fetch url' },
    ]);
    const [first, second, failures] = output.summary.split('\n\n');
    expect(
      first?.startsWith(
        '## https://en.wikipedia.org/wiki/Artificial_intelligence\nArtificial intelligence (AI) is',
      ),
    ).toBe(true);
    // Cut at a word boundary, within 500 characters, marked with "...".
    const excerpt = first?.split('\n')[1] ?? '';
    expect(excerpt.endsWith('...')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(503);
    expect(excerpt.slice(0, -3).endsWith(' ')).toBe(false);
    expect(`${second}\n\n${failures ?? ''}`.trim()).toBe(
      '## https://example.org/short\nA short page.\n---\nFailed to extract 1 URL(s): https://blocked.example.net/paywall',
    );
    expect(tavilyExtractTool({ apiKey: KEY }).metrics).toEqual(TAVILY_EXTRACT_METRICS);
  });

  it('refuses 0 or more than 20 URLs before any request', async () => {
    const recorded = await serve('/extract', fixture('extract.json'));
    const tool = tavilyExtractTool({ apiKey: KEY, baseURL: recorded.url });
    const tooMany = Array.from({ length: 21 }, (_, index) => `https://example.org/${index}`);
    for (const urls of [[], tooMany]) {
      const envelope = parseToolErrorEnvelope(await tool.call(JSON.stringify({ urls })));
      expect(envelope?.error.code).toBe('invalid_arguments');
      expect(envelope?.error.message).toContain('/urls');
    }
    expect(recorded.requests).toHaveLength(0);
  });

  it('says when nothing could be extracted', async () => {
    const recorded = await serve('/extract', { results: [], failed_results: [] });
    const output = await tavilyExtractTool({ apiKey: KEY, baseURL: recorded.url }).execute({
      urls: ['https://example.org/'],
    });
    expect(output.summary).toBe('Nothing could be extracted from the given URLs.');
  });
});
