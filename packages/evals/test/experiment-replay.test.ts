import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedServer } from '@aigo/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExperimentResult, loadDataset, runExperiment } from '../src/index.js';
import { exactMatch, latencyBudget, toolTrajectory } from '../src/scorers/index.js';
import { startStandInModel } from './support/stand-in-model.js';
import { toolRuns, triageTask } from './support/triage-task.js';

const DATASET = join(import.meta.dirname, 'fixtures', 'support-tickets.jsonl');

let server: RecordedServer;
let directory: string;
let recorded: ExperimentResult;
/** The stand-in's URL: replays name the same upstream (nothing listens there any more). */
let upstream: string;

async function triage(mode: { record?: string; replay?: string }, upstream: string) {
  return runExperiment({
    name: 'triage-large',
    dataset: await loadDataset(DATASET),
    task: triageTask('triage-large', upstream),
    scorers: {
      accuracy: exactMatch(),
      tools: toolTrajectory({
        tools: (evalCase) => (evalCase.metadata?.tools as never) ?? [],
        order: 'exact',
      }),
      fast: latencyBudget(60_000),
    },
    trials: 2,
    concurrency: 4,
    ...mode,
  });
}

beforeAll(async () => {
  server = await startStandInModel(DATASET);
  directory = await mkdtemp(join(tmpdir(), 'aigo-evals-recording-'));
  upstream = `${server.url}/v1`;
  recorded = await triage({ record: directory }, upstream);
  await server.close();
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('an experiment of 30 tickets over the scripted model, recorded once', () => {
  it('records every model exchange, the tool calls and the run times', async () => {
    expect(recorded.mode).toBe('record');
    expect(recorded.aggregates.runs).toBe(60);
    expect(recorded.aggregates.errors).toBe(0);
    // 30 tickets × 2 trials, plus a second call for each of the 5 order lookups.
    expect(server.requests).toHaveLength(70);
    expect(toolRuns.count).toBe(10);
    expect((await readdir(directory)).sort()).toEqual(['models', 'timings.json', 'tools.json']);
    expect(recorded.aggregates.scorers.accuracy?.mean).toBeCloseTo(29 / 30, 10);
    expect(recorded.aggregates.scorers.tools?.mean).toBe(1);
    expect(recorded.aggregates.cost.total).toBeGreaterThan(0);
    expect(recorded.aggregates.cost.complete).toBe(true);
    expect(Object.keys(recorded.aggregates.cost.models)).toEqual(['triage-large']);
  });

  it('replays with the server gone and no key, giving identical aggregates twice', async () => {
    const first = await triage({ replay: directory }, upstream);
    const second = await triage({ replay: directory }, upstream);
    expect(first.mode).toBe('replay');
    expect(first.replayMisses).toEqual({ models: 0, tools: 0 });
    expect(first.aggregates).toEqual(second.aggregates);
    expect(first.aggregates).toEqual(recorded.aggregates);
    expect(first.cases.map((run) => [run.caseId, run.trial, run.output, run.latencyMs])).toEqual(
      recorded.cases.map((run) => [run.caseId, run.trial, run.output, run.latencyMs]),
    );
    expect(toolRuns.count).toBe(10);
  });

  it('counts what a replay has no recording of', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'aigo-evals-empty-'));
    try {
      const result = await triage({ replay: empty }, upstream);
      expect(result.aggregates.errors).toBe(60);
      expect(result.replayMisses?.models).toBeGreaterThan(0);
      expect(result.cases[0]?.error?.cause?.code).toBe('not_found');
      expect(result.cases[0]?.error?.cause?.message).toContain(
        'no recording for POST /stand-in/chat/completions',
      );
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
