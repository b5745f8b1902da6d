/** The `format` of a comparison. */
export const COMPARISON_FORMAT = 'aigo.eval-comparison';

/** How one scorer moved from the baseline to the candidate, over the cases both ran. */
export interface ScorerDifference {
  /** The baseline's mean score over the paired cases. */
  readonly baseline: number;
  readonly candidate: number;
  /** candidate − baseline. */
  readonly difference: number;
  /** 95 % paired-bootstrap confidence interval of the difference. */
  readonly interval: readonly [number, number];
  /** Half the interval's width: the "± 0.03" of a summary. */
  readonly margin: number;
  /** candidate − baseline pass rate. */
  readonly passRateDifference: number;
}

/** A ratio of the candidate's figure to the baseline's (`undefined` when the baseline's is 0). */
export interface RatioFigure {
  readonly baseline: number;
  readonly candidate: number;
  readonly ratio: number | undefined;
}

/** A case whose score dropped. */
export interface WorseCase {
  readonly caseId: string;
  readonly scorer: string;
  readonly baseline: number;
  readonly candidate: number;
  readonly difference: number;
}

/** `compareExperiments(baseline, candidate)`: what changed, case by case. */
export interface Comparison {
  readonly format: typeof COMPARISON_FORMAT;
  readonly baseline: { readonly name: string; readonly dataset: string };
  readonly candidate: { readonly name: string; readonly dataset: string };
  /** Cases both experiments ran: every figure below is over them. */
  readonly pairedCases: number;
  readonly onlyInBaseline: readonly string[];
  readonly onlyInCandidate: readonly string[];
  /** Differences that make the figures harder to trust (another dataset version, say). */
  readonly warnings: readonly string[];
  /** Scorers both have, by name. */
  readonly scorers: { readonly [scorer: string]: ScorerDifference };
  /** Task cost of the paired cases (scoring cost apart). */
  readonly cost: RatioFigure;
  readonly latency: { readonly p50: RatioFigure; readonly p95: RatioFigure };
  /** Cases whose score dropped, the largest drops first (at most `maxWorse`). */
  readonly worse: readonly WorseCase[];
  /** One line: `B: −0.02 ± 0.03 accuracy, 0.31× cost, 0.8× p95`. */
  readonly summary: string;
}
