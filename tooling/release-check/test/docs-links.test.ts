// Every document of the repository stands on its own: its relative links resolve to files of the
// repository, and nothing cites design notes that live outside it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const tracked = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\0')
  .filter((file) => file !== '' && existsSync(join(root, file)));
const documents = tracked.filter(
  (file) => file.endsWith('.md') && !file.includes('/fixtures/') && !file.includes('/test/golden/'),
);
const sources = tracked.filter(
  (file) =>
    /\.(?:ts|mts|mjs|js|json|md|yaml|sh)$|(?:^|\/)run$/.test(file) && !file.includes('/fixtures/'),
);

/** Citations of notes that are not in the repository. */
const OUTSIDE =
  /DESIGN\.md|DESIGN §|aigo-behavior|TOOLCHAIN(?:\.md| §)|STYLE\.md|\/work\/shared|(?:\.\.\/)+shared\/(?:spec|fixtures|hooks|DESIGN|STYLE|TOOLCHAIN)/;

describe('documents', () => {
  it('cite nothing outside the repository', () => {
    expect(documents.length).toBeGreaterThan(20);
    const citing = sources.filter((file) => {
      if (file === 'tooling/release-check/test/docs-links.test.ts') return false;
      return OUTSIDE.test(readFileSync(join(root, file), 'utf8'));
    });
    expect(citing).toEqual([]);
  });

  it('link only to files that exist', () => {
    const broken: string[] = [];
    for (const file of documents) {
      const text = readFileSync(join(root, file), 'utf8')
        .replace(/```[\s\S]*?```/g, '')
        .replace(/`[^`\n]*`/g, '');
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1] ?? '';
        if (/^(?:[a-z][a-z0-9+.-]*:|#)/i.test(target)) continue;
        const path = decodeURIComponent(target.split('#')[0] ?? '');
        if (path === '') continue;
        if (!existsSync(resolve(root, dirname(file), path))) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
