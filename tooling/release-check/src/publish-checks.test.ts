import type { PackageManifest } from '@aigo/deps-check';
import { describe, expect, it } from 'vitest';
import {
  checkInstallLine,
  checkLicenseFile,
  checkPublishMetadata,
  SUPPORTED_NODE,
} from './publish-checks.js';

const good: PackageManifest = {
  name: '@aigo/client',
  version: '0.0.0',
  repository: {
    type: 'git',
    url: 'git+https://github.com/example/aigo.git',
    directory: 'packages/client',
  },
  homepage: 'https://github.com/example/aigo/tree/main/packages/client#readme',
  bugs: { url: 'https://github.com/example/aigo/issues' },
  exports: {
    '.': { types: './dist/index.d.ts', import: './dist/index.js', default: './dist/index.js' },
    './package.json': './package.json',
  },
  engines: { node: SUPPORTED_NODE },
  dependencies: { '@aigo/ai': 'workspace:^', jsonrepair: '^3.15.0' },
};

describe('checkPublishMetadata', () => {
  it('accepts what every aigo package has', () => {
    expect(checkPublishMetadata(good, 'packages/client')).toEqual([]);
  });

  it('names each missing or wrong field', () => {
    const problems = checkPublishMetadata(
      {
        name: '@aigo/client',
        engines: { node: '>=20.19' },
        repository: { type: 'git', url: 'x', directory: 'packages/other' },
        exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
        dependencies: { jsonrepair: '3.15.0', undici: '~7.30.2' },
      },
      'packages/client',
    );
    expect(problems).toEqual([
      '"engines.node" must be ">=22.12"',
      '"repository" must be { "type": "git", "url": …, "directory": "packages/client" }',
      '"homepage" must be an https URL',
      '"bugs" must be { "url": … }',
      `"exports["."]" has no "default" condition, so require('@aigo/client') fails`,
      'dependency "jsonrepair" must use a caret range (got "3.15.0")',
      'dependency "undici" must use a caret range (got "~7.30.2")',
    ]);
  });

  it('accepts a require condition instead of default, and names subpaths', () => {
    expect(
      checkPublishMetadata(
        {
          ...good,
          exports: {
            '.': { types: './a.d.ts', import: './a.js', require: './a.js' },
            './testing': { types: './t.d.ts', import: './t.js' },
          },
        },
        'packages/client',
      ),
    ).toEqual([
      `"exports["./testing"]" has no "default" condition, so require('@aigo/client/testing') fails`,
    ]);
  });
});

describe('checkInstallLine', () => {
  it('finds npm i, npm install and pnpm add lines for the exact name', () => {
    expect(checkInstallLine('```sh\nnpm i @aigo/client typebox\n```', '@aigo/client')).toEqual([]);
    expect(checkInstallLine('npm install @aigo/client', '@aigo/client')).toEqual([]);
    expect(checkInstallLine('npm i -D @aigo/testing', '@aigo/testing')).toEqual([]);
    expect(checkInstallLine('npm i @aigo/client-extra', '@aigo/client')).toEqual([
      'README.md has no install line ("npm i @aigo/client")',
    ]);
  });
});

describe('checkLicenseFile', () => {
  it('wants a LICENSE in the tarball', () => {
    expect(checkLicenseFile(['package.json', 'LICENSE', 'dist/index.js'])).toEqual([]);
    expect(checkLicenseFile(['package.json', 'dist/index.js'])).toEqual([
      'the tarball has no LICENSE file',
    ]);
  });
});
