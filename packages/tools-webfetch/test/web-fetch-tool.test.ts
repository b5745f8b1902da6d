import { readFileSync } from 'node:fs';
import { ProviderError, parseToolErrorEnvelope, ValidationError } from '@aigo/ai';
import type { HostResolver } from '@aigo/http';
import { loadPageFixture, type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBFETCH_DEFAULT_MAX_CHARACTERS,
  WEBFETCH_METRICS,
  type WebFetchOutput,
  webFetchTool,
} from '../src/web-fetch-tool.js';

const page = (name: string): Buffer =>
  readFileSync(new URL(`./fixtures/pages/${name}`, import.meta.url));
const golden = (name: string): string =>
  readFileSync(new URL(`./golden/${name}.md`, import.meta.url), 'utf8');

const HTML = { 'content-type': 'text/html; charset=utf-8' };
/** A long plain-text page: 1,500 numbered lines, about 51,000 characters. */
const LONG_TEXT = Array.from(
  { length: 1500 },
  (_, index) => `Line ${String(index + 1).padStart(4, '0')} of the long release notes.`,
).join('\n');
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
      path: '/long.txt',
      body: LONG_TEXT,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    },
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

describe('webFetchTool on long pages: maxCharacters and offset', () => {
  const blog = () => `${origin}/2024/postgres-lessons/`;
  const parted = (maxCharacters: number) =>
    webFetchTool({ lookup: toLoopback, allowedPrivateHosts: ['site.test'], maxCharacters });

  it('returns at most maxCharacters, says it cut, and pages to the end; the parts are the whole page', async () => {
    const whole = await parted(Number.POSITIVE_INFINITY).execute({ url: blog() });
    expect(whole.truncated).toBeUndefined();
    const total = whole.markdown.length;
    expect(total).toBeGreaterThan(1000);

    const parts: WebFetchOutput[] = [];
    let offset = 0;
    for (;;) {
      const part = await parted(400).execute({ url: blog(), offset });
      parts.push(part);
      if (!part.truncated) break;
      expect(part.next_offset).toBeGreaterThan(offset);
      offset = part.next_offset ?? Number.NaN;
    }
    expect(parts.length).toBeGreaterThanOrEqual(Math.ceil(total / 400));
    expect(parts.map((part) => part.markdown).join('')).toBe(whole.markdown);
    for (const [index, part] of parts.entries()) {
      expect(part.markdown.length).toBeLessThanOrEqual(400);
      expect(part).toMatchObject({
        url: blog(),
        title: whole.title,
        content_type: 'text/html',
        truncated: index < parts.length - 1,
        offset: index === 0 ? 0 : parts[index - 1]?.next_offset,
        total_characters: total,
      });
    }
    const last = parts.at(-1);
    expect(last?.next_offset).toBeUndefined();
    expect((last?.offset ?? 0) + (last?.markdown.length ?? 0)).toBe(total);
  });

  it('cuts at 20,000 characters by default, at a line end, and tells the model how to read on', async () => {
    const first = await tool().execute({ url: `${origin}/long.txt` });
    expect(WEBFETCH_DEFAULT_MAX_CHARACTERS).toBe(20_000);
    expect(first.markdown.length).toBeLessThanOrEqual(20_000);
    expect(first.markdown.length).toBeGreaterThan(16_000);
    expect(first.markdown.endsWith('\n')).toBe(true);
    expect(first).toMatchObject({
      truncated: true,
      offset: 0,
      next_offset: first.markdown.length,
      total_characters: LONG_TEXT.length,
    });
    expect(LONG_TEXT.startsWith(first.markdown)).toBe(true);
    // Through call(): what the model reads.
    const next = JSON.parse(
      await tool().call(JSON.stringify({ url: `${origin}/long.txt`, offset: first.next_offset })),
    );
    expect(next.markdown.startsWith('Line ')).toBe(true);
    expect(LONG_TEXT.slice(first.next_offset).startsWith(next.markdown)).toBe(true);
    expect(tool().description.description).toContain(
      'Long pages come in parts of at most 20000 characters: when the result has truncated: true, call again with offset set to its next_offset',
    );
    expect(parted(Number.POSITIVE_INFINITY).description.description).not.toContain('in parts');
  });

  it('a page that fits, read from offset 0, has no paging fields; read from further on, it says where it is', async () => {
    const whole = await tool().execute({ url: `${origin}/about` });
    expect(Object.keys(whole).sort()).toEqual(['content_type', 'markdown', 'title', 'url']);
    const rest = await tool().execute({ url: `${origin}/about`, offset: 10 });
    expect(rest).toMatchObject({
      markdown: whole.markdown.slice(10),
      truncated: false,
      offset: 10,
      total_characters: whole.markdown.length,
    });
    expect(rest.next_offset).toBeUndefined();
  });

  it('an offset past the end is an error the model can act on', async () => {
    const whole = await tool().execute({ url: `${origin}/about` });
    const total = whole.markdown.length;
    for (const offset of [total, total + 1, 10_000_000]) {
      const envelope = parseToolErrorEnvelope(
        await tool().call(JSON.stringify({ url: `${origin}/about`, offset })),
      );
      expect(envelope?.error.code).toBe('validation');
      expect(envelope?.error.message).toBe(
        `Invalid offset: ${offset} is past the end of the content, which has ${total} characters: ask for an offset below ${total} (0 is the start)`,
      );
    }
  });

  it('refuses bad offsets before fetching, and bad maxCharacters when the tool is made', async () => {
    const before = server.requests.length;
    for (const offset of [-1, 1.5, '100', null, true]) {
      const envelope = parseToolErrorEnvelope(
        await tool().call(JSON.stringify({ url: `${origin}/about`, offset })),
      );
      expect(envelope?.error.code, String(offset)).toBe('invalid_arguments');
      expect(envelope?.error.message, String(offset)).toContain('offset');
    }
    expect(server.requests.length).toBe(before);
    for (const maxCharacters of [0, -5, 1.5, Number.NaN, '100', Number.NEGATIVE_INFINITY]) {
      let caught: unknown;
      try {
        webFetchTool({ maxCharacters: maxCharacters as number });
      } catch (error) {
        caught = error;
      }
      expect(ValidationError.isInstance(caught), String(maxCharacters)).toBe(true);
      expect((caught as ValidationError).argument).toBe('options.maxCharacters');
    }
  });

  it('cuts the raw HTML to maxCharacters too, and says so', async () => {
    const output = await parted(500).execute({ url: blog(), include_html: true });
    const html = page('blog-post.html').toString('utf8');
    expect(output.html?.length).toBeLessThanOrEqual(500);
    expect(html.startsWith(output.html ?? '-')).toBe(true);
    expect(output.html_truncated).toBe(true);
    const small = await tool().execute({ url: `${origin}/about`, include_html: true });
    expect(small.html_truncated).toBeUndefined();
  });
});
