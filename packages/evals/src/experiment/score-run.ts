import type { EvalCase } from '../dataset/eval-case.js';
import type { Scorer, ScorerResult, ScorerRun } from '../scorers/scorer-types.js';
import type { ScoreRecord } from './experiment-result.js';

/** A scorer's result as stored: a number or boolean made a `Score`, pass defaulted, checked. */
export function scoreRecord(result: ScorerResult): ScoreRecord {
  if (typeof result === 'boolean')
    return result ? { score: 1, pass: true } : { score: 0, pass: false };
  if (typeof result === 'number') {
    if (!Number.isFinite(result) || result < 0 || result > 1) return invalid(`returned ${result}`);
    return { score: result, pass: result >= 1 };
  }
  if (result === null || typeof result !== 'object') return invalid(`returned ${String(result)}`);
  const { score, pass, reason, cost } = result;
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1) {
    return invalid(`returned a score of ${String(score)}`);
  }
  const record: { -readonly [K in keyof ScoreRecord]: ScoreRecord[K] } = {
    score,
    pass: typeof pass === 'boolean' ? pass : score >= 1,
  };
  if (typeof reason === 'string' && reason !== '') record.reason = reason;
  if (typeof cost === 'number' && Number.isFinite(cost) && cost > 0) record.cost = cost;
  return record;
}

function invalid(what: string): ScoreRecord {
  return {
    score: 0,
    pass: false,
    reason: `the scorer ${what}; scores go from 0 to 1`,
    error: true,
  };
}

function thrown(error: unknown): ScoreRecord {
  const message = error instanceof Error ? error.message : String(error);
  return { score: 0, pass: false, reason: `the scorer threw: ${message}`, error: true };
}

/**
 * Applies every scorer to a run, all at once (a judge's model call does not hold up the others);
 * a scorer that throws or returns a bad score gets 0 with the reason. Sync scorers cost no promise.
 */
export async function scoreRun(
  scorers: readonly Scorer<unknown, unknown, unknown>[],
  evalCase: EvalCase,
  output: unknown,
  run: ScorerRun,
): Promise<ScoreRecord[]> {
  const records: ScoreRecord[] = new Array(scorers.length);
  let pending: Promise<void>[] | undefined;
  for (let index = 0; index < scorers.length; index++) {
    const scorer = scorers[index] as Scorer<unknown, unknown, unknown>;
    let result: ScorerResult | Promise<ScorerResult>;
    try {
      result = scorer(evalCase, output, run);
    } catch (error) {
      records[index] = thrown(error);
      continue;
    }
    if (
      result !== null &&
      typeof result === 'object' &&
      typeof (result as Promise<unknown>).then === 'function'
    ) {
      pending ??= [];
      pending.push(
        (result as Promise<ScorerResult>).then(
          (value) => {
            records[index] = scoreRecord(value);
          },
          (error: unknown) => {
            records[index] = thrown(error);
          },
        ),
      );
    } else {
      records[index] = scoreRecord(result as ScorerResult);
    }
  }
  if (pending !== undefined) await Promise.all(pending);
  return records;
}

/** Every scorer's record for a run whose task failed: 0, with the failure as the reason. */
export function failedScores(count: number, message: string): ScoreRecord[] {
  const record: ScoreRecord = { score: 0, pass: false, reason: `the task failed: ${message}` };
  return new Array<ScoreRecord>(count).fill(record);
}
