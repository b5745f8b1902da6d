// The chunkers on real documents the package ships (test/fixtures/, see its README), with golden
// chunk boundaries in test/golden/: position, heading path, tokens, and how each chunk starts and
// ends. Beside the goldens, the rules every chunk keeps are checked directly: within maxTokens, no
// fence or table row cut, every code part fenced, every table part under its header, and every
// line of the source in some chunk.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compactRow } from '../src/chunking/compact-row.js';
import { plainHeading } from '../src/chunking/markdown-blocks.js';
import { type Chunk, chunkHtml, chunkMarkdown } from '../src/index.js';

const fixture = (name: string) =>
  readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

/** What the golden files keep of each chunk. */
function boundaries(chunks: readonly Chunk[]) {
  const edge = (text: string) => text.replace(/\s+/g, ' ');
  return chunks.map((chunk) => ({
    position: chunk.position,
    headings: chunk.headings.join(' > '),
    tokens: chunk.tokens,
    starts: edge(chunk.text.slice(0, 50)),
    ends: edge(chunk.text.slice(-50)),
  }));
}

/** The fenced blocks of a markdown chunk: every fence opened is closed in the same chunk. */
function checkFences(chunk: Chunk): void {
  let open: string | undefined;
  for (const line of chunk.text.split('\n')) {
    const fence = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined) continue;
    if (open === undefined) open = fence;
    else if (
      fence.startsWith(open[0] as string) &&
      fence.length >= open.length &&
      line.trim() === fence
    )
      open = undefined;
  }
  expect(open, `chunk ${chunk.position} leaves a fence open`).toBeUndefined();
}

/** Every table in a markdown chunk starts with its header row and delimiter row. */
function checkTables(chunk: Chunk): void {
  const lines = chunk.text.split('\n');
  lines.forEach((line, index) => {
    const isRow = /^\s*\|.*\|\s*$/.test(line);
    const before = lines[index - 1];
    if (isRow && (before === undefined || !/^\s*\|.*\|\s*$/.test(before))) {
      expect(lines[index + 1], `chunk ${chunk.position} has a table without its header`).toMatch(
        /^\s*\|[\s:|-]+\|\s*$/,
      );
    }
  });
}

/**
 * Every non-blank line of the source is in some chunk — a heading with no text of its own may be
 * in the heading paths only, a row of a table cut into parts is there without its padding.
 */
function checkCoverage(source: string, chunks: readonly Chunk[]): void {
  const text = chunks.map((chunk) => chunk.text).join('\n');
  const compactText = chunks
    .map((chunk) => chunk.text.split('\n').map(compactRow).join('\n'))
    .join('\n');
  const headings = new Set(chunks.flatMap((chunk) => chunk.headings));
  for (const line of source.split('\n')) {
    if (line.trim() === '' || text.includes(line.trimEnd())) continue;
    // A table cut into parts has its rows without their padding.
    if (/^\s*\|/.test(line) && compactText.includes(compactRow(line))) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*)$/.exec(line)?.[1];
    expect(heading !== undefined && headings.has(plainHeading(heading)), line).toBe(true);
  }
}

describe.each([
  ['aigo-readme.md', 400],
  ['openai-readme.md', 512],
  ['openai-readme.md', 128],
])('chunkMarkdown on %s, maxTokens %i', (name, maxTokens) => {
  const source = fixture(name);
  const chunks = chunkMarkdown({ id: name, text: source }, { maxTokens });

  it('matches the golden boundaries', async () => {
    await expect(`${JSON.stringify(boundaries(chunks), null, 2)}\n`).toMatchFileSnapshot(
      `golden/${name.replace('.md', '')}-${maxTokens}.json`,
    );
  });

  it('keeps every chunk within maxTokens, fences closed, tables under their header, no line lost', () => {
    for (const chunk of chunks) {
      expect(chunk.tokens).toBeLessThanOrEqual(maxTokens);
      checkFences(chunk);
      checkTables(chunk);
    }
    checkCoverage(source, chunks);
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(chunks.length);
  });
});

describe('chunkMarkdown on the repository README', () => {
  it('cuts the package table between rows, each part under its header; the CI line under the title', () => {
    const chunks = chunkMarkdown(
      { id: 'readme', text: fixture('aigo-readme.md') },
      { maxTokens: 400 },
    );
    const parts = chunks.filter((chunk) => chunk.headings.join(' > ') === 'aigo > Packages');
    const tables = parts.filter((chunk) => chunk.text.startsWith('| package | layer |'));
    expect(tables.length).toBeGreaterThan(1);
    for (const table of tables) {
      expect(table.text.split('\n')[1]).toBe('| --- | --- | --- | --- | --- |');
    }
    const rows = tables.flatMap((table) => table.text.split('\n').slice(2));
    expect(rows.filter((row) => row.startsWith('| [`@aigo/'))).toHaveLength(26);
    const ci = chunks.find((chunk) =>
      chunk.text.includes('pnpm install --frozen-lockfile && pnpm test'),
    );
    expect(ci?.headings[0]).toBe('aigo');
  });
});

describe('chunkHtml on a saved support page', () => {
  const source = fixture('support-returns.html');
  const chunks = chunkHtml({ id: 'returns-page', text: source }, { maxTokens: 128 });

  it('matches the golden boundaries', async () => {
    await expect(`${JSON.stringify(boundaries(chunks), null, 2)}\n`).toMatchFileSnapshot(
      'golden/support-returns-128.json',
    );
  });

  it('keeps the main content only, with heading paths, the code block and the tables whole', () => {
    const all = chunks.map((chunk) => chunk.text).join('\n');
    for (const left of [
      'Support home',
      'Search the handbook',
      'In this section',
      'dataLayer',
      'Registered in England',
      'font-family',
    ]) {
      expect(all).not.toContain(left);
    }
    expect(chunks[0]?.headings).toEqual(['Returns, refunds and warranty']);
    const api = chunks.find((chunk) => chunk.text.includes('curl -X POST'));
    expect(api?.headings).toEqual([
      'Returns, refunds and warranty',
      'Returning a robot',
      'Returning through the API',
    ]);
    expect(api?.text).toContain('"collection": { "date": "2026-03-02", "slot": "08:00-10:00" }');
    const refundTimes = chunks.find((chunk) => chunk.text.includes('Paid by | Refund issued'));
    expect(refundTimes?.text).toContain('Reseller | By the reseller | Ask the reseller');
    expect(refundTimes?.headings.at(-1)).toBe('Refunds');
    const covered = chunks.find((chunk) => chunk.text.includes('Part | Covered for | Notes'));
    expect(covered?.headings.at(-1)).toBe('What is covered');
    for (const chunk of chunks) expect(chunk.tokens).toBeLessThanOrEqual(128);
  });
});
