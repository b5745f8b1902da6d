import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbortError, ValidationError } from '@aigo/ai';
import { createRecordingObserver } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { costSummary } from '../../test/support/test-costs.js';
import { compareExperiments } from '../compare/compare-experiments.js';
import { defineDataset } from '../dataset/define-dataset.js';
import { exactMatch } from '../scorers/exact-match.js';
import { task } from '../task/task.js';
import type { TaskContext } from '../task/task-types.js';
import type { ExperimentProgress } from './experiment-options.js';
import { readExperimentResult } from './read-experiment.js';
import { runExperiment } from './run-experiment.js';

const numbers = defineDataset({
  name: 'doubling',
  version: '1',
  cases: Array.from({ length: 10 }, (_, index) => ({
    id: `n${index}`,
    input: index,
    expected: index * 2,
  })),
});

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});
async function folder(): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), 'aigo-experiment-'));
  folders.push(made);
  return made;
}

describe('runExperiment', () => {
  it('runs every case, scores it, and aggregates per scorer', async () => {
    const result = await runExperiment({
      name: 'double',
      dataset: numbers,
      task: task((n: number) => (n === 3 ? 7 : n * 2)),
      scorers: { accuracy: exactMatch(), positive: (_case, output: number) => output > 0 },
    });
    expect(result).toMatchObject({
      format: 'aigo.eval-result',
      version: 1,
      name: 'double',
      dataset: { name: 'doubling', version: '1' },
      task: { kind: 'function', name: 'task' },
      mode: 'live',
      seed: 1,
      trials: 1,
      concurrency: 4,
      scorers: ['accuracy', 'positive'],
    });
    expect(result.cases.map((run) => run.caseId)).toEqual(
      Array.from({ length: 10 }, (_, i) => `n${i}`),
    );
    expect(result.cases[3]).toMatchObject({
      caseId: 'n3',
      trial: 1,
      runId: 'double/n3/1',
      input: 3,
      expected: 6,
      output: 7,
      scores: {
        accuracy: { score: 0, pass: false, reason: 'expected 6, got 7' },
        positive: { score: 1, pass: true },
      },
      toolCalls: [],
      scorerCost: 0,
    });
    expect(result.aggregates.cases).toBe(10);
    expect(result.aggregates.scorers.accuracy?.mean).toBeCloseTo(0.9, 10);
    expect(result.aggregates.scorers.positive?.passRate).toBeCloseTo(0.9, 10);
    expect(result.aggregates.errors).toBe(0);
  });

  it('runs trials one after another per case, at most `concurrency` cases at once, each run with its own memory and id', async () => {
    let running = 0;
    let most = 0;
    const seen: Array<{ runId: string; memory: unknown }> = [];
    const result = await runExperiment({
      name: 'pool',
      dataset: numbers,
      trials: 3,
      concurrency: 3,
      task: task(async (n: number, context: TaskContext) => {
        running++;
        most = Math.max(most, running);
        seen.push({ runId: context.runId, memory: context.memory });
        await new Promise((resolve) => setImmediate(resolve));
        running--;
        return n * 2;
      }),
      scorers: [exactMatch()],
    });
    expect(most).toBe(3);
    expect(result.aggregates.runs).toBe(30);
    expect(result.cases.slice(0, 3).map((run) => run.runId)).toEqual([
      'pool/n0/1',
      'pool/n0/2',
      'pool/n0/3',
    ]);
    expect(new Set(seen.map((entry) => entry.runId)).size).toBe(30);
    expect(new Set(seen.map((entry) => entry.memory)).size).toBe(30);
    expect(result.scorers).toEqual(['exactMatch']);
  });

  it('scores 0 a run whose task failed, keeping the error, and a scorer that throws or misbehaves', async () => {
    const result = await runExperiment({
      name: 'failing',
      dataset: numbers,
      task: task((n: number) => {
        if (n === 2) throw new ValidationError('input', 'two is not allowed');
        return n * 2;
      }),
      scorers: {
        accuracy: exactMatch(),
        broken: (evalCase) => {
          if (evalCase.id === 'n5') throw new Error('scorer bug');
          return evalCase.id === 'n6' ? 7 : { score: 1 };
        },
      },
    });
    expect(result.aggregates.errors).toBe(1);
    expect(result.cases[2]).toMatchObject({
      error: {
        name: 'ValidationError',
        code: 'validation',
        message: 'Invalid input: two is not allowed',
      },
      scores: {
        accuracy: {
          score: 0,
          pass: false,
          reason: 'the task failed: Invalid input: two is not allowed',
        },
      },
    });
    expect(result.cases[2]?.output).toBeUndefined();
    expect(result.cases[5]?.scores.broken).toEqual({
      score: 0,
      pass: false,
      reason: 'the scorer threw: scorer bug',
      error: true,
    });
    expect(result.cases[6]?.scores.broken).toMatchObject({
      score: 0,
      error: true,
      reason: expect.stringContaining('returned 7'),
    });
    expect(result.aggregates.scorers.broken?.mean).toBeCloseTo(0.7, 10);
  });

  it('stops at maxCost and lists the cases it did not run', async () => {
    const result = await runExperiment({
      name: 'budget',
      dataset: numbers,
      concurrency: 1,
      maxCost: 0.025,
      task: task((n: number, context: TaskContext) => {
        context.report({ cost: costSummary(0.01) });
        return n * 2;
      }),
      scorers: { accuracy: exactMatch() },
    });
    expect(result.aggregates.cases).toBe(3);
    expect(result.aggregates.cost.total).toBeCloseTo(0.03, 12);
    expect(result.aggregates.cost.models).toEqual({ 'model-a': expect.closeTo(0.03, 12) });
    expect(result.stopped).toEqual({
      reason: 'max_cost',
      notRun: ['n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9'],
    });
  });

  it('streams runs to a results file, keeping none in memory', async () => {
    const file = join(await folder(), 'out', 'double.json');
    const result = await runExperiment({
      name: 'stream',
      dataset: numbers,
      task: task((n: number) => n * 2),
      scorers: { accuracy: exactMatch() },
      resultsFile: file,
    });
    expect(result.cases).toEqual([]);
    const read = await readExperimentResult(file);
    expect(read.aggregates).toEqual(result.aggregates);
    expect(read.cases).toHaveLength(10);
    expect(read.name).toBe('stream');
    expect((await readFile(file, 'utf8')).split('\n').length).toBeGreaterThan(10);
    expect(() => compareExperiments(result, result)).toThrow(/read it with readExperimentResult/);
    expect(compareExperiments(read, read).pairedCases).toBe(10);
  });

  it('reports progress after each run, with an ETA when the size is known', async () => {
    const seen: ExperimentProgress[] = [];
    await runExperiment({
      name: 'progress',
      dataset: numbers,
      trials: 2,
      task: task((n: number) => n * 2),
      scorers: { accuracy: exactMatch() },
      onProgress: (progress) => seen.push(progress),
    });
    expect(seen.map((progress) => progress.runsDone)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(
      seen.every((progress) => progress.runsTotal === 20 && progress.experiment === 'progress'),
    ).toBe(true);
    expect(seen.at(-1)?.etaMs).toBe(0);
  });

  it('opens an eval.case span per run and keeps its trace id', async () => {
    const observer = createRecordingObserver();
    const result = await runExperiment({
      name: 'traced',
      dataset: numbers,
      task: task((n: number, context: TaskContext) => {
        expect(context.span).toBeDefined();
        return n * 2;
      }),
      scorers: { accuracy: exactMatch() },
      observer,
    });
    const spans = observer.spans.filter((span) => span.name === 'eval.case');
    expect(spans).toHaveLength(10);
    expect(spans.every((span) => span.ended && span.status?.status === 'ok')).toBe(true);
    expect(result.cases[0]?.traceId).toMatch(/^[\da-f]{32}$/);
    expect(spans[0]?.attributes).toMatchObject({
      'aigo.eval.experiment': 'traced',
      'aigo.eval.trial': 1,
    });
  });

  it('rejects with AbortError when its signal aborts, cancelling the running cases', async () => {
    const controller = new AbortController();
    let cancelled = 0;
    const running = runExperiment({
      name: 'aborted',
      dataset: numbers,
      concurrency: 2,
      task: task(
        (_n: number, context: TaskContext) =>
          new Promise((_resolve, reject) => {
            context.signal.addEventListener('abort', () => {
              cancelled++;
              reject(context.signal.reason);
            });
            controller.abort();
          }),
      ),
      scorers: { accuracy: exactMatch() },
      signal: controller.signal,
    });
    await expect(running).rejects.toSatisfy((error) => AbortError.isInstance(error));
    expect(cancelled).toBeGreaterThan(0);
  });

  it('fails a run that takes longer than timeoutMs, and goes on', async () => {
    const result = await runExperiment({
      name: 'slow',
      dataset: defineDataset({
        name: 'one',
        version: '1',
        cases: [
          { id: 'a', input: 1 },
          { id: 'b', input: 2 },
        ],
      }),
      timeoutMs: 5,
      task: task(
        (n: number, context: TaskContext) =>
          new Promise((resolve, reject) => {
            if (n === 2) resolve(n);
            context.signal.addEventListener('abort', () => reject(context.signal.reason));
          }),
      ),
      scorers: { any: () => 1 },
    });
    expect(result.cases[0]?.error?.name).toBe('TimeoutError');
    expect(result.cases[1]?.output).toBe(2);
  });

  it('names the bad option', async () => {
    const base = {
      name: 'x',
      dataset: numbers,
      task: task((n: number) => n),
      scorers: { a: exactMatch() },
    };
    await expect(runExperiment({ ...base, extra: 1 } as never)).rejects.toThrow(/options\.extra/);
    await expect(runExperiment({ ...base, name: '' })).rejects.toThrow(/options\.name/);
    await expect(runExperiment({ ...base, dataset: [] as never })).rejects.toThrow(
      /options\.dataset/,
    );
    await expect(runExperiment({ ...base, task: {} as never })).rejects.toThrow(/options\.task/);
    await expect(runExperiment({ ...base, scorers: {} })).rejects.toThrow(/at least one scorer/);
    await expect(runExperiment({ ...base, scorers: { cost: exactMatch() } })).rejects.toThrow(
      /gate grammar/,
    );
    await expect(runExperiment({ ...base, scorers: [(() => 1) as never] })).rejects.toThrow(
      /needs a name/,
    );
    await expect(runExperiment({ ...base, scorers: [exactMatch(), exactMatch()] })).rejects.toThrow(
      /names two scorers/,
    );
    await expect(runExperiment({ ...base, trials: 0 })).rejects.toThrow(/options\.trials/);
    await expect(runExperiment({ ...base, concurrency: 1.5 })).rejects.toThrow(
      /options\.concurrency/,
    );
    await expect(runExperiment({ ...base, maxCost: -1 })).rejects.toThrow(/options\.maxCost/);
    await expect(runExperiment({ ...base, seed: 0.5 })).rejects.toThrow(/options\.seed/);
    await expect(runExperiment({ ...base, replay: 'r', record: 'r' })).rejects.toThrow(
      /options\.replay/,
    );
    await expect(runExperiment({ ...base, replay: 'r' })).rejects.toThrow(
      /function of the environment/,
    );
    await expect(runExperiment({ ...base, task: () => ({}) as never })).rejects.toThrow(
      /must return a task/,
    );
  });
});
