import { afterAll, describe, expect, it } from 'vitest';
import { defineDataset, describeEval, parseFailIf, task } from '../src/index.js';
import { exactMatch } from '../src/scorers/index.js';
import { evalGate } from '../src/vitest/describe-eval.js';

// describeEval registers a real vitest suite (vitest loaded by describeEval itself): its test runs
// here like any other, and the afterAll below checks that it did.

const dataset = defineDataset({
  name: 'upper',
  version: '1',
  cases: ['a', 'b', 'c'].map((letter) => ({
    id: letter,
    input: letter,
    expected: letter.toUpperCase(),
  })),
});
let runs = 0;

describeEval('upper-casing', {
  name: 'upper',
  dataset,
  task: task((text: string) => {
    runs++;
    return text.toUpperCase();
  }),
  scorers: { accuracy: exactMatch() },
  failIf: 'accuracy < 1 || errors > 0',
});

afterAll(() => {
  expect(runs).toBe(3);
});

describe('evalGate', () => {
  it('throws with the checks and the table when the gate holds', async () => {
    const experiment = {
      name: 'lower',
      dataset,
      task: task((text: string) => text),
      scorers: { accuracy: exactMatch() },
    };
    const failIf = 'accuracy < 0.5';
    await expect(evalGate(experiment, failIf, parseFailIf(failIf), undefined)()).rejects.toThrow(
      /The gate "accuracy < 0\.5" holds:\n {2}✗ accuracy < 0\.5 {2}\(0 vs 0\.5\)\n\nlower {2}· {2}upper@1/,
    );
    await expect(
      evalGate(experiment, 'errors > 0', parseFailIf('errors > 0'), undefined)(),
    ).resolves.toBeUndefined();
  });

  it('refuses a gate that does not parse, before anything runs', () => {
    expect(() =>
      describeEval('bad', {
        name: 'x',
        dataset,
        task: task((t: string) => t),
        scorers: { a: exactMatch() },
        failIf: 'a <',
      }),
    ).toThrow(/expected a number/);
  });
});
