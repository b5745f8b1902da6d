import { describe, expect, it } from 'vitest';
import { chunkMarkdown } from './chunk-markdown.js';
import { markdownBlocks, plainHeading } from './markdown-blocks.js';

/** One token per word (fences and table pipes count), to make sizes easy to read. */
const countWords = (text: string) => (text.match(/\S+/g) ?? []).length;
const chunk = (text: string, maxTokens: number, overlapTokens = 0) =>
  chunkMarkdown({ id: 'doc', text }, { maxTokens, overlapTokens, countTokens: countWords });

describe('chunkMarkdown', () => {
  it('keeps a section that fits whole, with its heading path', () => {
    const text =
      '# Guide\n\nIntro words here.\n\n## Install\n\nRun the installer.\n\n### Linux\n\nUse apt.\n';
    expect(chunk(text, 100).map((one) => [one.headings, one.text])).toEqual([
      [['Guide'], text.trimEnd()],
    ]);
  });

  it('groups short sibling sections under the parent path, and gives a lone one its own path', () => {
    const text = [
      '# Guide',
      'Intro has five words here.',
      '## Alpha',
      'Alpha body of five words.',
      '## Beta',
      'Beta body of five words.',
      '## Gamma',
      `Gamma body ${'word '.repeat(8).trim()}.`,
    ].join('\n\n');
    expect(chunk(text, 16).map((one) => [one.headings, one.text.split('\n\n')[0]])).toEqual([
      [['Guide'], '# Guide'],
      [['Guide', 'Beta'], '## Beta'],
      [['Guide', 'Gamma'], '## Gamma'],
    ]);
  });

  it('never cuts inside a fenced code block: an oversized one is cut between lines, each part fenced', () => {
    const code = Array.from({ length: 6 }, (_, index) => `line ${index} of code`).join('\n');
    const text = `## Example\n\nSome prose.\n\n\`\`\`ts title="x.ts"\n${code}\n\`\`\`\n\nAfter.`;
    const chunks = chunk(text, 12);
    const fenced = chunks.filter((one) => one.text.includes('```'));
    expect(fenced.length).toBeGreaterThan(1);
    for (const one of fenced) {
      expect(one.text.match(/```/g)).toHaveLength(2);
      expect(one.text.startsWith('```ts title="x.ts"\n')).toBe(true);
      expect(one.text).toMatch(/\n```(\n\nAfter\.)?$/);
      expect(one.tokens).toBeLessThanOrEqual(12);
    }
    const lines = fenced.map((one) => /```[^\n]*\n([\s\S]*?)\n```/.exec(one.text)?.[1]);
    expect(lines.join('\n')).toBe(code);
    expect(chunks.every((one) => one.headings[0] === 'Example')).toBe(true);
  });

  it('closes an unclosed fence in each part', () => {
    const chunks = chunk('```\na b c\nd e f\ng h i', 6);
    expect(chunks.map((one) => one.text)).toEqual([
      '```\na b c\n```',
      '```\nd e f\n```',
      '```\ng h i\n```',
    ]);
  });

  it('never cuts inside a table: an oversized one is cut between rows, each part under the header', () => {
    const rows = Array.from({ length: 6 }, (_, index) => `| r${index} | v${index} |`);
    const text = `| name | value |\n| --- | --- |\n${rows.join('\n')}`;
    const chunks = chunk(text, 18);
    expect(chunks.length).toBeGreaterThan(1);
    for (const one of chunks) {
      const lines = one.text.split('\n');
      expect(lines.slice(0, 2)).toEqual(['| name | value |', '| --- | --- |']);
      expect(lines.slice(2).every((line) => /^\| r\d \| v\d \|$/.test(line))).toBe(true);
    }
    expect(chunks.flatMap((one) => one.text.split('\n').slice(2))).toEqual(rows);
  });

  it('cuts a long list between items', () => {
    const items = Array.from({ length: 5 }, (_, index) => `- item ${index} words`);
    const chunks = chunk(items.join('\n'), 8);
    expect(chunks.map((one) => one.text)).toEqual([
      `${items[0]}\n${items[1]}`,
      `${items[2]}\n${items[3]}`,
      items[4],
    ]);
  });

  it('reads setext headings, front matter, and headings with inline markup', () => {
    const text =
      '---\ntitle: x\n---\n\nTitle\n=====\n\nBody.\n\nSub `code` [link](https://a.example)\n---\n\nMore.';
    const blocks = markdownBlocks(text);
    expect(blocks.map((block) => [block.kind, block.title ?? block.text])).toEqual([
      ['text', '---\ntitle: x\n---'],
      ['heading', 'Title'],
      ['text', 'Body.'],
      ['heading', 'Sub code link'],
      ['text', 'More.'],
    ]);
    expect(chunk(text, 3).at(-1)?.headings).toEqual(['Title', 'Sub code link']);
  });

  it('repeats whole blocks as overlap inside one section', () => {
    const text = '## S\n\none two three.\n\nfour five six.\n\nseven eight nine.';
    expect(chunk(text, 7, 3).map((one) => one.text)).toEqual([
      '## S\n\none two three.',
      'one two three.\n\nfour five six.',
      'four five six.\n\nseven eight nine.',
    ]);
  });

  it('turns inline markup of headings into plain text', () => {
    expect(plainHeading('**Bold** and _snake_case_ `x` ![img](a.png) <b>tag</b>')).toBe(
      'Bold and _snake_case_ x img tag',
    );
  });
});
