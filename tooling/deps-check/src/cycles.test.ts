import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCycles } from './cycles.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function packageWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'deps-cycles-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('findImportCycles', () => {
  it('finds a cycle through folders, type-only imports included', () => {
    const dir = packageWith({
      'src/index.ts': "export * from './a/a.js';",
      'src/a/a.ts': "import { b } from '../b/b.js';\nexport const a = b;",
      'src/b/b.ts': "import type { C } from './c.js';\nexport const b = 1 as unknown as C;",
      'src/b/c.ts': "import { a } from '../a/a.js';\nexport type C = typeof a;",
    });
    expect(findImportCycles(dir)).toEqual([['src/a/a.ts', 'src/b/b.ts', 'src/b/c.ts']]);
  });

  it('finds a file importing itself and reports nothing for a tree', () => {
    expect(findImportCycles(packageWith({ 'src/self.ts': "export * from './self.js';" }))).toEqual([
      ['src/self.ts'],
    ]);
    const tree = packageWith({
      'src/index.ts': "export * from './a.js';\nexport * from './b.js';",
      'src/a.ts': "import { b } from './b.js';\nexport const a = b;",
      'src/b.ts': 'export const b = 1;',
    });
    expect(findImportCycles(tree)).toEqual([]);
  });

  it('ignores tests, which may import anything', () => {
    const dir = packageWith({
      'src/a.ts': 'export const a = 1;',
      'src/a.test.ts': "import { a } from './a.js';\nexport * from './a.test.js';",
    });
    expect(findImportCycles(dir)).toEqual([]);
  });
});
