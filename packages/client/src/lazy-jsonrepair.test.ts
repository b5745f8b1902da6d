import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { parseStringAs } from './parse/parse-string-as.js';

// jsonrepair costs ~3 ms of import, a quarter of @aigo/client's: it is loaded at the first answer
// that is not strict JSON, never at start-up.
describe('jsonrepair stays lazy', () => {
  it('no source file imports jsonrepair at module load', () => {
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
      /^import(?!\s+type\b)[^;]*from\s+['"]jsonrepair/m.test(readFileSync(file, 'utf8')),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(eager).toEqual([]);
  });

  it('still repairs an answer once it is loaded, and parses strict JSON without it', async () => {
    const Item = Type.Object({ name: Type.String(), tags: Type.Array(Type.String()) });
    await expect(parseStringAs('{"name":"a","tags":[]}', Item)).resolves.toEqual({
      name: 'a',
      tags: [],
    });
    await expect(parseStringAs("Here: {name: 'b', tags: ['x',], } // done", Item)).resolves.toEqual(
      { name: 'b', tags: ['x'] },
    );
  });
});
