// A child Node process loads two installed copies of the built @aigo/ai (the error classes' unit
// tests are in src/errors/).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Two copies of @aigo/ai in one process (a nested node_modules, a bundled tool package) must still
// recognise each other's errors.
describe('isInstance across two installed copies', () => {
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  const root = mkdtempSync(join(tmpdir(), 'aigo-two-copies-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('recognises errors made by the other copy', () => {
    if (!existsSync(join(dist, 'index.js'))) {
      throw new Error('build @aigo/ai first (turbo runs build before test)');
    }
    for (const copy of ['copy-a', 'copy-b']) {
      const target = join(root, copy, 'node_modules', '@aigo', 'ai');
      mkdirSync(target, { recursive: true });
      cpSync(dist, join(target, 'dist'), { recursive: true });
      writeFileSync(
        join(target, 'package.json'),
        JSON.stringify({ name: '@aigo/ai', type: 'module', exports: { '.': './dist/index.js' } }),
      );
      writeFileSync(
        join(root, copy, 'make.mjs'),
        "export { ProviderError, AigoError, AbortError } from '@aigo/ai';\n",
      );
    }
    const script = `
      const a = await import(${JSON.stringify(join(root, 'copy-a', 'make.mjs'))});
      const b = await import(${JSON.stringify(join(root, 'copy-b', 'make.mjs'))});
      const error = new a.ProviderError({ code: 'rate_limited', message: 'x', provider: 'p', retryable: true });
      console.log(JSON.stringify({
        distinctClasses: a.ProviderError !== b.ProviderError,
        instanceofOther: error instanceof b.ProviderError,
        isInstanceOther: b.ProviderError.isInstance(error),
        baseIsInstanceOther: b.AigoError.isInstance(error),
        abortIsInstanceOther: b.AbortError.isInstance(error),
      }));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({
      distinctClasses: true,
      instanceofOther: false,
      isInstanceOther: true,
      baseIsInstanceOther: true,
      abortIsInstanceOther: false,
    });
  });
});
