import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Importing typebox eagerly costs more start-up time than all of undici: @aigo/ai may only load its
// validator lazily, with a dynamic import at the first validation.
describe('typebox stays lazy', () => {
  it('no source file imports typebox at module load', () => {
    const root = new URL('.', import.meta.url).pathname;
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(path);
      }
    };
    walk(root);
    const eager = files.filter((file) =>
      /^import(?!\s+type\b)[^;]*from\s+['"]typebox/m.test(readFileSync(file, 'utf8')),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(eager).toEqual([]);
  });
});
