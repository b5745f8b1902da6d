import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parseToolErrorEnvelope } from '@aigo/ai';
import type { HostResolver } from '@aigo/http';
import { type RecordedRoute, type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlPhase } from '../src/crawl-site.js';
import { URLEXTRACTOR_METRICS, urlExtractorTool } from '../src/url-extractor-tool.js';

const fixture = (path: string): string =>
  readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8');
const golden = (name: string): string =>
  readFileSync(new URL(`./golden/${name}.json`, import.meta.url), 'utf8');

/** Every *.test name resolves to 127.0.0.1, where the two test servers listen. */
const lookup: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
const network = { lookup, allowedPrivateHosts: ['site.test', 'www.site.test', 'crawl.test'] };

let siteServer: RecordedServer;
let crawlServer: RecordedServer;
let vars: Record<string, string>;
const fill = (text: string) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');

function xmlRoute(path: string, file: string): RecordedRoute {
  return {
    method: 'GET',
    path,
    respond: (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end(fill(fixture(file)));
    },
  };
}
function htmlRoute(path: string, file: string): RecordedRoute {
  return {
    method: 'GET',
    path,
    respond: (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(fill(fixture(file)));
    },
  };
}
function textRoute(path: string, file: string): RecordedRoute {
  return {
    method: 'GET',
    path,
    respond: (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(fill(fixture(file)));
    },
  };
}

beforeAll(async () => {
  siteServer = await startRecordedServer([
    { method: 'HEAD', path: '/', status: 200, headers: { 'content-type': 'text/html' } },
    textRoute('/robots.txt', 'sitemap-site/robots.txt'),
    xmlRoute('/sitemap_index.xml', 'sitemap-site/sitemap_index.xml'),
    xmlRoute('/sitemap-pages.xml', 'sitemap-site/sitemap-pages.xml'),
    {
      method: 'GET',
      path: '/sitemap-posts.xml.gz',
      respond: (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/x-gzip' });
        response.end(gzipSync(fill(fixture('sitemap-site/sitemap-posts.xml'))));
      },
    },
  ]);
  crawlServer = await startRecordedServer([
    { method: 'HEAD', path: '/', status: 200, headers: { 'content-type': 'text/html' } },
    textRoute('/robots.txt', 'crawl-site/robots.txt'),
    htmlRoute('/', 'crawl-site/home.html'),
    htmlRoute('/about.html', 'crawl-site/about.html'),
    htmlRoute('/contact.html', 'crawl-site/contact.html'),
    htmlRoute('/blog/', 'crawl-site/blog-index.html'),
    htmlRoute('/blog/post-1.html', 'crawl-site/post-1.html'),
    htmlRoute('/blog/post-2.html', 'crawl-site/post-2.html'),
    htmlRoute('/team.html', 'crawl-site/team.html'),
    {
      method: 'GET',
      path: '/files/price-list.pdf',
      body: Buffer.from('%PDF-1.4\n'),
      headers: { 'content-type': 'application/pdf' },
    },
  ]);
  vars = {
    site: `http://site.test:${siteServer.port}`,
    www: `http://www.site.test:${siteServer.port}`,
    loopback: `http://127.0.0.1:${siteServer.port}`,
    crawl: `http://crawl.test:${crawlServer.port}`,
  };
});
afterAll(async () => {
  await siteServer.close();
  await crawlServer.close();
});

/** Compares an output with a golden file field by field, so a failure names the field. */
function expectGolden(output: Record<string, unknown>, name: string): void {
  const expected = JSON.parse(fill(golden(name))) as Record<string, unknown>;
  expect(Object.keys(output).sort()).toEqual(Object.keys(expected).sort());
  for (const [field, value] of Object.entries(expected)) {
    expect(output[field], `${name}.json: ${field}`).toEqual(value);
  }
}

