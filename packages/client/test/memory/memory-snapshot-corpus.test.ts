import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inMemoryMemory } from '../../src/memory/in-memory-memory.js';
import { MEMORY_SNAPSHOT_VERSION } from '../../src/memory/memory-snapshot.js';

// Every snapshot format version ever written keeps a corpus of files under
// test/snapshots/memory/v<version>/. A snapshot stored by an application must load in every later
// release: when the format changes, add v<next>/ (never edit or delete an older folder).
const corpus = fileURLToPath(new URL('../snapshots/memory/', import.meta.url));
const versions = readdirSync(corpus).filter((name) => /^v\d+$/.test(name));

describe('memory snapshot corpus', () => {
  it('has a folder for every version up to the current one', () => {
    const numbers = versions.map((name) => Number(name.slice(1))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: MEMORY_SNAPSHOT_VERSION }, (_, i) => i + 1));
  });

  for (const version of versions) {
    const folder = join(corpus, version);
    const files = readdirSync(folder).filter((name) => name.endsWith('.json'));

    it(`${version} has snapshot files`, () => {
      expect(files.length).toBeGreaterThan(0);
    });

    for (const file of files) {
      it(`${version}/${file} still loads and its messages survive`, async () => {
        const stored = JSON.parse(readFileSync(join(folder, file), 'utf8'));
        const memory = inMemoryMemory({ snapshot: stored });
        const messages = await memory.allMessages();
        expect(messages).toHaveLength(stored.messages.length);
        // Loading an older version and writing it again yields the current version, same messages.
        const again = JSON.parse(JSON.stringify(memory.snapshot()));
        expect(again.version).toBe(MEMORY_SNAPSHOT_VERSION);
        expect(again.messages).toEqual(stored.messages);
      });
    }
  }
});
