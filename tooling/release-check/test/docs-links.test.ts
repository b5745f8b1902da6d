// Every document of the repository stands on its own: its relative links resolve to files of the
// repository (a link that climbs out of it resolves to nothing in a clean clone and fails here).
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
describe('documents', () => {
  it('link only to files that exist', () => {
    expect(documents.length).toBeGreaterThan(20);
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
        const resolved = resolve(root, dirname(file), path);
        if (!resolved.startsWith(`${root}/`) || !existsSync(resolved))
          broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
