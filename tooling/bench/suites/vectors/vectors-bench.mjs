// The vectors benchmark (not a test): upsert and top-10 query throughput of @aigo/vector-pg for
// 10,000 seeded vectors of 256 dimensions
//   - on PGlite with pgvector (HNSW index; the index exists while inserting, as in production);
//   - on the real PostgreSQL server's exact mode (plain arrays, every row scored);
// with recall@10 against brute force (uniform random vectors: the hardest case for HNSW, since they
// have no clusters; real embeddings do), at ef_search 100 (the store's default) and 400, and the
// overhead of @aigo/retrieval's retriever over the raw store query.
//
//   node tooling/bench/suites/vectors/vectors-bench.mjs          (after `pnpm build`)
//   DATABASE_URL=postgres://… node tooling/bench/suites/vectors/vectors-bench.mjs
//
// Without DATABASE_URL the exact mode runs on a scratch cluster of @aigo/pg/testing (skipped when no
// server binaries exist). BENCH_VECTORS (10000), BENCH_QUERIES (100) and BENCH_EXACT_QUERIES (20)
// change the sizes. PGlite figures do not predict pgvector on a real server.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDirectory, packageDist } from '../../shared/paths.mjs';
import { median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';
import { vectorsBenchTable } from './vectors-table.mjs';

const COUNT = Number(process.env.BENCH_VECTORS ?? 10_000);
const DIMENSIONS = 256;
const TOP_K = 10;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 100);
const EXACT_QUERIES = Number(process.env.BENCH_EXACT_QUERIES ?? 20);
const BATCH = 500;
const RETRIEVER_PAIRS = 200;

/** Upserts every record in batches; resolves to vectors per second. */
async function upsertAll(store, records) {
  const started = performance.now();
  for (let start = 0; start < records.length; start += BATCH) {
    await store.upsert(records.slice(start, start + BATCH));
  }
  return records.length / ((performance.now() - started) / 1000);
}

/** Runs the queries one after the other; resolves to throughput, median latency and recall@10. */
async function queryAll(store, records, queries, bruteForce) {
  const times = [];
  let found = 0;
  for (const query of queries) {
    const started = performance.now();
    const matches = await store.query(query, { topK: TOP_K });
    times.push(performance.now() - started);
    const truth = new Set(bruteForce(records, query, 'cosine', TOP_K).map((match) => match.id));
    found += matches.filter((match) => truth.has(match.id)).length;
  }
  const total = times.reduce((sum, time) => sum + time, 0);
  return {
    queriesPerSecond: queries.length / (total / 1000),
    queryMedianMs: median(times),
    recall: found / (queries.length * TOP_K),
  };
}

