// The rows of the retrieval section for hybrid retrieval and reranking: quality on the corpus
// (information) and the speed targets of keyword and hybrid search.
import { absoluteVerdict, num, row, times } from '../../runner/report/format.mjs';

const AREA = 'retrieval (@aigo/retrieval, @aigo/vector-pg)';
/** Hybrid query p50 on PGlite + pgvector (HNSW), 10,000 chunks: under this many ms. */
export const PGLITE_HYBRID_TARGET_MS = 10;
/** Hybrid on plain PostgreSQL (exact vectors) over the slower single query: at most this. */
export const EXACT_HYBRID_TARGET = 1.2;
/** The keyword query alone at 100,000 chunks: under this many ms. */
export const LEXICAL_TARGET_MS = 5;

const figures = (f) => `${num(f.recall, 3)} / ${num(f.mrr, 3)} / ${num(f.ndcg, 3)}`;

/** Summary rows (area, figure, aigo, floor, ratio, control, target, verdict). */
export function hybridRows(r) {
  const rows = [];
  const q = r.quality;
  if (q !== undefined && !q.skipped) {
    const label = q.meaningful ? q.embedder : 'fake embedder: figures mean nothing';
    for (const [name, value] of Object.entries(q.figures)) {
      rows.push([
        AREA,
        `${name} on the corpus, recall@5 / MRR / nDCG@5 (${label})`,
        figures(value),
        '—',
        '—',
        '—',
        '—',
        'information',
      ]);
    }
  }
  const s = r.hybrid;
  if (s === undefined) return rows;
  if (s.skipped) {
    rows.push([
      AREA,
      'hybrid and keyword search',
      '—',
      '—',
      '—',
      '—',
      '—',
      `skipped: ${s.skipped}`,
    ]);
    return rows;
  }
  rows.push([
    AREA,
    `hybrid query p50, PGlite + pgvector HNSW, ${num(s.pglite.chunks)} chunks`,
    `${num(s.pglite.hybridP50Ms, 2)} ms`,
    '—',
    '—',
    '—',
    `< ${PGLITE_HYBRID_TARGET_MS} ms`,
    absoluteVerdict(s.pglite.hybridP50Ms < PGLITE_HYBRID_TARGET_MS),
  ]);
  if (s.exact.skipped)
    rows.push([
      AREA,
      'hybrid on PostgreSQL (exact)',
      '—',
      '—',
      '—',
      '—',
      '—',
      `skipped: ${s.exact.skipped}`,
    ]);
  else
    rows.push([
      AREA,
      `hybrid on PostgreSQL 15 (exact vectors), ${num(s.exact.chunks)} chunks; floor: the slower of its two single queries`,
      `${num(s.exact.hybridMs, 1)} ms`,
      `${num(Math.max(s.exact.semanticMs, s.exact.lexicalMs), 1)} ms`,
      times(s.exact.ratio),
      num(s.exact.control, 3),
      `≤ ${EXACT_HYBRID_TARGET}×`,
      absoluteVerdict(s.exact.ratio <= EXACT_HYBRID_TARGET),
    ]);
  if (s.lexical.skipped)
    rows.push([
      AREA,
      'keyword query at 100,000 chunks',
      '—',
      '—',
      '—',
      '—',
      '—',
      `skipped: ${s.lexical.skipped}`,
    ]);
  else
    rows.push([
      AREA,
      `keyword query p50, PostgreSQL, ${num(s.lexical.chunks)} chunks`,
      `${num(s.lexical.p50Ms, 2)} ms`,
      '—',
      '—',
      '—',
      `< ${LEXICAL_TARGET_MS} ms`,
      absoluteVerdict(s.lexical.p50Ms < LEXICAL_TARGET_MS),
    ]);
  return rows;
}

/** The detail lines (figure, value) of hybrid retrieval. */
export function hybridDetailLines(r) {
  const lines = [];
  const q = r.quality;
  if (q !== undefined && !q.skipped) {
    lines.push(row([`quality on the corpus (${q.questions} questions): embedder`, q.embedder]));
    if (q.note) lines.push(row(['note', q.note]));
    lines.push(row(['reranker', q.reranker]));
    for (const [name, value] of Object.entries(q.figures))
      lines.push(row([`${name}: recall@5 / MRR / nDCG@5`, figures(value)]));
  }
  const s = r.hybrid;
  if (s !== undefined && !s.skipped) {
    const p = s.pglite;
    lines.push(
      row([
        `PGlite + pgvector HNSW, ${num(p.chunks)} chunks (loaded in ${num(p.loadSeconds, 1)} s): p50 hybrid / semantic / keyword`,
        `${num(p.hybridP50Ms, 2)} / ${num(p.semanticP50Ms, 2)} / ${num(p.lexicalP50Ms, 2)} ms`,
      ]),
    );
    if (!s.exact.skipped) {
      const e = s.exact;
      lines.push(
        row([
          `PostgreSQL exact, ${num(e.chunks)} chunks, ${e.queries} queries: median hybrid / semantic / keyword`,
          `${num(e.hybridMs, 1)} / ${num(e.semanticMs, 1)} / ${num(e.lexicalMs, 2)} ms; hybrid / slower ${times(e.ratio)}, control ${num(e.control, 3)}`,
        ]),
      );
    }
    if (!s.lexical.skipped)
      lines.push(
        row([
          `keyword query, PostgreSQL, ${num(s.lexical.chunks)} chunks`,
          `p50 ${num(s.lexical.p50Ms, 2)} ms, ${num(s.lexical.meanResults, 1)} results a query`,
        ]),
      );
  }
  return lines;
}
