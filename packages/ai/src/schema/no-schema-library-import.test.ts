import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Standard Schema support costs @aigo/ai no import: the spec's interfaces are copied as types, and
// the schema libraries are the application's. Checked on the sources and on the built bundle.
const LIBRARIES = /['"](?:@standard-schema\/|zod|valibot|@valibot\/|arktype)/;

describe('no schema library is imported by @aigo/ai', () => {
  it('no source file imports one, not even as a type', () => {
    const root = new URL('..', import.meta.url).pathname;
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(path);
      }
    };
    walk(root);
    const importing = files.filter((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .some(
          (line) => /^\s*(?:import|export)\b.*\bfrom\b|import\(/.test(line) && LIBRARIES.test(line),
        ),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(importing).toEqual([]);
  });

  it('the built bundle imports nothing at load, and only typebox/compile on demand', () => {
    const bundle = readFileSync(new URL('../../dist/index.js', import.meta.url), 'utf8');
    const staticImports = bundle.match(/^\s*(?:import|export)\b[^;]*\bfrom\s*['"][^'"]+['"]/gm);
    const dynamicImports = [...bundle.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
      (match) => match[1],
    );
    expect(staticImports).toBeNull();
    expect(dynamicImports).toEqual(['typebox/compile']);
    const declarations = readFileSync(new URL('../../dist/index.d.ts', import.meta.url), 'utf8');
    expect(declarations).not.toMatch(LIBRARIES);
    expect(declarations).toContain('StandardJSONSchemaV1');
  });
});
