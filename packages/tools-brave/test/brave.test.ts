import { readFileSync } from 'node:fs';
import { AigoError, ProviderError, parseToolErrorEnvelope, ValidationError } from '@aigo/ai';
import { type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { BRAVE_API_KEY_ENV } from '../src/brave-options.js';
import { braveSearchAdvancedTool } from '../src/brave-search-advanced-tool.js';
import { BRAVE_SEARCH_METRICS, braveSearchTool } from '../src/brave-search-tool.js';

const KEY = 'BSA-test-subscription-token-0123456789';
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const PATH = '/res/v1/web/search';

let server: RecordedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(body: unknown, status = 200, headers: Record<string, string> = {}) {
  server = await startRecordedServer([
    { method: 'GET', path: PATH, status, body: body as object, headers },
  ]);
  return server;
}

describe('braveSearchTool', () => {
  it('sends the documented request and maps the answer into results and a summary', async () => {
    const recorded = await serve(fixture('web-search.json'));
    const tool = braveSearchTool({ apiKey: KEY, baseURL: recorded.url });
    const output = JSON.parse(await tool.call('{"query":"rust async runtime"}'));

    const request = recorded.lastRequest();
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe(PATH);
    expect(request?.query).toEqual({
      q: 'rust async runtime',
      count: '10',
      result_filter: 'web,news,videos,infobox,locations',
    });
    expect(request?.headers['x-subscription-token']).toBe(KEY);
    expect(request?.headers.accept).toBe('application/json');

    expect(output.query).toBe('rust async runtime');
    expect(output.results).toEqual([
      {
        title: 'Tokio - An asynchronous Rust runtime',
        url: 'https://tokio.rs/',
        description:
          'Tokio is an asynchronous runtime for the Rust programming language. It provides the building blocks needed for writing network applications & more.',
        age: 'August 30, 2024',
      },
      {
        title: 'async-std - Async version of the Rust standard library',
        url: 'https://async.rs/',
        description: expect.stringMatching(/^async-std is a foundation of portable Rust software/),
      },
      {
        title: 'Asynchronous Programming in Rust',
        url: 'https://rust-lang.github.io/async-book/',
        description:
          "This book aims to be a comprehensive, up-to-date guide to using Rust's async language features and libraries.",
        age: 'June 1, 2024',
      },
    ]);
    const summary: string = output.summary;
    expect(
      summary.startsWith(
        'Found 3 web results:\n\n1. Tokio - An asynchronous Rust runtime\n   URL: https://tokio.rs/\n   Tokio is an asynchronous runtime',
      ),
    ).toBe(true);
    // A long description is cut to 200 characters.
    expect(summary).toMatch(
      /\n2\. async-std - Async version of the Rust standard library\n {3}URL: https:\/\/async\.rs\/\n {3}.{150,200}\.\.\.\n/,
    );
    expect(summary).toContain('\nInfobox: Tokio (software) — Asynchronous runtime for Rust');
    expect(summary).toContain(
      '\nRecent news:\n- Tokio 1.40 released with runtime metrics (2 days ago)\n- Async Rust in 2024: where we are (3 weeks ago)',
    );
    expect(summary).not.toContain('<strong>');
  });

  it('passes the optional parameters, clamping count to 20', async () => {
    const recorded = await serve(fixture('web-search.json'));
    const tool = braveSearchTool({ apiKey: KEY, baseURL: `${recorded.url}/` });
    await tool.call(
      JSON.stringify({
        query: 'rust',
        count: 50,
        offset: 2,
        country: 'de',
        search_lang: 'de',
        safesearch: 'strict',
        freshness: 'pw',
      }),
    );
    expect(recorded.lastRequest()?.query).toMatchObject({
      q: 'rust',
      count: '20',
      offset: '2',
      country: 'de',
      search_lang: 'de',
      safesearch: 'strict',
      freshness: 'pw',
    });
  });

  it('says plainly when nothing was found', async () => {
    const recorded = await serve(fixture('no-results.json'));
    const output = await braveSearchTool({ apiKey: KEY, baseURL: recorded.url }).execute({
      query: 'zxqv unfindable phrase 9321',
    });
    expect(output).toEqual({
      query: 'zxqv unfindable phrase 9321',
      summary:
        "No results found for 'zxqv unfindable phrase 9321'. Try a different or broader query.",
      results: [],
    });
  });

  it('reads the key from BRAVE_SEARCH_API_KEY; a missing key names the variable and sends nothing', async () => {
    const recorded = await serve(fixture('web-search.json'));
    const fromEnv = braveSearchTool({ baseURL: recorded.url, env: { [BRAVE_API_KEY_ENV]: KEY } });
    await fromEnv.call('{"query":"x"}');
    expect(recorded.lastRequest()?.headers['x-subscription-token']).toBe(KEY);

    const missing = braveSearchTool({ baseURL: recorded.url, env: {} });
    const envelope = parseToolErrorEnvelope(await missing.call('{"query":"x"}'));
    expect(envelope?.error.code).toBe('missing_api_key');
    expect(envelope?.error.message).toContain('BRAVE_SEARCH_API_KEY');
    const error = await missing.execute({ query: 'x' }).catch((caught: unknown) => caught);
    expect(AigoError.isInstance(error) && error.code).toBe('missing_api_key');
    expect(recorded.requests).toHaveLength(1);
  });

  it.each([
    ['error-401.json', 401, ['authentication', 'invalid_api_key'], false, {}],
    ['error-429.json', 429, ['rate_limited'], true, { 'retry-after': '1' }],
    [{ message: 'upstream failure' }, 502, ['server_error'], true, {}],
  ] as const)(
    'turns %s (HTTP %i) into a typed error, without the key',
    async (body, status, codes, retryable, headers) => {
      const recorded = await serve(
        typeof body === 'string' ? fixture(body) : body,
        status,
        headers,
      );
      const tool = braveSearchTool({ apiKey: KEY, baseURL: recorded.url });
      const error = await tool.execute({ query: 'x' }).catch((caught: unknown) => caught);
      expect(ProviderError.isInstance(error)).toBe(true);
      const providerError = error as ProviderError;
      expect(providerError.provider).toBe('brave');
      expect(providerError.status).toBe(status);
      expect(codes).toContain(providerError.code);
      expect(providerError.retryable).toBe(retryable);
      if (status === 429) expect(providerError.retryAfterMs).toBe(1000);
      const envelope = await tool.call('{"query":"x"}');
      expect(parseToolErrorEnvelope(envelope)?.error.code).toBe(providerError.code);
      expect(envelope).not.toContain(KEY);
      expect(JSON.stringify(providerError)).not.toContain(KEY);
    },
  );

  it('takes baseURL, and refuses baseUrl rather than ignoring it', async () => {
    const recorded = await serve(fixture('web-search.json'));
    await braveSearchTool({ apiKey: KEY, baseURL: recorded.url }).execute({ query: 'new' });
    expect(recorded.lastRequest()?.query.q).toBe('new');
    expect(() => braveSearchTool({ apiKey: KEY, baseUrl: recorded.url } as never)).toThrow(
      /options\.baseUrl: is not an option/,
    );
    expect(recorded.requests).toHaveLength(1);
    expect(() => braveSearchTool({ baseURL: 'ftp://x' })).toThrow(/options\.baseURL/);
  });

  it('describes itself to the model with the Go metrics', () => {
    const tool = braveSearchTool({ apiKey: KEY });
    expect(tool.name).toBe('BraveSearch');
    expect(tool.metrics).toEqual(BRAVE_SEARCH_METRICS);
    expect(tool.description.parameters).toMatchObject({ required: ['query'] });
    expect(braveSearchTool({ name: 'web_search' }).name).toBe('web_search');
  });

  it('refuses invalid arguments and options', async () => {
    const envelope = parseToolErrorEnvelope(
      await braveSearchTool({ apiKey: KEY }).call('{"query":""}'),
    );
    expect(envelope?.error.code).toBe('invalid_arguments');
    expect(() => braveSearchTool({ baseURL: 'ftp://x' })).toThrow(ValidationError);
    expect(() => braveSearchTool({ timeoutMs: -1 })).toThrow(ValidationError);
  });
});

describe('braveSearchAdvancedTool', () => {
  it('passes every result group through', async () => {
    const recorded = await serve(fixture('web-search.json'));
    const tool = braveSearchAdvancedTool({ apiKey: KEY, baseURL: recorded.url });
    const output = JSON.parse(await tool.call('{"query":"rust async runtime","count":3}'));
    expect(recorded.lastRequest()?.query.count).toBe('3');
    expect(output.query).toBe('rust async runtime');
    expect(output.web).toHaveLength(3);
    expect(output.web[0]).toMatchObject({
      title: 'Tokio - An asynchronous <strong>Rust</strong> <strong>runtime</strong>',
      page_age: '2024-08-30T00:00:00',
      extra_snippets: expect.arrayContaining([expect.stringContaining('memory-safe')]),
      meta_url: { hostname: 'tokio.rs' },
    });
    expect(output.web[2].schema_org).toEqual([
      { '@type': 'TechArticle', name: 'Asynchronous Programming in Rust' },
    ]);
    expect(output.news.map((item: { url: string }) => item.url)).toEqual([
      'https://tokio.rs/blog/2024-09-tokio-1-40',
      'https://blog.rust-lang.org/2024/08/async-update.html',
    ]);
    expect(output.videos[0].video.creator).toBe('Jon Gjengset');
    expect(output.infobox[0]).toMatchObject({
      title: 'Tokio (software)',
      website_url: 'https://tokio.rs',
    });
    expect(output.locations).toEqual([]);
    expect(output.mixed.main).toHaveLength(4);
  });
});
