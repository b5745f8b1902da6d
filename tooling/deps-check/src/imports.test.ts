import { describe, expect, it } from 'vitest';
import { findImports, packageNameOf } from './imports.js';

describe('findImports', () => {
  it('finds every kind of specifier with its line, skipping comments and strings', () => {
    const source = [
      "// import 'in-a-line-comment';",
      "/* import x from 'in-a-block-comment'; */",
      "import type { A } from 'type-only';",
      'import {',
      '  b,',
      '  c,',
      "} from 'multi-line/sub';",
      "export * from './relative.js';",
      "export { d } from '@scope/pkg/deep';",
      "export type { E } from 'export-type';",
      'const s = "import x from \'in-a-string\'";',
      "const t = `import y from 'in-a-template'`;",
      "const m = await import('dynamic');",
      "type T = typeof import('type-import');",
      "import 'side-effect';",
      "import r = require('import-equals');",
      'const lazy = import(',
      "  'multi-line-dynamic'",
      ');',
    ].join('\n');
    expect(findImports(source)).toEqual([
      { specifier: 'type-only', line: 3 },
      { specifier: 'multi-line/sub', line: 7 },
      { specifier: './relative.js', line: 8 },
      { specifier: '@scope/pkg/deep', line: 9 },
      { specifier: 'export-type', line: 10 },
      { specifier: 'dynamic', line: 13 },
      { specifier: 'type-import', line: 14 },
      { specifier: 'side-effect', line: 15 },
      { specifier: 'import-equals', line: 16 },
      { specifier: 'multi-line-dynamic', line: 18 },
    ]);
  });

  it('returns nothing for a file without imports', () => {
    expect(findImports('export const x = 1;\n')).toEqual([]);
  });
});

describe('packageNameOf', () => {
  it.each([
    ['@aigo/ai', '@aigo/ai'],
    ['@aigo/ai/package.json', '@aigo/ai'],
    ['typebox', 'typebox'],
    ['typebox/compile', 'typebox'],
    ['@opentelemetry/api', '@opentelemetry/api'],
  ])('%s names %s', (specifier, name) => {
    expect(packageNameOf(specifier)).toBe(name);
  });

  it.each([
    './local.js',
    '../up.js',
    '/absolute.js',
    '#internal',
    'node:fs',
    'fs',
    'fs/promises',
    'https://example.com/x.js',
    '',
  ])('%s names no package', (specifier) => {
    expect(packageNameOf(specifier)).toBeUndefined();
  });
});