describe('urlExtractorTool on a site with robots.txt and a sitemap index', () => {
  it('collects the allowed same-site URLs of every sitemap (golden)', async () => {
    const before = siteServer.requests.length;
    const requestsBefore = siteServer.requests.length;
    const result = await urlExtractorTool(network).execute({
      url: `${vars.site}/`,
      crawl_delay_ms: 0,
    });
    expectGolden(result as unknown as Record<string, unknown>, 'sitemap-site');
    const paths = siteServer.requests.slice(requestsBefore).map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual([
      'HEAD /',
      'GET /robots.txt',
      'GET /sitemap_index.xml',
      'GET /sitemap-pages.xml',
      'GET /sitemap-posts.xml.gz',
      'GET /sitemap-missing.xml',
    ]);
    // The loopback sitemap in the index was refused before any request (it is this very server).
    expect(siteServer.requests.slice(before).some((r) => r.path === '/secret-sitemap.xml')).toBe(
      false,
    );
    expect(
      siteServer.requests
        .slice(requestsBefore)
        .every((r) => r.headers['user-agent'] === 'aigo-urlextractor-tool/1.0'),
    ).toBe(true);
  });

  it('stops at max_urls and says the list is truncated', async () => {
    const result = await urlExtractorTool(network).execute({ url: `${vars.site}/`, max_urls: 5 });
    expect(result.total_urls).toBe(5);
    expect(result.urls).toHaveLength(5);
    expect(result.truncated).toBe(true);
    expect(result.sources.sitemap).toBe(5);
  });

  it('reports its phases', async () => {
    const phases: CrawlPhase[] = [];
    await urlExtractorTool({
      ...network,
      onProgress: (_count, phase) => phases.push(phase),
    }).execute({
      url: `${vars.site}/`,
    });
    expect(phases[0]).toBe('initializing');
    expect(phases).toContain('analyzing_robots_txt');
    expect(phases).toContain('extracting_sitemaps');
    expect(phases.at(-1)).toBe('complete');
    expect(phases).not.toContain('crawling');
  });
});

describe('urlExtractorTool on a site without a sitemap', () => {
  it('crawls same-site links breadth-first, honouring robots.txt and <base href> (golden)', async () => {
    const before = crawlServer.requests.length;
    const result = await urlExtractorTool(network).execute({
      url: `${vars.crawl}/`,
      crawl_delay_ms: 0,
    });
    expectGolden(result as unknown as Record<string, unknown>, 'crawl-site');
    const paths = crawlServer.requests.slice(before).map((r) => r.path);
    expect(paths).not.toContain('/cart');
    expect(paths).not.toContain('/admin/login');
    expect(paths).toContain('/missing-page'); // fetched, answered 404, not listed
  });

  it('crawls at most max_urls pages', async () => {
    const before = crawlServer.requests.length;
    const result = await urlExtractorTool(network).execute({
      url: `${vars.crawl}/`,
      crawl_delay_ms: 0,
      max_urls: 3,
    });
    expect(result.urls).toEqual([
      `${vars.crawl}/`,
      `${vars.crawl}/about.html`,
      `${vars.crawl}/blog/`,
    ]);
    expect(result.truncated).toBe(true);
    const pages = crawlServer.requests
      .slice(before)
      .filter((r) => r.method === 'GET' && r.path !== '/robots.txt' && r.path !== '/sitemap.xml');
    expect(pages.map((r) => r.path)).toEqual(['/', '/about.html', '/blog/']);
  });

  it('returns what it found when the time runs out', async () => {
    const result = await urlExtractorTool(network).execute({
      url: `${vars.crawl}/`,
      crawl_delay_ms: 60_000,
      timeout_seconds: 1,
    });
    expect(result.timed_out).toBe(true);
    expect(result.urls).toEqual([`${vars.crawl}/`]);
  });
});

describe('urlExtractorTool on text', () => {
  it('extracts, normalises and deduplicates URLs (golden)', async () => {
    const text = [
      'Docs at https://docs.example.org/guide?page=2&lang=en, see (https://en.wikipedia.org/wiki/Go_(game)).',
      'Pricing: www.example.com/pricing.',
      'Home: <a href="https://example.com">Example</a>. Again https://EXAMPLE.com/ and https://example.com/#top.',
      'Internationalised: https://bücher.example/katalog',
      'Not URLs: ftp://files.example.com, mailto:x@y.example, http://nohost, javascript:alert(1).',
    ].join('\n');
    const result = await urlExtractorTool().execute({ text });
    expectGolden(result as unknown as Record<string, unknown>, 'text-extract');
  });

  it('needs a url or a text, and refuses other schemes and private sites', async () => {
    const tool = urlExtractorTool();
    expect(parseToolErrorEnvelope(await tool.call('{}'))?.error.code).toBe('validation');
    const ftp = parseToolErrorEnvelope(await tool.call('{"url":"ftp://example.com"}'));
    expect(ftp?.error.code).toBe('validation');
    const before = siteServer.requests.length;
    const privateSite = parseToolErrorEnvelope(
      await tool.call(JSON.stringify({ url: `http://127.0.0.1:${siteServer.port}/` })),
    );
    expect(privateSite?.error.code).toBe('validation');
    expect(privateSite?.error.message).toContain('loopback');
    expect(siteServer.requests.length).toBe(before);
    expect(tool.metrics).toEqual(URLEXTRACTOR_METRICS);
  });
});
