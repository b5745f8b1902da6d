import type { CaseCost } from '../cost/case-cost.js';
import { deriveSeed } from '../stats/seeded-random.js';
import { bootstrapInterval, mean, quantileOfSorted } from '../stats/summary-stats.js';
import type { ExperimentAggregates, ScoreRecord, ScorerAggregate } from './experiment-result.js';
import { GrowableNumbers, OrderFreeSum } from './growable.js';

/**
 * The numbers an experiment keeps while it runs — per case, the sums of each scorer's scores and
 * passes, runs and cost; per run, the latency — in typed arrays, so memory does not grow with what
 * the runs produced (their outputs go to the results file or the caller).
 */
export class ExperimentTally {
  readonly #scorers: readonly string[];
  readonly #scoreSums: GrowableNumbers[];
  readonly #passSums: GrowableNumbers[];
  readonly #runsPerCase = new GrowableNumbers();
  readonly #positions = new GrowableNumbers();
  readonly #latencies = new GrowableNumbers();
  readonly #models = new Map<string, OrderFreeSum>();
  readonly #tools = new Map<string, OrderFreeSum>();
  readonly #cost = new OrderFreeSum();
  readonly #scorerCost = new OrderFreeSum();
  readonly #compute = new OrderFreeSum();
  #spent = 0;
  #complete = true;
  #currency: string | undefined;
  #errors = 0;

  constructor(scorers: readonly string[]) {
    this.#scorers = scorers;
    this.#scoreSums = scorers.map(() => new GrowableNumbers());
    this.#passSums = scorers.map(() => new GrowableNumbers());
  }

  /**
   * Starts the case at `position` in the dataset; returns its index for `addRun`. Aggregates go by
   * position, whatever order the cases started in.
   */
  addCase(position: number): number {
    for (const sums of this.#scoreSums) sums.push(0);
    for (const sums of this.#passSums) sums.push(0);
    this.#positions.push(position);
    return this.#runsPerCase.push(0);
  }

  /** Adds a run of the case at `index`: its scores (in scorer order), cost and latency. */
  addRun(
    index: number,
    scores: readonly ScoreRecord[],
    cost: CaseCost | undefined,
    scorerCost: number,
    latencyMs: number,
    failed: boolean,
  ): void {
    this.#runsPerCase.add(index, 1);
    for (let scorer = 0; scorer < scores.length; scorer++) {
      const record = scores[scorer] as ScoreRecord;
      (this.#scoreSums[scorer] as GrowableNumbers).add(index, record.score);
      if (record.pass) (this.#passSums[scorer] as GrowableNumbers).add(index, 1);
    }
    this.#latencies.push(latencyMs);
    this.#scorerCost.add(scorerCost);
    this.#spent += scorerCost;
    if (failed) this.#errors++;
    if (cost === undefined) return;
    this.#cost.add(cost.total);
    this.#spent += cost.total;
    this.#compute.add(cost.compute);
    if (!cost.complete) this.#complete = false;
    if (this.#currency === undefined) this.#currency = cost.currency;
    else if (this.#currency !== cost.currency) this.#complete = false;
    addTo(this.#models, cost.models);
    addTo(this.#tools, cost.tools);
  }

  /** Task and scoring cost so far (a running sum, for budgets and progress). */
  get spent(): number {
    return this.#spent;
  }

  /** Runs so far. */
  get runs(): number {
    return this.#latencies.length;
  }

  /** The aggregates, with intervals bootstrapped from `seed` (each scorer's from a seed of its own). */
  aggregates(seed: number): ExperimentAggregates {
    const runsPerCase = this.#runsPerCase.view();
    const positions = this.#positions.view();
    const ran: number[] = [];
    for (let index = 0; index < runsPerCase.length; index++)
      if ((runsPerCase[index] as number) > 0) ran.push(index);
    ran.sort((a, b) => (positions[a] as number) - (positions[b] as number));
    const total = this.#cost.total();
    const scorers: Record<string, ScorerAggregate> = {};
    this.#scorers.forEach((name, scorer) => {
      const scoreSums = (this.#scoreSums[scorer] as GrowableNumbers).view();
      const passSums = (this.#passSums[scorer] as GrowableNumbers).view();
      const means = new Float64Array(ran.length);
      const passes = new Float64Array(ran.length);
      ran.forEach((caseIndex, at) => {
        const runs = runsPerCase[caseIndex] as number;
        means[at] = (scoreSums[caseIndex] as number) / runs;
        passes[at] = (passSums[caseIndex] as number) / runs;
      });
      scorers[name] = {
        mean: mean(means),
        meanInterval: bootstrapInterval(means, deriveSeed(seed, `${name}:mean`)),
        passRate: mean(passes),
        passRateInterval: bootstrapInterval(passes, deriveSeed(seed, `${name}:pass`)),
      };
    });
    const latencies = Float64Array.from(this.#latencies.view()).sort();
    return {
      cases: ran.length,
      runs: latencies.length,
      errors: this.#errors,
      scorers,
      cost: {
        total,
        perCase: ran.length === 0 ? 0 : total / ran.length,
        scorers: this.#scorerCost.total(),
        currency: this.#currency ?? 'USD',
        complete: this.#complete,
        models: totals(this.#models),
        tools: totals(this.#tools),
        compute: this.#compute.total(),
      },
      latency: {
        p50: quantileOfSorted(latencies, 0.5),
        p95: quantileOfSorted(latencies, 0.95),
        mean: mean(latencies),
        max: latencies.length === 0 ? 0 : (latencies[latencies.length - 1] as number),
      },
    };
  }
}

function addTo(
  sums: Map<string, OrderFreeSum>,
  amounts: { readonly [name: string]: number },
): void {
  for (const name in amounts) {
    let sum = sums.get(name);
    if (sum === undefined) {
      sum = new OrderFreeSum();
      sums.set(name, sum);
    }
    sum.add(amounts[name] as number);
  }
}

function totals(sums: ReadonlyMap<string, OrderFreeSum>): Record<string, number> {
  const result: Record<string, number> = {};
  for (const name of [...sums.keys()].sort())
    result[name] = (sums.get(name) as OrderFreeSum).total();
  return result;
}
