import { ValidationError } from '@aigo/ai';

/**
 * One labelled query and what a retriever returned for it: `retrieved`, the ids in rank order (best
 * first; an id repeated counts at its first place only), and `relevant`, the ids that answer it — a
 * list (each relevant with grade 1) or graded, `{ id: grade }` with grades above 0 relevant.
 */
export interface LabelledQuery {
  readonly retrieved: readonly string[];
  readonly relevant: readonly string[] | Readonly<Record<string, number>>;
}

/** The relevance grade of each relevant id (grades ≤ 0 left out). */
function gradesOf(relevant: LabelledQuery['relevant'], where: string): Map<string, number> {
  const grades = new Map<string, number>();
  if (Array.isArray(relevant)) {
    relevant.forEach((id: unknown, index) => {
      if (typeof id !== 'string' || id === '')
        throw new ValidationError(`${where}[${index}]`, 'must be a non-empty string');
      grades.set(id, 1);
    });
  } else if (relevant !== null && typeof relevant === 'object') {
    for (const [id, grade] of Object.entries(relevant)) {
      if (typeof grade !== 'number' || !Number.isFinite(grade))
        throw new ValidationError(`${where}.${id}`, 'must be a finite number');
      if (grade > 0) grades.set(id, grade);
    }
  } else throw new ValidationError(where, 'must be an array of ids or { id: grade }');
  if (grades.size === 0) throw new ValidationError(where, 'must name at least one relevant id');
  return grades;
}

/** The retrieved ids in order, each at its first place. */
function rankedOf(retrieved: unknown, where: string): string[] {
  if (!Array.isArray(retrieved)) throw new ValidationError(where, 'must be an array of ids');
  const seen = new Set<string>();
  const ranked: string[] = [];
  retrieved.forEach((id: unknown, index) => {
    if (typeof id !== 'string') throw new ValidationError(`${where}[${index}]`, 'must be a string');
    if (!seen.has(id)) {
      seen.add(id);
      ranked.push(id);
    }
  });
  return ranked;
}

/** The mean over `queries` of `score(ranked ids, grades)`. */
function meanOver(
  queries: readonly LabelledQuery[],
  score: (ranked: readonly string[], grades: ReadonlyMap<string, number>) => number,
): number {
  if (!Array.isArray(queries) || queries.length === 0)
    throw new ValidationError('queries', 'must be a non-empty array of labelled queries');
  let sum = 0;
  queries.forEach((query, index) => {
    if (query === null || typeof query !== 'object')
      throw new ValidationError(`queries[${index}]`, 'must be { retrieved, relevant }');
    const grades = gradesOf(query.relevant, `queries[${index}].relevant`);
    sum += score(rankedOf(query.retrieved, `queries[${index}].retrieved`), grades);
  });
  return sum / queries.length;
}

function checkK(k: unknown, where = 'k'): number {
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 1)
    throw new ValidationError(where, 'must be an integer from 1');
  return k;
}

/**
 * Recall at `k`, averaged over the queries: the share of each query's relevant ids found among its
 * first `k` retrieved.
 *
 * ```ts
 * recallAtK([{ retrieved: ['a', 'x', 'b'], relevant: ['a', 'b', 'c'] }], 2); // 1/3
 * ```
 *
 * @throws ValidationError naming the bad argument (a query without relevant ids, `k` < 1).
 */
export function recallAtK(queries: readonly LabelledQuery[], k: number): number {
  checkK(k);
  return meanOver(queries, (ranked, grades) => {
    let found = 0;
    for (let index = 0; index < Math.min(k, ranked.length); index++)
      if (grades.has(ranked[index] as string)) found++;
    return found / grades.size;
  });
}

/**
 * Mean reciprocal rank: per query, 1 / the rank of the first relevant id retrieved (0 when none is,
 * or none is within the first `k` when `k` is given), averaged.
 *
 * ```ts
 * mrr([{ retrieved: ['x', 'a'], relevant: ['a'] }, { retrieved: ['b'], relevant: ['b'] }]); // (1/2 + 1) / 2
 * ```
 *
 * @throws ValidationError naming the bad argument.
 */
export function mrr(queries: readonly LabelledQuery[], k?: number): number {
  const limit = k === undefined ? Number.POSITIVE_INFINITY : checkK(k);
  return meanOver(queries, (ranked, grades) => {
    const first = ranked.findIndex((id) => grades.has(id));
    return first === -1 || first >= limit ? 0 : 1 / (first + 1);
  });
}

/**
 * Normalised discounted cumulative gain at `k`, averaged: per query, `DCG = Σ (2^grade − 1) /
 * log2(rank + 1)` over the first `k` retrieved, divided by the DCG of the ideal order (the relevant
 * ids by grade). With plain lists every relevant id has grade 1.
 *
 * ```ts
 * ndcg([{ retrieved: ['x', 'a'], relevant: ['a'] }], 2); // (1 / log2 3) / 1
 * ```
 *
 * @throws ValidationError naming the bad argument.
 */
export function ndcg(queries: readonly LabelledQuery[], k: number): number {
  checkK(k);
  return meanOver(queries, (ranked, grades) => {
    let dcg = 0;
    for (let index = 0; index < Math.min(k, ranked.length); index++) {
      const grade = grades.get(ranked[index] as string);
      if (grade !== undefined) dcg += (2 ** grade - 1) / Math.log2(index + 2);
    }
    const ideal = [...grades.values()].sort((a, b) => b - a).slice(0, k);
    let idcg = 0;
    ideal.forEach((grade, index) => {
      idcg += (2 ** grade - 1) / Math.log2(index + 2);
    });
    return dcg / idcg;
  });
}
