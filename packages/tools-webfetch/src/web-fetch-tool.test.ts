import { readFileSync } from 'node:fs';
import { ProviderError, parseToolErrorEnvelope } from '@aigo/ai';
import type { HostResolver } from '@aigo/http';
import { loadPageFixture, type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBFETCH_METRICS, webFetchTool } from './web-fetch-tool.js';

const page = (name: string): Buffer =>
  readFileSync(new URL(`../test/fixtures/pages/${name}`, import.meta.url));
const golden = (name: string): string =>
  readFileSync(new URL(`../test/golden/${name}.md`, import.meta.url), 'utf8');

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const toLoopback: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];

let server: RecordedServer;
let origin: string;
beforeAll(async () => {
  server = await startRecordedServer([
    { method: 'GET', path: '/2024/postgres-lessons/', body: page('blog-post.html'), headers: HTML },
    { method: 'GET', path: '/', body: loadPageFixture('company-home'), headers: HTML },
    { method: 'GET', path: '/about', body: loadPageFixture('company-about'), headers: HTML },
    { method: 'GET', path: '/contact', body: loadPageFixture('company-contact'), headers: HTML },
    { method: 'GET', path: '/docs/install.html', body: page('docs-base-href.html'), headers: HTML },
    {
      method: 'GET',
      path: '/old-post',
      status: 301,
      headers: { location: '/2024/postgres-lessons/' },
    },
    {
      method: 'GET',
      path: '/release-notes.txt',
      body: page('release-notes.txt'),
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    },
    { method: 'GET', path: '/api/status.json', body: { status: 'ok', version: '2.4.0' } },
    {
      method: 'GET',
      path: '/cafe',
      body: page('latin1-page.html'),
      headers: { 'content-type': 'text/html' },
    },
    {
      method: 'GET',
      path: '/brochure.pdf',
      body: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n', 'latin1'),
      headers: { 'content-type': 'application/pdf' },
    },
    {
      method: 'GET',
      path: '/blob',
      respond: (_request, response) => {
        // No content type at all, and binary bytes.
        response.writeHead(200);
        response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x1a, 0x0a]));
      },
    },
    {
      method: 'GET',
      path: '/to-private',
      respond: (_request, response) => {
        response.writeHead(302, { location: `http://127.0.0.1:${server.port}/` });
        response.end();
      },
    },
    {
      method: 'GET',
      path: '/missing',
      status: 404,
      body: '<html><title>Not Found</title></html>',
      headers: HTML,
    },
  ]);
  origin = `http://site.test:${server.port}`;
});
afterAll(() => server.close());

/** The tool as a test uses it: site.test resolves to the test server, and only that host is exempt. */
const tool = () => webFetchTool({ lookup: toLoopback, allowedPrivateHosts: ['site.test'] });

describe('webFetchTool on saved pages (golden Markdown)', () => {
  it.each([
    ['/2024/postgres-lessons/', 'blog-post', 'Five Lessons from Running Postgres in Production'],
    ['/', 'company-home', 'Northwind Robotics — Warehouse robots that work with people'],
    ['/about', 'company-about', 'About us | Northwind Robotics'],
    ['/contact', 'company-contact', 'Contact | Northwind Robotics'],
    ['/docs/install.html', 'docs-base-href', 'Installing the CLI — Widget Docs v2'],
  ])('%s → %s.md', async (path, name, title) => {
    const output = JSON.parse(await tool().call(JSON.stringify({ url: `${origin}${path}` })));
    expect(output.url).toBe(`${origin}${path}`);
    expect(output.title).toBe(title);
    expect(output.content_type).toBe('text/html');
    expect(output.html).toBeUndefined();
    const expected = golden(name).replaceAll('{{origin}}', origin).trimEnd().split('\n');
    const actual = (output.markdown as string).split('\n');
    // Line by line, so a failure names the first line that differs.
    for (let index = 0; index < Math.max(expected.length, actual.length); index++) {
      expect(actual[index], `${name}.md line ${index + 1}`).toBe(expected[index]);
    }
  });

  it('drops navigation, ads, cookie banners, newsletter boxes, scripts and styles from the blog post', async () => {
    const { markdown } = await tool().execute({ url: `${origin}/2024/postgres-lessons/` });
    for (const clutter of [
      'Archive',
      'Advertisement',
      'Sponsored',
      'We use cookies',
      'Subscribe to the newsletter',
      'Popular posts',
      'dataLayer',
      'font-family',
      '© 2024',
    ]) {
      expect(markdown, clutter).not.toContain(clutter);
    }
    expect(markdown).toContain(`[autovacuum tuning notes](${origin}/2024/2023/autovacuum-tuning/)`);
    expect(markdown).toContain(
      '```\nALTER TABLE payments SET (autovacuum_vacuum_scale_factor = 0.01);\n```',
    );
  });

  it('resolves links against <base href>, keeps mailto:, drops javascript:', async () => {
    const { markdown } = await tool().execute({ url: `${origin}/docs/install.html` });
    expect(markdown).toContain(
      '[APT repository](https://docs.example.org/guide/apt-repository.html)',
    );
    expect(markdown).toContain('[downloads page](https://docs.example.org/downloads/)');
    expect(markdown).toContain(
      '[releases page](https://docs.example.org/guide/v2/releases.html?channel=stable#latest)',
    );
    expect(markdown).toContain(
      '![The installation steps](https://docs.example.org/guide/v2/img/install-flow.png)',
    );
    expect(markdown).toContain('[Write to us](mailto:docs@example.org)');
    expect(markdown).not.toContain('javascript:');
    expect(markdown).toContain('Open chat');
  });
});

