import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { defineDataset } from './define-dataset.js';
import type { EvalCase } from './eval-case.js';

async function all<I, E>(cases: AsyncIterable<EvalCase<I, E>>): Promise<EvalCase<I, E>[]> {
  const list: EvalCase<I, E>[] = [];
  for await (const evalCase of cases) list.push(evalCase);
  return list;
}

describe('defineDataset', () => {
  it('holds an array of cases, its size known, iterable again and again', async () => {
    const dataset = defineDataset({
      name: 'arith',
      version: 2,
      cases: [
        { id: 'a', input: '1+1', expected: 2 },
        { id: 'b', input: '2+2', expected: 4, metadata: { level: 'easy' } },
      ],
    });
    expect(dataset).toMatchObject({ name: 'arith', version: '2', size: 2 });
    expect((await all(dataset.cases())).map((evalCase) => evalCase.id)).toEqual(['a', 'b']);
    expect(await all(dataset.cases())).toHaveLength(2);
  });

  it('takes cases from a function, sync or async, checked as they come', async () => {
    const generated = defineDataset({
      name: 'gen',
      version: '1',
      cases: function* () {
        for (let index = 0; index < 3; index++) yield { id: `c${index}`, input: index };
      },
    });
    expect(generated.size).toBeUndefined();
    expect((await all(generated.cases())).map((evalCase) => evalCase.input)).toEqual([0, 1, 2]);

    const repeated = defineDataset({
      name: 'bad',
      version: '1',
      cases: async function* () {
        yield { id: 'x', input: 1 };
        yield { id: 'x', input: 2 };
      },
    });
    await expect(all(repeated.cases())).rejects.toThrow(/"x" is used by an earlier case/);
  });

  it('names the bad option or case', () => {
    const cases = [{ id: 'a', input: 1 }];
    expect(() => defineDataset({ name: '', version: '1', cases })).toThrow(/options\.name/);
    expect(() => defineDataset({ name: 'n', version: '', cases })).toThrow(/options\.version/);
    expect(() => defineDataset({ name: 'n', version: '1', cases: 'x' as never })).toThrow(
      /options\.cases/,
    );
    expect(() => defineDataset({ name: 'n', version: '1', cases, size: 1 } as never)).toThrow(
      /options\.size/,
    );
    expect(() => defineDataset({ name: 'n', version: '1', cases: [{ id: '', input: 1 }] })).toThrow(
      /options\.cases\[0\]\.id/,
    );
    expect(() => defineDataset({ name: 'n', version: '1', cases: [{ id: 'a' } as never] })).toThrow(
      /options\.cases\[0\]\.input/,
    );
    expect(() =>
      defineDataset({ name: 'n', version: '1', cases: [{ id: 'a', input: 1, extra: 1 } as never] }),
    ).toThrow(/options\.cases\[0\]\.extra/);
    expect(() =>
      defineDataset({
        name: 'n',
        version: '1',
        cases: [{ id: 'a', input: 1, metadata: [] as never }],
      }),
    ).toThrow(ValidationError);
    expect(() =>
      defineDataset({
        name: 'n',
        version: '1',
        cases: [
          { id: 'a', input: 1 },
          { id: 'a', input: 2 },
        ],
      }),
    ).toThrow(/options\.cases\[1\]\.id/);
  });
});
