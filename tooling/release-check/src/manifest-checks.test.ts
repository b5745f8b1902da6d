import type { PackageManifest } from '@aigo/deps-check';
import { describe, expect, it } from 'vitest';
import { checkManifest, checkTarballFiles } from './manifest-checks.js';

const good: PackageManifest = {
  name: '@aigo/ai',
  version: '0.1.0',
  license: 'MIT',
  type: 'module',
  sideEffects: false,
  exports: {
    '.': { types: './dist/index.d.ts', import: './dist/index.js' },
    './package.json': './package.json',
  },
  files: ['dist'],
  engines: { node: '>=22.12' },
};

describe('checkManifest', () => {
  it('accepts the shape every aigo package uses', () => {
    expect(checkManifest(good)).toEqual([]);
  });

  it('accepts prerelease versions and nested conditions with types', () => {
    expect(
      checkManifest({
        ...good,
        version: '1.0.0-next.3',
        exports: {
          '.': {
            import: { types: './dist/index.d.ts', default: './dist/index.js' },
            require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
          },
          './schema.json': './schema.json',
        },
      }),
    ).toEqual([]);
  });

  it('lists every missing or wrong field', () => {
    expect(checkManifest({ name: '@aigo/x' })).toEqual([
      '"version" must be a semver version',
      '"license" must be "MIT"',
      '"type" must be "module"',
      '"sideEffects" must be false',
      '"engines.node" must name the supported Node versions',
      '"files" must list what the tarball ships',
      '"exports" must be a map of subpaths ({ ".": { "types": …, "import": … } })',
    ]);
  });

  it('rejects wrong values, not only missing ones', () => {
    expect(
      checkManifest({
        ...good,
        version: '1.0',
        license: 'Apache-2.0',
        type: 'commonjs',
        sideEffects: true,
        engines: { npm: '>=10' },
        files: [],
      }),
    ).toEqual([
      '"version" must be a semver version',
      '"license" must be "MIT"',
      '"type" must be "module"',
      '"sideEffects" must be false',
      '"engines.node" must name the supported Node versions',
      '"files" must list what the tarball ships',
    ]);
  });

  it('requires a types condition on every entry point and a "." entry', () => {
    expect(
      checkManifest({
        ...good,
        exports: {
          './client': { import: './dist/client.js' },
          './server': './dist/server.js',
          './mixed': {
            node: { types: './a.d.ts', import: './a.js' },
            browser: { import: './b.js' },
          },
        },
      }),
    ).toEqual([
      '"exports" has no "." entry',
      '"exports["./client"]" has no "types" condition',
      '"exports["./server"]" has no "types" condition',
      '"exports["./mixed"]" has no "types" condition',
    ]);
  });

  it('rejects a string or condition-keyed exports field', () => {
    expect(checkManifest({ ...good, exports: './dist/index.js' })).toEqual([
      '"exports" must be a map of subpaths ({ ".": { "types": …, "import": … } })',
    ]);
    expect(checkManifest({ ...good, exports: { types: './a.d.ts', import: './a.js' } })).toEqual([
      '"exports" must be keyed by subpath (".", "./package.json", …)',
    ]);
  });
});

describe('checkTarballFiles', () => {
  it('accepts package.json, README.md and built code', () => {
    expect(
      checkTarballFiles(['package.json', 'README.md', 'dist/index.js', 'dist/test-server.js']),
    ).toEqual([]);
  });

  it('requires package.json and README.md', () => {
    expect(checkTarballFiles(['dist/index.js'])).toEqual([
      'the tarball has no package.json',
      'README.md is missing (the npm page shows it)',
    ]);
  });

  it('names shipped tests', () => {
    expect(
      checkTarballFiles([
        'package.json',
        'README.md',
        'dist/a.test.js',
        'dist/b.test.d.ts',
        'dist/c.spec.js',
        'dist/d/e.test.js.map',
      ]),
    ).toEqual([
      'the tarball ships 4 test files (dist/a.test.js, dist/b.test.d.ts, dist/c.spec.js, …); exclude them in "files"',
    ]);
  });
});