describe('webFetchTool', () => {
  it('reports the final URL after a redirect and returns raw HTML on request', async () => {
    const output = await tool().execute({ url: `${origin}/old-post`, include_html: true });
    expect(output.url).toBe(`${origin}/2024/postgres-lessons/`);
    expect(output.html).toBe(page('blog-post.html').toString('utf8'));
  });

  it('passes text and JSON through as they are', async () => {
    const text = await tool().execute({ url: `${origin}/release-notes.txt` });
    expect(text).toEqual({
      url: `${origin}/release-notes.txt`,
      content_type: 'text/plain',
      markdown: page('release-notes.txt').toString('utf8'),
    });
    const json = await tool().execute({ url: `${origin}/api/status.json` });
    expect(json.content_type).toBe('application/json');
    expect(JSON.parse(json.markdown)).toEqual({ status: 'ok', version: '2.4.0' });
  });

  it('decodes the charset a page declares in <meta>', async () => {
    const output = await tool().execute({ url: `${origin}/cafe` });
    expect(output.title).toBe('Café du Marché');
    expect(output.markdown).toContain('Café, crêpes et pâtisseries maison');
  });

  it('refuses binary content with an error the model can read', async () => {
    for (const path of ['/brochure.pdf', '/blob']) {
      const envelope = parseToolErrorEnvelope(
        await tool().call(JSON.stringify({ url: `${origin}${path}` })),
      );
      expect(envelope?.error.code, path).toBe('unsupported');
    }
    const pdf = parseToolErrorEnvelope(
      await tool().call(JSON.stringify({ url: `${origin}/brochure.pdf` })),
    );
    expect(pdf?.error.message).toContain('application/pdf');
    const blob = parseToolErrorEnvelope(
      await tool().call(JSON.stringify({ url: `${origin}/blob` })),
    );
    expect(blob?.error.message).toContain('binary');
  });

  it('turns an error status into a typed error', async () => {
    const error = await tool()
      .execute({ url: `${origin}/missing` })
      .catch((caught: unknown) => caught);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect((error as ProviderError).status).toBe(404);
    expect((error as ProviderError).code).toBe('not_found');
  });

  it('refuses a body over the limit', async () => {
    const small = webFetchTool({
      lookup: toLoopback,
      allowedPrivateHosts: ['site.test'],
      maxResponseBytes: 1000,
    });
    const envelope = parseToolErrorEnvelope(
      await small.call(JSON.stringify({ url: `${origin}/` })),
    );
    expect(envelope?.error.code).toBe('invalid_response');
    expect(envelope?.error.message).toContain('larger than 1000 bytes');
  });

  it('never reaches a private address: not directly, not through a redirect', async () => {
    const before = server.requests.length;
    const direct = parseToolErrorEnvelope(
      await webFetchTool().call(JSON.stringify({ url: `http://127.0.0.1:${server.port}/` })),
    );
    expect(direct?.error.code).toBe('validation');
    expect(direct?.error.message).toContain('loopback');
    expect(server.requests.length).toBe(before);

    const redirected = parseToolErrorEnvelope(
      await tool().call(JSON.stringify({ url: `${origin}/to-private` })),
    );
    expect(redirected?.error.code).toBe('validation');
    expect(redirected?.error.message).toContain(`http://127.0.0.1:${server.port}/`);
    // The allowed host answered the redirect; nothing reached "/" on 127.0.0.1 afterwards.
    expect(server.requests.slice(before).map((request) => request.path)).toEqual(['/to-private']);
  });

  it('adds https:// to a URL without a scheme and refuses other schemes', async () => {
    const failing: HostResolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const envelope = parseToolErrorEnvelope(
      await webFetchTool({ lookup: failing }).call('{"url":"  www.example.com/page  "}'),
    );
    expect(envelope?.error.message).toContain('https://www.example.com/page');
    for (const url of [
      'ftp://files.example.com/a.txt',
      'javascript:alert(1)',
      'file:///etc/passwd',
    ]) {
      const refused = parseToolErrorEnvelope(await webFetchTool().call(JSON.stringify({ url })));
      expect(refused?.error.code, url).toBe('validation');
      expect(refused?.error.message, url).toContain('scheme');
    }
    expect(parseToolErrorEnvelope(await webFetchTool().call('{"url":""}'))?.error.code).toBe(
      'invalid_arguments',
    );
  });

  it('sends its user agent, or the one the model asks for', async () => {
    await tool().execute({ url: `${origin}/about` });
    expect(server.lastRequest()?.headers['user-agent']).toBe('aigo-webfetch-tool/1.0');
    await tool().execute({ url: `${origin}/about`, user_agent: 'ResearchBot/1.0' });
    expect(server.lastRequest()?.headers['user-agent']).toBe('ResearchBot/1.0');
  });

  it('describes itself with the Go metrics', () => {
    const fetcher = webFetchTool();
    expect(fetcher.name).toBe('WebFetch');
    expect(fetcher.metrics).toEqual(WEBFETCH_METRICS);
    expect(fetcher.description.parameters).toMatchObject({ required: ['url'] });
  });
});
