import { describe, expect, it } from 'vitest';
import { packageWith } from '../test/support/package-dir.js';
import { entryFiles, findUnreachableFiles } from './reachability.js';

const manifest = {
  name: '@aigo/x',
  exports: {
    '.': { types: './dist/index.d.ts', import: './dist/index.js' },
    './testing': { types: './dist/testing.d.ts', import: './dist/testing.js' },
    './package.json': './package.json',
  },
  bin: { 'aigo-x': './dist/cli.js' },
};

describe('entryFiles', () => {
  it('maps each ./dist/<name>.js of exports and bin to its src/<name>.ts', () => {
    const dir = packageWith({
      'src/index.ts': 'export {};',
      'src/testing.ts': 'export {};',
      'src/cli.ts': 'export {};',
    });
    expect(
      entryFiles(dir, manifest)
        .map((path) => path.slice(dir.length + 1))
        .sort(),
    ).toEqual(['src/cli.ts', 'src/index.ts', 'src/testing.ts']);
  });
});

describe('findUnreachableFiles', () => {
  it('follows static, type-only, re-export and dynamic imports from every entry', () => {
    const dir = packageWith({
      'src/index.ts': "export * from './a.js';\nimport type { T } from './types.js';",
      'src/a.ts': "export const a = () => import('./lazy/b.js');",
      'src/lazy/b.ts': "export { c } from '../c.js';",
      'src/c.ts': 'export const c = 1;',
      'src/types.ts': 'export type T = 1;',
      'src/testing.ts': "export * from './conformance/suite.js';",
      'src/conformance/suite.ts': 'export const suite = 1;',
      'src/cli.ts': 'export {};',
      'src/ambient.d.ts': 'declare const x: 1;',
    });
    expect(findUnreachableFiles(dir, manifest)).toEqual([]);
  });

  it('tells a helper only tests import from dead code', () => {
    const dir = packageWith({
      'src/index.ts': "export * from './a.js';",
      'src/a.ts': 'export const a = 1;',
      'src/a.test.ts': "import { fake } from './fake-server.js';",
      'src/fake-server.ts': 'export const fake = 1;',
      'src/old.ts': 'export const old = 1;',
    });
    expect(findUnreachableFiles(dir, { exports: { '.': './dist/index.js' } })).toEqual([
      { relativePath: 'src/fake-server.ts', usedByTests: true },
      { relativePath: 'src/old.ts', usedByTests: false },
    ]);
  });

  it('checks nothing in a package with no entry built from src/', () => {
    const dir = packageWith({ 'src/a.ts': 'export const a = 1;' });
    expect(findUnreachableFiles(dir, { exports: { '.': './index.js' } })).toEqual([]);
  });
});
