import { readFileSync } from 'node:fs';
import { ProviderError, parseToolErrorEnvelope, ValidationError } from '@aigo/ai';
import { type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { duckDuckGoSearchAdvancedTool } from '../src/duckduckgo-search-advanced-tool.js';
import { DUCKDUCKGO_SEARCH_METRICS, duckDuckGoSearchTool } from '../src/duckduckgo-search-tool.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

let server: RecordedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(name: string, status = 200) {
  server = await startRecordedServer([
    {
      method: 'GET',
      path: '/',
      status,
      body: fixture(name),
      headers: { 'content-type': 'application/x-javascript' },
    },
  ]);
  return server;
}

describe('duckDuckGoSearchTool', () => {
  it('sends the Instant Answer request and summarizes abstract and flattened related topics', async () => {
    const recorded = await serve('ada-lovelace.json');
    const tool = duckDuckGoSearchTool({ baseURL: recorded.url });
    const output = JSON.parse(await tool.call('{"query":"Ada Lovelace"}'));
    const request = recorded.lastRequest();
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/');
    expect(request?.query).toEqual({
      q: 'Ada Lovelace',
      format: 'json',
      no_html: '1',
      skip_disambig: '1',
    });
    expect(request?.headers['user-agent']).toBe('aigo-duckduckgo-tool/1.0');

    expect(output.summary).toBe(
      [
        "Abstract: Augusta Ada King, Countess of Lovelace was an English mathematician and writer chiefly known for her work on Charles Babbage's proposed mechanical general-purpose computer, the Analytical Engine. She was the first to recognise that the machine had applications beyond pure calculation.\nSource: https://en.wikipedia.org/wiki/Ada_Lovelace",
        'Related topics: Analytical Engine - The Analytical Engine was a proposed digital mechanical general-purpose computer designed by English mathematician and computer pioneer Charles Babbage.; Charles Babbage - Charles Babbage was an English polymath.; Ada (programming language) - Ada is a structured, statically typed programming language.; Ada Lovelace Day - An international celebration of women in STEM held on the second Tuesday of October.; Mary Somerville - Scottish scientist, writer, and polymath.',
      ].join('\n\n'),
    );
    expect(output.results).toEqual([
      { text: 'Official site', url: 'https://findingada.com/' },
      {
        text: expect.stringMatching(/^Analytical Engine - /),
        url: 'https://duckduckgo.com/Analytical_Engine',
      },
      {
        text: expect.stringMatching(/^Charles Babbage - /),
        url: 'https://duckduckgo.com/Charles_Babbage',
      },
      {
        text: expect.stringMatching(/^Ada \(programming language\)/),
        url: 'https://duckduckgo.com/Ada_(programming_language)',
        group: 'See also',
      },
      {
        text: expect.stringMatching(/^Ada Lovelace Day/),
        url: 'https://duckduckgo.com/Ada_Lovelace_Day',
        group: 'See also',
      },
      {
        text: expect.stringMatching(/^Mary Somerville/),
        url: 'https://duckduckgo.com/Mary_Somerville',
        group: 'English mathematicians',
      },
      {
        text: expect.stringMatching(/^Augustus De Morgan/),
        url: 'https://duckduckgo.com/Augustus_De_Morgan',
        group: 'English mathematicians',
      },
    ]);
  });

  it('summarizes a definition', async () => {
    const recorded = await serve('definition.json');
    const output = await duckDuckGoSearchTool({ baseURL: recorded.url }).execute({
      query: 'serendipity',
    });
    expect(output.summary).toBe(
      'Definition: serendipity definition: The faculty of making fortunate discoveries by accident.\nSource: https://www.wordnik.com/words/serendipity',
    );
    expect(output.results).toEqual([]);
  });

  it('says plainly that there is no answer, and that this is not a web search', async () => {
    const recorded = await serve('no-answer.json');
    const output = await duckDuckGoSearchTool({ baseURL: recorded.url }).execute({
      query: 'best laptop 2025',
    });
    expect(output.summary).toBe(
      "DuckDuckGo has no instant answer for 'best laptop 2025'. This API does not search the web; use a web search tool, or try a shorter topic name.",
    );
  });

  it('tells the model what the API cannot do', () => {
    const tool = duckDuckGoSearchTool();
    expect(tool.description.description).toContain('NOT a web search');
    expect(tool.description.description).toContain('for most queries');
    expect(duckDuckGoSearchAdvancedTool().description.description).toContain('NOT a web search');
    expect(tool.metrics).toEqual(DUCKDUCKGO_SEARCH_METRICS);
  });

  it('accepts HTTP 202 with a body, and types other statuses', async () => {
    const accepted = await serve('ada-lovelace.json', 202);
    const output = await duckDuckGoSearchTool({ baseURL: accepted.url }).execute({
      query: 'Ada Lovelace',
    });
    expect(output.results.length).toBeGreaterThan(0);
    await accepted.close();
    server = await startRecordedServer([
      {
        method: 'GET',
        path: '/',
        status: 503,
        body: '<html><title>Service Unavailable</title></html>',
        headers: { 'content-type': 'text/html' },
      },
    ]);
    const tool = duckDuckGoSearchTool({ baseURL: server.url, userAgent: 'my-agent/2.0' });
    const error = await tool.execute({ query: 'x' }).catch((caught: unknown) => caught);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect((error as ProviderError).provider).toBe('duckduckgo');
    expect((error as ProviderError).code).toBe('overloaded');
    expect(parseToolErrorEnvelope(await tool.call('{"query":"x"}'))?.error.code).toBe('overloaded');
    expect(server.lastRequest()?.headers['user-agent']).toBe('my-agent/2.0');
  });
});

describe('DuckDuckGo options', () => {
  it('takes baseURL, and refuses baseUrl rather than ignoring it', async () => {
    const recorded = await serve('ada-lovelace.json');
    await duckDuckGoSearchTool({ baseURL: recorded.url }).execute({ query: 'new' });
    expect(recorded.lastRequest()?.query.q).toBe('new');
    expect(() => duckDuckGoSearchTool({ baseUrl: recorded.url } as never)).toThrow(
      /options\.baseUrl: is not an option/,
    );
    expect(recorded.requests).toHaveLength(1);
  });

  it('names the bad option', () => {
    expect(() => duckDuckGoSearchTool({ baseURL: 'not a url' })).toThrow(/options\.baseURL/);
    expect(() => duckDuckGoSearchTool({ timeoutMs: 0 })).toThrow(/options\.timeoutMs/);
    expect(() => duckDuckGoSearchTool({ userAgent: ' ' })).toThrow(/options\.userAgent/);
    expect(() => duckDuckGoSearchAdvancedTool(null as never)).toThrow(ValidationError);
  });
});

describe('duckDuckGoSearchAdvancedTool', () => {
  it('normalises every field: strings, absolute image URLs, flattened topics', async () => {
    const recorded = await serve('ada-lovelace.json');
    const output = await duckDuckGoSearchAdvancedTool({ baseURL: recorded.url }).execute({
      query: 'Ada Lovelace',
    });
    expect(output).toMatchObject({
      query: 'Ada Lovelace',
      type: 'A',
      heading: 'Ada Lovelace',
      abstract_source: 'Wikipedia',
      abstract_url: 'https://en.wikipedia.org/wiki/Ada_Lovelace',
      answer: '',
      entity: 'person',
      image: 'https://duckduckgo.com/i/1d9e8f0ab5b9e7c4.jpg',
      image_width: '270',
      image_height: '360',
      image_is_logo: '0',
      redirect: '',
    });
    expect(output.related_topics).toHaveLength(6);
    expect(output.related_topics[0]).toEqual({
      first_url: 'https://duckduckgo.com/Analytical_Engine',
      icon: { url: 'https://duckduckgo.com/i/3c1f2e9d7a0b4c5e.jpg', height: '', width: '' },
      result: expect.stringContaining('<a href="https://duckduckgo.com/Analytical_Engine">'),
      text: expect.stringMatching(/^Analytical Engine/),
    });
    expect(output.related_topics[3]).toMatchObject({
      group: 'See also',
      icon: { url: 'https://duckduckgo.com/i/9a8b7c6d5e4f3a2b.png', height: '48', width: '48' },
    });
    expect(output.results).toEqual([
      {
        first_url: 'https://findingada.com/',
        icon: { url: 'https://duckduckgo.com/i/findingada.com.ico', height: '16', width: '16' },
        result: expect.stringContaining('Official site'),
        text: 'Official site',
      },
    ]);
  });
});
