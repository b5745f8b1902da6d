import { join } from 'node:path';
import type { RecordedServer } from '@aigo/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareExperiments,
  type ExperimentResult,
  formatComparison,
  loadDataset,
  runExperiment,
} from '../src/index.js';
import { exactMatch, toolTrajectory } from '../src/scorers/index.js';
import { type StandInModelName, startStandInModel } from './support/stand-in-model.js';
import { triageTask } from './support/triage-task.js';

const DATASET = join(import.meta.dirname, 'fixtures', 'support-tickets.jsonl');

let server: RecordedServer;
const results = new Map<StandInModelName, ExperimentResult>();

beforeAll(async () => {
  server = await startStandInModel(DATASET);
  const dataset = await loadDataset(DATASET);
  for (const model of ['triage-large', 'triage-small'] as const) {
    results.set(
      model,
      await runExperiment({
        name: model,
        dataset,
        task: triageTask(model, `${server.url}/v1`),
        scorers: {
          accuracy: exactMatch(),
          tools: toolTrajectory({ tools: (evalCase) => (evalCase.metadata?.tools as never) ?? [] }),
        },
      }),
    );
  }
});

afterAll(async () => {
  await server.close();
});

describe('comparing a large model with a cheaper, worse one', () => {
  it('reports the candidate as worse and cheaper, with the cases that got worse', () => {
    const large = results.get('triage-large') as ExperimentResult;
    const small = results.get('triage-small') as ExperimentResult;
    const comparison = compareExperiments(large, small);

    expect(comparison.pairedCases).toBe(30);
    const accuracy = comparison.scorers.accuracy;
    // The large model misses t13; the small one misses six tickets, t13 among them.
    expect(accuracy?.baseline).toBeCloseTo(29 / 30, 10);
    expect(accuracy?.candidate).toBeCloseTo(24 / 30, 10);
    expect(accuracy?.difference).toBeCloseTo(-5 / 30, 10);
    expect(accuracy?.interval[1]).toBeLessThan(0);
    expect(accuracy?.interval[0]).toBeLessThan(accuracy?.difference as number);
    expect(comparison.scorers.tools?.difference).toBeCloseTo(-1 / 30, 10);
    expect(comparison.cost.ratio).toBeGreaterThan(0);
    expect(comparison.cost.ratio).toBeLessThan(0.1);
    expect(
      comparison.worse.filter((entry) => entry.scorer === 'accuracy').map((entry) => entry.caseId),
    ).toEqual(['t11', 't17', 't23', 't24', 't29']);
    expect(comparison.worse.find((entry) => entry.scorer === 'tools')?.caseId).toBe('t22');
    expect(comparison.summary).toMatch(
      /^B: −0\.17 ± 0\.\d\d accuracy, −0\.03 ± 0\.\d\d tools, 0\.0\d× cost, [\d.]+× p95$/,
    );

    const table = formatComparison(comparison);
    expect(table).toContain('triage-small vs triage-large  ·  30 paired cases');
    expect(table).toMatch(/accuracy\s+0\.97\s+0\.80\s+−0\.17 \[−0\.\d\d, −0\.0\d\]/);
    expect(table).toContain('worse: t11 (accuracy 1.00 → 0.00)');
  });

  it('gives the same intervals for the same seed', () => {
    const large = results.get('triage-large') as ExperimentResult;
    const small = results.get('triage-small') as ExperimentResult;
    const once = compareExperiments(large, small, { seed: 7 });
    expect(compareExperiments(large, small, { seed: 7 }).scorers).toEqual(once.scorers);
  });
});
