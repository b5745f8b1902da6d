import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entryPoints, writeSmokeScripts } from './smoke-project.js';

const dir = mkdtempSync(join(tmpdir(), 'smoke-project-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('entryPoints', () => {
  it('lists the package and its JavaScript subpaths', () => {
    expect(
      entryPoints({
        name: '@aigo/pg',
        exports: {
          '.': { import: './dist/index.js' },
          './testing': { import: './dist/testing.js' },
          './testing/vitest': { import: './dist/testing/vitest.js' },
          './package.json': './package.json',
          './schema.json': './schema.json',
        },
      }),
    ).toEqual(['@aigo/pg', '@aigo/pg/testing']);
    expect(entryPoints({ name: 'plain' })).toEqual(['plain']);
  });
});

describe('writeSmokeScripts', () => {
  it('loads ES modules through require() and import(), and fails on an empty one', () => {
    const modules = join(dir, 'node_modules');
    for (const [name, body] of [
      ['esm-ok', 'export const value = 1;\n'],
      ['esm-empty', 'export {};\n'],
    ] as const) {
      mkdirSync(join(modules, name), { recursive: true });
      writeFileSync(
        join(modules, name, 'package.json'),
        JSON.stringify({
          name,
          type: 'module',
          exports: { '.': { import: './index.js', default: './index.js' } },
        }),
      );
      writeFileSync(join(modules, name, 'index.js'), body);
    }
    const [requireScript, importScript] = writeSmokeScripts(dir, ['esm-ok']);
    expect(execFileSync(process.execPath, [requireScript], { cwd: dir, encoding: 'utf8' })).toBe(
      'require esm-ok: 1 exports\n',
    );
    expect(execFileSync(process.execPath, [importScript], { cwd: dir, encoding: 'utf8' })).toBe(
      'import esm-ok: 1 exports\n',
    );
    const [failing] = writeSmokeScripts(dir, ['esm-ok', 'esm-empty']);
    expect(() =>
      execFileSync(process.execPath, [failing], { cwd: dir, encoding: 'utf8', stdio: 'pipe' }),
    ).toThrow(/esm-empty: exports nothing/);
  });
});
