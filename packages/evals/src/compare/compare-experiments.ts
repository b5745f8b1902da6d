import { ValidationError } from '@aigo/ai';
import type { CaseResult, ExperimentResult } from '../experiment/experiment-result.js';
import { checkExperimentResult } from '../experiment/read-experiment.js';
import { deriveSeed } from '../stats/seeded-random.js';
import { bootstrapInterval, mean, quantile } from '../stats/summary-stats.js';
import {
  COMPARISON_FORMAT,
  type Comparison,
  type RatioFigure,
  type ScorerDifference,
  type WorseCase,
} from './comparison.js';
import { comparisonSummary } from './comparison-summary.js';

/** Options of `compareExperiments`. */
export interface CompareOptions {
  /** Seeds the bootstrap intervals. Default 1. */
  readonly seed?: number;
  /** How many worse cases to list. Default 20. */
  readonly maxWorse?: number;
  /** The label of the candidate in the summary. Default `B`. */
  readonly label?: string;
}

interface CaseFigures {
  readonly scores: Map<string, number>;
  readonly passes: Map<string, number>;
  readonly cost: number;
  readonly latencies: number[];
}

/**
 * Compares a candidate experiment with a baseline, case by case: for each scorer both have, the
 * difference of the means over the cases both ran, with a seeded 95 % paired-bootstrap interval;
 * the candidate's cost and p50/p95 latency as ratios of the baseline's; and the cases that got
 * worse. `summary` reads `B: −0.02 ± 0.03 accuracy, 0.31× cost, 0.8× p95`.
 *
 * @example
 * const comparison = compareExperiments(await readExperimentResult('results/main.json'), result);
 * console.log(comparison.summary);
 *
 * @throws ValidationError for a value that is not an experiment result, or one whose runs were
 *   streamed to a file (read it with `readExperimentResult`).
 */
export function compareExperiments(
  baseline: ExperimentResult,
  candidate: ExperimentResult,
  options: CompareOptions = {},
): Comparison {
  checkExperimentResult(baseline, 'baseline');
  checkExperimentResult(candidate, 'candidate');
  for (const [name, result] of [
    ['baseline', baseline],
    ['candidate', candidate],
  ] as const) {
    if (result.cases.length === 0 && result.aggregates.runs > 0) {
      throw new ValidationError(
        name,
        'has no runs in memory: its runs went to its resultsFile; read it with readExperimentResult',
      );
    }
  }
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options)) {
    if (!['seed', 'maxWorse', 'label'].includes(key)) {
      throw new ValidationError(`options.${key}`, 'is not an option of compareExperiments');
    }
  }
  const seed = options.seed ?? 1;
  const maxWorse = options.maxWorse ?? 20;
  const label = options.label ?? 'B';
  const before = figuresByCase(baseline.cases);
  const after = figuresByCase(candidate.cases);
  const paired = [...before.keys()].filter((id) => after.has(id));
  const scorerNames = baseline.scorers.filter((name) => candidate.scorers.includes(name));

  const scorers: Record<string, ScorerDifference> = {};
  const worse: WorseCase[] = [];
  for (const name of scorerNames) {
    const a = paired.map((id) => before.get(id)?.scores.get(name) ?? 0);
    const b = paired.map((id) => after.get(id)?.scores.get(name) ?? 0);
    const differences = b.map((value, index) => value - (a[index] as number));
    const interval = bootstrapInterval(differences, deriveSeed(seed, `${name}:difference`));
    const passA = mean(paired.map((id) => before.get(id)?.passes.get(name) ?? 0));
    const passB = mean(paired.map((id) => after.get(id)?.passes.get(name) ?? 0));
    scorers[name] = {
      baseline: mean(a),
      candidate: mean(b),
      difference: mean(differences),
      interval,
      margin: (interval[1] - interval[0]) / 2,
      passRateDifference: passB - passA,
    };
    differences.forEach((difference, index) => {
      if (difference < 0) {
        worse.push({
          caseId: paired[index] as string,
          scorer: name,
          baseline: a[index] as number,
          candidate: b[index] as number,
          difference,
        });
      }
    });
  }
  worse.sort((x, y) => x.difference - y.difference || x.caseId.localeCompare(y.caseId));

  const cost = ratio(
    sum(paired.map((id) => before.get(id)?.cost ?? 0)),
    sum(paired.map((id) => after.get(id)?.cost ?? 0)),
  );
  const latenciesA = paired.flatMap((id) => before.get(id)?.latencies ?? []);
  const latenciesB = paired.flatMap((id) => after.get(id)?.latencies ?? []);
  const latency = {
    p50: ratio(quantile(latenciesA, 0.5), quantile(latenciesB, 0.5)),
    p95: ratio(quantile(latenciesA, 0.95), quantile(latenciesB, 0.95)),
  };
  const warnings: string[] = [];
  if (
    baseline.dataset.name !== candidate.dataset.name ||
    baseline.dataset.version !== candidate.dataset.version
  ) {
    warnings.push(
      `the datasets differ: ${baseline.dataset.name}@${baseline.dataset.version} and ${candidate.dataset.name}@${candidate.dataset.version}`,
    );
  }
  if (!baseline.aggregates.cost.complete || !candidate.aggregates.cost.complete) {
    warnings.push('a cost is incomplete (an unpriced model): the cost ratio is of lower bounds');
  }
  const comparison = {
    format: COMPARISON_FORMAT,
    baseline: {
      name: baseline.name,
      dataset: `${baseline.dataset.name}@${baseline.dataset.version}`,
    },
    candidate: {
      name: candidate.name,
      dataset: `${candidate.dataset.name}@${candidate.dataset.version}`,
    },
    pairedCases: paired.length,
    onlyInBaseline: [...before.keys()].filter((id) => !after.has(id)),
    onlyInCandidate: [...after.keys()].filter((id) => !before.has(id)),
    warnings,
    scorers,
    cost,
    latency,
    worse: worse.slice(0, maxWorse),
  } as const;
  return { ...comparison, summary: comparisonSummary(label, comparison) };
}

function figuresByCase(cases: readonly CaseResult[]): Map<string, CaseFigures> {
  const byCase = new Map<
    string,
    {
      scores: Map<string, number>;
      passes: Map<string, number>;
      cost: number;
      latencies: number[];
      runs: number;
    }
  >();
  for (const run of cases) {
    let figures = byCase.get(run.caseId);
    if (figures === undefined) {
      figures = { scores: new Map(), passes: new Map(), cost: 0, latencies: [], runs: 0 };
      byCase.set(run.caseId, figures);
    }
    figures.runs++;
    figures.cost += run.cost?.total ?? 0;
    figures.latencies.push(run.latencyMs);
    for (const [name, record] of Object.entries(run.scores)) {
      figures.scores.set(name, (figures.scores.get(name) ?? 0) + record.score);
      figures.passes.set(name, (figures.passes.get(name) ?? 0) + (record.pass ? 1 : 0));
    }
  }
  for (const figures of byCase.values()) {
    for (const [name, total] of figures.scores) figures.scores.set(name, total / figures.runs);
    for (const [name, total] of figures.passes) figures.passes.set(name, total / figures.runs);
  }
  return byCase;
}

function ratio(baseline: number, candidate: number): RatioFigure {
  return { baseline, candidate, ratio: baseline === 0 ? undefined : candidate / baseline };
}

function sum(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b).reduce((total, value) => total + value, 0);
}
