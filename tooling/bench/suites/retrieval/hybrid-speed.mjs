// The speed of keyword and hybrid search in @aigo/vector-pg (issue 43's targets):
// 1. PGlite + pgvector (HNSW), 10,000 chunks: hybrid query p50 (target < 10 ms);
// 2. plain PostgreSQL 15, exact vectors, 10,000 chunks: hybrid against the slower of its two single
//    queries (target ≤ 1.2×), per query, median; a second semantic query is the control;
// 3. plain PostgreSQL, 100,000 chunks: the keyword query alone, p50 (target < 5 ms).
// Chunks are synthetic prose: 60 words drawn from a Zipf vocabulary of 20,000 made-up words (real
// text's word frequencies), vectors from the fake embedder (256 dimensions). Queries are three
// words of a random chunk, so the keyword side (every word, websearch_to_tsquery) finds something.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { packageDirectory } from '../../shared/paths.mjs';
import { median } from '../../shared/stats.mjs';
import { startPglite } from '../vectors/vectors-bench.mjs';

const HYBRID_CHUNKS = Number(process.env.BENCH_HYBRID_CHUNKS ?? 10_000);
const LEXICAL_CHUNKS = Number(process.env.BENCH_LEXICAL_CHUNKS ?? 100_000);
const DIMENSIONS = 256;
const K = 10;
const CANDIDATES = 40;
const round3 = (value) => Math.round(value * 1000) / 1000;
// `pg` and PGlite come from @aigo/vector-pg's dependencies (the bench has none of its own).
const requireFromVectorPg = createRequire(
  fileURLToPath(new URL('package.json', packageDirectory('vector-pg'))),
);
const pg = requireFromVectorPg('pg');

/** A seeded generator of uniform numbers in [0, 1). */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

/** `count` chunks of 60 Zipf-distributed made-up words. */
export function syntheticTexts(count, seed = 43) {
  const syllables = ['ka', 'lo', 'mi', 'ren', 'tu', 'sa', 'vel', 'or', 'din', 'pa'];
  const words = [];
  for (let index = 0; index < 20_000; index++) {
    let word = '';
    let rest = index;
    do {
      word += syllables[rest % 10];
      rest = Math.floor(rest / 10);
    } while (rest > 0);
    words.push(`${word}x`);
  }
  const cumulative = [];
  let total = 0;
  for (let rank = 1; rank <= words.length; rank++) {
    total += 1 / rank;
    cumulative.push(total);
  }
  const next = random(seed);
  const pick = () => {
    const target = next() * total;
    let low = 0;
    let high = words.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return words[low];
  };
  return Array.from({ length: count }, () => Array.from({ length: 60 }, pick).join(' '));
}

/** `count` queries: three words of a random chunk. */
function queriesOf(texts, count, seed = 7) {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const words = texts[Math.floor(next() * texts.length)].split(' ');
    return [0, 1, 2].map(() => words[Math.floor(next() * words.length)]).join(' ');
  });
}

async function fill(store, texts, embed, batch = 1000) {
  for (let start = 0; start < texts.length; start += batch) {
    await store.upsert(
      texts.slice(start, start + batch).map((text, offset) => ({
        id: `c${start + offset}`,
        text,
        vector: embed(text),
        metadata: { group: (start + offset) % 4 },
      })),
    );
  }
}

/** p50 of `run` over the queries, after a warm-up of ten. */
async function p50(queries, run) {
  for (const query of queries.slice(0, 10)) await run(query);
  const times = [];
  for (const query of queries) {
    const started = performance.now();
    await run(query);
    times.push(performance.now() - started);
  }
  return round3(median(times));
}

/** 1. Hybrid on PGlite + pgvector (HNSW): the index built after the rows, as a bulk load would. */
async function pgliteHybrid(vectorPg, embedder) {
  const pglite = await startPglite(requireFromVectorPg);
  const texts = syntheticTexts(HYBRID_CHUNKS);
  const store = vectorPg.pgVectorStore({
    connectionString: pglite.url,
    poolSize: 1,
    dimensions: DIMENSIONS,
    index: 'hnsw',
    lexical: { language: 'english' },
    schema: 'bench_hybrid',
  });
  const started = performance.now();
  try {
    await store.ready();
    const admin = new pg.Client({ connectionString: pglite.url });
    await store.close();
    await admin.connect();
    await admin.query('DROP INDEX bench_hybrid.aigo_vectors_hnsw_cosine');
    await admin.end();
    const loader = vectorPg.pgVectorStore({
      connectionString: pglite.url,
      poolSize: 1,
      dimensions: DIMENSIONS,
      index: 'hnsw',
      lexical: { language: 'english' },
      schema: 'bench_hybrid',
      migrate: false,
    });
    await fill(loader, texts, (text) => embedder.vectorOf(text, DIMENSIONS));
    await loader.close();
    const indexer = new pg.Client({ connectionString: pglite.url });
    await indexer.connect();
    await indexer.query(
      'CREATE INDEX aigo_vectors_hnsw_cosine ON bench_hybrid.aigo_vectors USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)',
    );
    // PGlite runs no autovacuum: what a server does by itself after a bulk load — merge the GIN
    // index's pending list (rows inserted since, scanned on every keyword query until then) and
    // gather statistics.
    await indexer.query('VACUUM ANALYZE bench_hybrid.aigo_vectors');
    await indexer.end();
    const loadSeconds = (performance.now() - started) / 1000;
    const searcher = vectorPg.pgVectorStore({
      connectionString: pglite.url,
      poolSize: 1,
      dimensions: DIMENSIONS,
      index: 'hnsw',
      lexical: { language: 'english' },
      schema: 'bench_hybrid',
    });
    try {
      const queries = queriesOf(texts, 200);
      const vectors = new Map(
        queries.map((query) => [query, embedder.vectorOf(query, DIMENSIONS)]),
      );
      const options = { k: K, candidates: CANDIDATES };
      return {
        chunks: texts.length,
        loadSeconds: round3(loadSeconds),
        hybridP50Ms: await p50(queries, (text) =>
          searcher.hybridSearch({ text, vector: vectors.get(text) }, options),
        ),
        semanticP50Ms: await p50(queries, (text) =>
          searcher.query(vectors.get(text), { topK: CANDIDATES }),
        ),
        lexicalP50Ms: await p50(queries, (text) => searcher.search(text, { k: CANDIDATES })),
      };
    } finally {
      await searcher.close();
    }
  } finally {
    await pglite.stop();
  }
}

