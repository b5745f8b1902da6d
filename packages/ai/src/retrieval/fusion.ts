import { ValidationError } from '../errors/validation-error.js';

/** The `k` of reciprocal rank fusion unless a fusion says otherwise (the RRF paper's). */
export const DEFAULT_RRF_K = 60;

/**
 * How two rankings of the same records become one:
 * - `rrf` — reciprocal rank fusion: each record scores `1 / (k + rank)` in each list it is in
 *   (ranks from 1), summed. Only ranks count, so scores of different scales fuse fairly.
 * - `weighted` — each list's scores scaled to 0…1 (`(score − min) / (max − min)` over its
 *   candidates; all 1 when they are equal), then `weights.semantic × semantic +
 *   weights.lexical × lexical` (a list the record is not in adds 0).
 */
export type Fusion =
  | { readonly type: 'rrf'; readonly k?: number }
  | {
      readonly type: 'weighted';
      readonly weights: { readonly semantic: number; readonly lexical: number };
    };

/** A fusion checked, with its defaults. */
export type CheckedFusion =
  | { readonly type: 'rrf'; readonly k: number }
  | { readonly type: 'weighted'; readonly semantic: number; readonly lexical: number };

/**
 * Checks a fusion (default `{ type: 'rrf', k: 60 }`): an RRF `k` a finite number above 0, weights
 * finite numbers above 0.
 *
 * @throws ValidationError naming the field (`options.fusion.weights.lexical`).
 */
export function checkFusion(fusion: unknown, where = 'options.fusion'): CheckedFusion {
  if (fusion === undefined) return { type: 'rrf', k: DEFAULT_RRF_K };
  if (fusion === null || typeof fusion !== 'object')
    throw new ValidationError(
      where,
      'must be { type: "rrf", k? } or { type: "weighted", weights }',
    );
  const { type } = fusion as { type?: unknown };
  const positive = (value: unknown, name: string): number => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
      throw new ValidationError(`${where}.${name}`, 'must be a finite number above 0');
    return value;
  };
  const keys = Object.keys(fusion);
  if (type === 'rrf') {
    const extra = keys.find((key) => key !== 'type' && key !== 'k');
    if (extra !== undefined) throw new ValidationError(`${where}.${extra}`, 'is not an option');
    const { k } = fusion as { k?: unknown };
    return { type, k: k === undefined ? DEFAULT_RRF_K : positive(k, 'k') };
  }
  if (type === 'weighted') {
    const extra = keys.find((key) => key !== 'type' && key !== 'weights');
    if (extra !== undefined) throw new ValidationError(`${where}.${extra}`, 'is not an option');
    const { weights } = fusion as { weights?: unknown };
    if (weights === null || typeof weights !== 'object')
      throw new ValidationError(`${where}.weights`, 'must be { semantic, lexical }');
    const wrong = Object.keys(weights).find((key) => key !== 'semantic' && key !== 'lexical');
    if (wrong !== undefined)
      throw new ValidationError(`${where}.weights.${wrong}`, 'is not a list (semantic, lexical)');
    const { semantic, lexical } = weights as { semantic?: unknown; lexical?: unknown };
    return {
      type,
      semantic: positive(semantic, 'weights.semantic'),
      lexical: positive(lexical, 'weights.lexical'),
    };
  }
  throw new ValidationError(`${where}.type`, 'must be "rrf" or "weighted"');
}

/** A record of one ranking, best first: its id and its score in that list. */
export interface RankedCandidate {
  readonly id: string;
  readonly score: number;
}

/** Where a record stood in one of the fused lists. */
export interface CandidateRank {
  /** From 1. */
  readonly rank: number;
  readonly score: number;
}

/** A record after fusion. */
export interface FusedCandidate {
  readonly id: string;
  /** The fused score; higher is better. */
  readonly fused: number;
  readonly semantic?: CandidateRank;
  readonly lexical?: CandidateRank;
}

/** Each record's scaled score in a list (see `weighted`). */
function scaled(list: readonly RankedCandidate[]): (score: number) => number {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const { score } of list) {
    if (score < min) min = score;
    if (score > max) max = score;
  }
  const range = max - min;
  return range > 0 ? (score) => (score - min) / range : () => 1;
}

/**
 * Fuses a semantic and a lexical ranking (each best first, a record at most once per list) into the
 * best `k` records: the reference every hybrid search follows, `pgVectorStore`'s SQL included. The
 * order: fused score, higher first; ties by the semantic rank, then the lexical rank (a record
 * missing from a list after those in it), then the id in code-unit order — so a record first in
 * both lists is first, and the order is stable.
 */
export function fuseRankings(
  semantic: readonly RankedCandidate[],
  lexical: readonly RankedCandidate[],
  fusion: CheckedFusion,
  k: number,
): FusedCandidate[] {
  const byId = new Map<string, { semantic?: CandidateRank; lexical?: CandidateRank }>();
  semantic.forEach(({ id, score }, index) => {
    byId.set(id, { semantic: { rank: index + 1, score } });
  });
  lexical.forEach(({ id, score }, index) => {
    const entry = byId.get(id);
    if (entry === undefined) byId.set(id, { lexical: { rank: index + 1, score } });
    else entry.lexical = { rank: index + 1, score };
  });
  const semanticScale = fusion.type === 'weighted' ? scaled(semantic) : undefined;
  const lexicalScale = fusion.type === 'weighted' ? scaled(lexical) : undefined;
  const fused: FusedCandidate[] = [];
  for (const [id, entry] of byId) {
    let value: number;
    if (fusion.type === 'rrf') {
      value =
        (entry.semantic === undefined ? 0 : 1 / (fusion.k + entry.semantic.rank)) +
        (entry.lexical === undefined ? 0 : 1 / (fusion.k + entry.lexical.rank));
    } else {
      value =
        (entry.semantic === undefined
          ? 0
          : fusion.semantic * (semanticScale as (score: number) => number)(entry.semantic.score)) +
        (entry.lexical === undefined
          ? 0
          : fusion.lexical * (lexicalScale as (score: number) => number)(entry.lexical.score));
    }
    fused.push({ id, fused: value, ...entry });
  }
  const last = Number.POSITIVE_INFINITY;
  fused.sort(
    (a, b) =>
      b.fused - a.fused ||
      (a.semantic?.rank ?? last) - (b.semantic?.rank ?? last) ||
      (a.lexical?.rank ?? last) - (b.lexical?.rank ?? last) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return fused.length > k ? fused.slice(0, k) : fused;
}
