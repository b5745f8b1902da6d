import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import type { ExperimentResult } from '../experiment/experiment-result.js';
import { evaluateFailIf } from './evaluate-gate.js';
import { parseFailIf } from './fail-if.js';

function result(
  name: string,
  accuracy: number,
  passRate: number,
  cost: number,
  p95: number,
  errors = 0,
): ExperimentResult {
  return {
    format: 'aigo.eval-result',
    version: 1,
    name,
    dataset: { name: 'd', version: '1' },
    task: { kind: 'function', name: 't' },
    mode: 'live',
    seed: 1,
    trials: 1,
    concurrency: 1,
    scorers: ['accuracy'],
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    cases: [],
    aggregates: {
      cases: 10,
      runs: 10,
      errors,
      scorers: {
        accuracy: { mean: accuracy, meanInterval: [0, 1], passRate, passRateInterval: [0, 1] },
      },
      cost: {
        total: cost,
        perCase: cost / 10,
        scorers: 0,
        currency: 'USD',
        complete: true,
        models: {},
        tools: {},
        compute: 0,
      },
      latency: { p50: p95 / 2, p95, mean: p95 / 2, max: p95 },
    },
  };
}

describe('parseFailIf', () => {
  it('reads comparisons joined with &&, ||, ! and parentheses', () => {
    expect(parseFailIf('accuracy < 0.9 || cost > 1.2x')).toEqual({
      kind: 'or',
      items: [
        {
          kind: 'compare',
          metric: { name: 'accuracy', field: undefined },
          operator: '<',
          value: 0.9,
          relative: false,
          text: 'accuracy < 0.9',
        },
        {
          kind: 'compare',
          metric: { name: 'cost', field: undefined },
          operator: '>',
          value: 1.2,
          relative: true,
          text: 'cost > 1.2x',
        },
      ],
    });
    expect(parseFailIf('!(accuracy.passRate>=90% && p95<=1500)')).toMatchObject({
      kind: 'not',
      item: {
        kind: 'and',
        items: [
          { metric: { name: 'accuracy', field: 'passRate' }, operator: '>=', value: 0.9 },
          { metric: { name: 'p95' }, operator: '<=', value: 1500 },
        ],
      },
    });
    expect(parseFailIf('errors != 0')).toMatchObject({ operator: '!=', value: 0 });
  });

  it('points at what it cannot read', () => {
    expect(() => parseFailIf('')).toThrow(ValidationError);
    expect(() => parseFailIf('accuracy <')).toThrow(/expected a number .* at character 11/);
    expect(() => parseFailIf('accuracy 0.9')).toThrow(/expected a comparison/);
    expect(() => parseFailIf('accuracy.median < 1')).toThrow(/"mean" or "passRate"/);
    expect(() => parseFailIf('(accuracy < 1')).toThrow(/expected "\)"/);
    expect(() => parseFailIf('accuracy < 1 cost > 2')).toThrow(/unexpected text at character 14/);
    expect(() => parseFailIf('accuracy < 1 @')).toThrow(/cannot read character 14/);
  });
});

describe('evaluateFailIf', () => {
  const base = result('main', 0.92, 0.9, 1, 1000);

  it('fails when the expression holds, and shows every comparison with its figures', () => {
    const cheaperWorse = result('pr', 0.85, 0.8, 0.3, 800);
    const verdict = evaluateFailIf('accuracy < 0.9 || cost > 1.2x', cheaperWorse, base);
    expect(verdict).toEqual({
      failed: true,
      checks: [
        { text: 'accuracy < 0.9', actual: 0.85, threshold: 0.9, holds: true },
        { text: 'cost > 1.2x', actual: 0.3, threshold: 1.2, holds: false },
      ],
    });
    expect(
      evaluateFailIf('accuracy < 0.9 || cost > 1.2x', result('ok', 0.95, 1, 1.1, 900), base).failed,
    ).toBe(false);
    expect(evaluateFailIf('accuracy.passRate < 0.95x', cheaperWorse, base).failed).toBe(true);
    expect(
      evaluateFailIf('p95 > 1.5x || costPerCase > 0.2 || errors > 0', cheaperWorse, base).failed,
    ).toBe(false);
    expect(evaluateFailIf('errors > 0', result('e', 1, 1, 1, 1, 2)).failed).toBe(true);
    expect(evaluateFailIf('!(accuracy >= 0.9)', cheaperWorse).failed).toBe(true);
  });

  it('refuses a scorer the experiment lacks, or a relative figure without a baseline', () => {
    expect(() => evaluateFailIf('tone < 0.5', base)).toThrow(
      /has no scorer "tone" \(it has accuracy/,
    );
    expect(() => evaluateFailIf('cost > 1.2x', base)).toThrow(/there is none \(--baseline\)/);
  });
});