/** 2. Hybrid against its two single queries on plain PostgreSQL (exact vectors), per query. */
async function exactHybrid(vectorPg, embedder, url, rounds) {
  const texts = syntheticTexts(HYBRID_CHUNKS, 44);
  const store = vectorPg.pgVectorStore({
    connectionString: url,
    dimensions: DIMENSIONS,
    index: 'exact',
    lexical: { language: 'english' },
    schema: `bench_hybrid_${process.pid}`,
    poolSize: 2,
  });
  try {
    await fill(store, texts, (text) => embedder.vectorOf(text, DIMENSIONS));
    const analyzer = new pg.Client({ connectionString: url });
    await analyzer.connect();
    // What autovacuum does after a bulk load: the GIN pending list merged, statistics gathered.
    await analyzer.query(`VACUUM ANALYZE bench_hybrid_${process.pid}.aigo_vectors`);
    await analyzer.end();
    const queries = queriesOf(texts, rounds, 8);
    const variants = {
      hybrid: (text, vector) =>
        store.hybridSearch({ text, vector }, { k: K, candidates: CANDIDATES }),
      semantic: (_text, vector) => store.query(vector, { topK: CANDIDATES }),
      semanticAgain: (_text, vector) => store.query(vector, { topK: CANDIDATES }),
      lexical: (text) => store.search(text, { k: CANDIDATES }),
    };
    const names = Object.keys(variants);
    for (const query of queries.slice(0, 3))
      for (const name of names) await variants[name](query, embedder.vectorOf(query, DIMENSIONS));
    const perQuery = [];
    for (const [index, query] of queries.entries()) {
      const vector = embedder.vectorOf(query, DIMENSIONS);
      const times = {};
      const order = index % 2 === 0 ? names : [...names].reverse();
      for (const name of order) {
        const started = performance.now();
        await variants[name](query, vector);
        times[name] = performance.now() - started;
      }
      perQuery.push(times);
    }
    const of = (name) => round3(median(perQuery.map((times) => times[name])));
    return {
      chunks: texts.length,
      queries: perQuery.length,
      hybridMs: of('hybrid'),
      semanticMs: of('semantic'),
      lexicalMs: of('lexical'),
      ratio: round3(
        median(perQuery.map((times) => times.hybrid / Math.max(times.semantic, times.lexical))),
      ),
      control: round3(median(perQuery.map((times) => times.semanticAgain / times.semantic))),
    };
  } finally {
    await store.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS bench_hybrid_${process.pid} CASCADE`);
    await admin.end();
  }
}

/** 3. The keyword query alone at 100,000 chunks on plain PostgreSQL (vectors of 4 numbers). */
async function lexicalAtScale(vectorPg, url) {
  const texts = syntheticTexts(LEXICAL_CHUNKS, 45);
  const schema = `bench_lexical_${process.pid}`;
  const store = vectorPg.pgVectorStore({
    connectionString: url,
    dimensions: 4,
    index: 'exact',
    lexical: { language: 'english' },
    schema,
    poolSize: 2,
  });
  try {
    await fill(store, texts, () => [1, 0, 0, 0], 2000);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`VACUUM ANALYZE ${schema}.aigo_vectors`);
    await admin.end();
    const queries = queriesOf(texts, 300, 9);
    let found = 0;
    const p50Ms = await p50(queries, async (text) => {
      found += (await store.search(text, { k: K })).length;
    });
    return { chunks: texts.length, p50Ms, meanResults: round3(found / (queries.length + 10)) };
  } finally {
    await store.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
}

/** Runs the three measurements; `url` is the plain PostgreSQL (undefined: those two skipped). */
export async function hybridSpeed({ vectorPg, testing, url, skipped, rounds = 30 }) {
  const embedder = testing.createFakeEmbedder({ dimensions: DIMENSIONS });
  const pglite = await pgliteHybrid(vectorPg, embedder);
  console.log(
    `hybrid on PGlite+pgvector (HNSW), ${pglite.chunks} chunks: p50 ${pglite.hybridP50Ms} ms`,
  );
  if (url === undefined) return { pglite, exact: { skipped }, lexical: { skipped } };
  const exact = await exactHybrid(vectorPg, embedder, url, rounds);
  console.log(
    `hybrid on PostgreSQL (exact), ${exact.chunks} chunks: ${exact.ratio}× the slower single query`,
  );
  const lexical = await lexicalAtScale(vectorPg, url);
  console.log(`keyword query at ${lexical.chunks} chunks: p50 ${lexical.p50Ms} ms`);
  return { pglite, exact, lexical };
}