async function startPglite(requireFromVectorPg) {
  const { PGlite } = await import(requireFromVectorPg.resolve('@electric-sql/pglite'));
  const { vector } = await import(requireFromVectorPg.resolve('@electric-sql/pglite-pgvector'));
  const { PGLiteSocketServer } = await import(
    requireFromVectorPg.resolve('@electric-sql/pglite-socket')
  );
  const { createServer } = await import('node:net');
  const port = await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
  const db = await PGlite.create({ extensions: { vector } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 4 });
  await server.start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/**
 * The retriever against the raw store query on the same questions, in pairs: each pair times
 * `store.query(vector)` and `retriever.retrieve(text)` (whose embedder gives that same vector),
 * in alternating order; the overhead is the median of the per-pair differences.
 */
async function retrieverOverhead(store, createRetriever, embedder, texts) {
  const settings = { provider: embedder, model: 'fake', dimensions: DIMENSIONS };
  const retriever = createRetriever({ store, embedder: settings, topK: TOP_K });
  const vectors = texts.map((text) => embedder.vectorOf(text, DIMENSIONS));
  const raw = [];
  const wrapped = [];
  const differences = [];
  for (let pair = 0; pair < RETRIEVER_PAIRS; pair++) {
    const index = pair % texts.length;
    const times = {};
    for (const kind of pair % 2 === 0 ? ['raw', 'retriever'] : ['retriever', 'raw']) {
      const started = performance.now();
      if (kind === 'raw') await store.query(vectors[index], { topK: TOP_K });
      else await retriever.retrieve(texts[index]);
      times[kind] = performance.now() - started;
    }
    raw.push(times.raw);
    wrapped.push(times.retriever);
    differences.push(times.retriever - times.raw);
  }
  const rawMs = median(raw);
  const overheadMs = median(differences);
  return {
    pairs: RETRIEVER_PAIRS,
    rawMs,
    retrieverMs: median(wrapped),
    overheadMs,
    overheadPercent: (overheadMs / rawMs) * 100,
  };
}

/** Runs the benchmark, prints its table, writes its JSON; resolves to the result. */
export async function main() {
  if (!packagesBuilt('vectors', ['vector-pg', 'retrieval', 'testing', 'pg'])) {
    process.exitCode = 1;
    return undefined;
  }
  const { pgVectorStore } = await import(packageDist('vector-pg').href);
  const { createRetriever, inMemoryVectorStore } = await import(packageDist('retrieval').href);
  const { bruteForce, createFakeEmbedder, seededVectors } = await import(
    packageDist('testing').href
  );
  const requireFromVectorPg = createRequire(
    fileURLToPath(new URL('package.json', packageDirectory('vector-pg'))),
  );

  const records = seededVectors(COUNT, DIMENSIONS, 2026).map((vector, index) => ({
    id: `v${index}`,
    vector,
    text: `record ${index}`,
    metadata: { group: index % 10 },
  }));
  const queries = seededVectors(QUERIES, DIMENSIONS, 7);
  const embedder = createFakeEmbedder({ dimensions: DIMENSIONS });
  const texts = Array.from(
    { length: 50 },
    (_, index) => `question number ${index} about topic ${index % 7}`,
  );
  const stores = [];
  let retriever;
  let inMemory;

  console.log(
    `vectors bench: ${COUNT} vectors × ${DIMENSIONS} dimensions, cosine, top-${TOP_K}; node ${process.version}\n`,
  );

  // 1. PGlite + pgvector, HNSW.
  const pglite = await startPglite(requireFromVectorPg);
  try {
    const store = pgVectorStore({
      connectionString: pglite.url,
      poolSize: 1,
      dimensions: DIMENSIONS,
      index: 'hnsw',
      schema: 'bench_hnsw',
    });
    const upsertPerSecond = await upsertAll(store, records);
    console.log(`PGlite+pgvector HNSW: upsert ${upsertPerSecond.toFixed(0)} vectors/s`);
    const figures = await queryAll(store, records, queries, bruteForce);
    console.log(
      `PGlite+pgvector HNSW: ${figures.queriesPerSecond.toFixed(1)} queries/s, recall@10 ${figures.recall.toFixed(3)}`,
    );
    stores.push({
      name: 'PGlite + pgvector 0.8, HNSW (m 16, ef_construction 64, ef_search 100)',
      upsertPerSecond,
      ...figures,
    });
    // The same index searched with more candidates: recall against speed.
    const wide = pgVectorStore({
      connectionString: pglite.url,
      poolSize: 1,
      dimensions: DIMENSIONS,
      index: 'hnsw',
      schema: 'bench_hnsw',
      hnsw: { efSearch: 400 },
    });
    const wideFigures = await queryAll(wide, records, queries, bruteForce);
    console.log(
      `PGlite+pgvector HNSW, ef_search 400: ${wideFigures.queriesPerSecond.toFixed(1)} queries/s, recall@10 ${wideFigures.recall.toFixed(3)}`,
    );
    stores.push({
      name: 'the same index, ef_search 400',
      upsertPerSecond: undefined,
      ...wideFigures,
    });
    await wide.close();
    retriever = {
      store: 'PGlite HNSW',
      ...(await retrieverOverhead(store, createRetriever, embedder, texts)),
    };
    console.log(`retriever overhead: ${retriever.overheadMs.toFixed(3)} ms per call`);
    await store.close();
  } finally {
    await pglite.stop();
  }

  // 2. The retriever over the in-memory store (no I/O: what the retriever itself costs).
  {
    const store = inMemoryVectorStore({ dimensions: DIMENSIONS });
    await store.upsert(records);
    const figures = await queryAll(store, records, queries.slice(0, 20), bruteForce);
    stores.push({
      name: 'inMemoryVectorStore (@aigo/retrieval, exact, in process)',
      upsertPerSecond: undefined,
      ...figures,
    });
    inMemory = {
      store: 'inMemoryVectorStore',
      ...(await retrieverOverhead(store, createRetriever, embedder, texts)),
    };
    console.log(`retriever overhead (in memory): ${inMemory.overheadMs.toFixed(3)} ms per call`);
  }

  // 3. The real server, exact mode.
  let url = process.env.DATABASE_URL;
  let cluster;
  const pgTesting = await import(new URL('dist/testing/index.js', packageDirectory('pg')).href);
  if (!url) {
    const found = pgTesting.findPostgresBinaries();
    if (found.binDir !== undefined) {
      cluster = await pgTesting.startScratchPostgres();
      url = cluster.url;
    } else
      stores.push({
        name: 'PostgreSQL, exact (plain arrays)',
        skipped: `no DATABASE_URL and ${found.reason}`,
      });
  }
  if (url) {
    const schema = `bench_exact_${process.pid}`;
    const store = pgVectorStore({
      connectionString: url,
      dimensions: DIMENSIONS,
      index: 'exact',
      schema,
    });
    try {
      const server = await (async () => {
        const pg = requireFromVectorPg('pg');
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          return (await client.query('SHOW server_version')).rows[0].server_version;
        } finally {
          await client.end();
        }
      })();
      const upsertPerSecond = await upsertAll(store, records);
      console.log(`PostgreSQL ${server} exact: upsert ${upsertPerSecond.toFixed(0)} vectors/s`);
      const figures = await queryAll(store, records, queries.slice(0, EXACT_QUERIES), bruteForce);
      console.log(
        `PostgreSQL ${server} exact: ${figures.queriesPerSecond.toFixed(2)} queries/s, recall@10 ${figures.recall.toFixed(3)}`,
      );
      stores.push({
        name: `PostgreSQL ${server} (${cluster ? 'scratch cluster' : 'DATABASE_URL'}), exact (plain arrays)`,
        upsertPerSecond,
        ...figures,
      });
    } finally {
      const pg = requireFromVectorPg('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
      await store.close();
      await cluster?.stop();
    }
  }

  const result = writeResult('vectors', {
    count: COUNT,
    dimensions: DIMENSIONS,
    topK: TOP_K,
    queries: QUERIES,
    stores,
    retriever,
    retrieverInMemory: inMemory,
  });
  console.log(`\n${vectorsBenchTable(result)}`);
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
