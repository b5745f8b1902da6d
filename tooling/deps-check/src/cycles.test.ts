import { describe, expect, it } from 'vitest';
import { packageWith } from '../test/support/package-dir.js';
import { findImportCycles } from './cycles.js';

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

  it('finds cycles among tests, helpers and plain .mjs files too', () => {
    const dir = packageWith({
      'src/a.ts': 'export const a = 1;',
      'src/a.test.ts': "import { a } from './a.js';\nimport { h } from '../test/support/h.js';",
      'test/support/h.ts': "export * from '../../src/a.test.js';\nexport const h = 1;",
      'bench/one.mjs': "import { two } from './two.mjs';\nexport const one = 1;",
      'bench/two.mjs': "export { one as two } from './one.mjs';",
    });
    expect(findImportCycles(dir)).toEqual([
      ['bench/one.mjs', 'bench/two.mjs'],
      ['src/a.test.ts', 'test/support/h.ts'],
    ]);
  });

  it('takes only the files `include` accepts', () => {
    const dir = packageWith({
      'src/a.ts': 'export const a = 1;',
      'src/a.test.ts': "import { a } from './a.js';\nexport * from './a.test.js';",
    });
    expect(findImportCycles(dir, (file) => file.kind === 'production')).toEqual([]);
    expect(findImportCycles(dir)).toEqual([['src/a.test.ts']]);
  });
});
