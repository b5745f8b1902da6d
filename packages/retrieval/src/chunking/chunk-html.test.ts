import { describe, expect, it } from 'vitest';
import { chunkHtml } from './chunk-html.js';
import { htmlBlocks } from './html-blocks.js';

describe('htmlBlocks', () => {
  it('reads the main element only, without scripts, forms or navigation', () => {
    const html = `<html><head><title>T</title><script>var x = 1;</script></head><body>
      <header><nav><a href="/">Home</a></nav></header>
      <main><h1>Guide &amp; more</h1><p>First   paragraph,
        a source line break<br>second line.</p>
        <form><button>Send</button></form><script>track()</script>
        <div>Loose <em>text</em> in a div</div></main>
      <footer>© Example</footer></body></html>`;
    expect(htmlBlocks(html).map((block) => [block.kind, block.text])).toEqual([
      ['heading', 'Guide & more'],
      ['text', 'First paragraph, a source line break\nsecond line.'],
      ['text', 'Loose text in a div'],
    ]);
  });

  it('falls back to the articles, then to the body without its header, footer and asides', () => {
    const articles =
      '<body><p>Outside</p><article><p>One</p></article><p>Between</p><article><p>Two</p></article></body>';
    expect(htmlBlocks(articles).map((block) => block.text)).toEqual(['One', 'Two']);
    const body =
      '<body><header>Site</header><aside>Ads</aside><p>Content</p><footer>Legal</footer></body>';
    expect(htmlBlocks(body).map((block) => block.text)).toEqual(['Content']);
  });

  it('reads headings with levels, pre as code lines, tables as rows under a header, lists as items', () => {
    const html = `<main><h2>Setup</h2><h3>Steps</h3>
      <ol><li>Install <code>x</code></li><li>Run it<ul><li>twice</li></ul></li></ol>
      <pre><code>line one
  line two</code></pre>
      <table><thead><tr><th>Paid by</th><th>When</th></tr></thead>
        <tbody><tr><td>Card</td><td>2 days</td></tr><tr><td>Bank</td><td>1 day</td></tr></tbody></table>
      <table><tr><td>a</td><td>b</td></tr></table></main>`;
    expect(htmlBlocks(html)).toEqual([
      { kind: 'heading', text: 'Setup', level: 2, title: 'Setup' },
      { kind: 'heading', text: 'Steps', level: 3, title: 'Steps' },
      {
        kind: 'list',
        text: '1. Install x\n2. Run it\n  - twice',
        parts: ['1. Install x', '2. Run it', '  - twice'],
      },
      { kind: 'code', text: 'line one\n  line two', parts: ['line one', '  line two'] },
      {
        kind: 'table',
        text: 'Paid by | When\nCard | 2 days\nBank | 1 day',
        open: 'Paid by | When',
        parts: ['Card | 2 days', 'Bank | 1 day'],
      },
      { kind: 'table', text: 'a | b', parts: ['a | b'] },
    ]);
  });
});

describe('chunkHtml', () => {
  it('chunks by headings, with the heading path, a cut table keeping its header row', () => {
    const rows = Array.from(
      { length: 8 },
      (_, index) => `<tr><td>part ${index}</td><td>${index} years</td></tr>`,
    );
    const html = `<main><h1>Warranty</h1><p>Two years on every robot.</p><h2>Parts</h2>
      <table><tr><th>Part</th><th>Covered</th></tr>${rows.join('')}</table></main>`;
    const chunks = chunkHtml({ id: 'page', text: html }, { maxTokens: 16 });
    expect(chunks[0]).toMatchObject({
      headings: ['Warranty'],
      text: 'Warranty\n\nTwo years on every robot.',
    });
    const tables = chunks.slice(1);
    expect(tables.length).toBeGreaterThan(1);
    for (const chunk of tables) {
      expect(chunk.headings).toEqual(['Warranty', 'Parts']);
      expect(chunk.text).toMatch(/^(Parts\n\n)?Part \| Covered\n/);
      expect(chunk.tokens).toBeLessThanOrEqual(16);
    }
  });
});
