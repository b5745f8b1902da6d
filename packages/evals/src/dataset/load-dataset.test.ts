import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AigoError, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { loadDataset, parseDataset } from './load-dataset.js';

const HEADER = '{"aigoDataset":1,"name":"tickets","version":"3","description":"demo"}';

describe('parseDataset', () => {
  it('reads the header and one case per line, skipping blank lines', async () => {
    const dataset = parseDataset(
      `${HEADER}\n{"id":"a","input":"hi","expected":"x"}\n\n{"id":"b","input":{"q":1},"metadata":{"tag":"t"}}\n`,
      'tickets.jsonl',
    );
    expect(dataset).toMatchObject({ name: 'tickets', version: '3', size: 2 });
    const ids: string[] = [];
    for await (const evalCase of dataset.cases()) ids.push(evalCase.id);
    expect(ids).toEqual(['a', 'b']);
  });

  it('names the file and line of the first problem', () => {
    expect(() => parseDataset('', 'd.jsonl')).toThrow(/d\.jsonl.*is empty/);
    expect(() => parseDataset('{"name":"x","version":"1"}', 'd.jsonl')).toThrow(
      /d\.jsonl:1\.aigoDataset.*missing/,
    );
    expect(() => parseDataset('{"aigoDataset":2,"name":"x","version":"1"}', 'd.jsonl')).toThrow(
      /reads format 1/,
    );
    expect(() => parseDataset(`${HEADER}\n{"id":"a","input":1}\nnot json`, 'd.jsonl')).toThrow(
      /d\.jsonl:3: is not a line of JSON/,
    );
    expect(() =>
      parseDataset(`${HEADER}\n{"id":"a","input":1}\n{"id":"a","input":2}`, 'd.jsonl'),
    ).toThrow(/d\.jsonl:3\.id/);
    expect(() => parseDataset(`${HEADER}\n[1]`, 'd.jsonl')).toThrow(ValidationError);
  });
});

describe('loadDataset', () => {
  it('loads a JSONL file, and says when there is none', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'aigo-dataset-'));
    try {
      const file = join(folder, 'd.jsonl');
      await writeFile(file, `${HEADER}\n{"id":"a","input":"x"}\n`);
      expect((await loadDataset(file)).size).toBe(1);
      const missing = loadDataset(join(folder, 'none.jsonl'));
      await expect(missing).rejects.toSatisfy(
        (error) => AigoError.isInstance(error) && error.code === 'not_found',
      );
      await expect(loadDataset(file, { signal: AbortSignal.abort() })).rejects.toThrow();
      await expect(loadDataset(file, { limit: 1 } as never)).rejects.toThrow(/options\.limit/);
      await expect(loadDataset('')).rejects.toThrow(ValidationError);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
