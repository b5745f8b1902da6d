// The retrieval benchmark (not a test): what @aigo/retrieval costs.
//
//   node --expose-gc tooling/bench/suites/retrieval/retrieval-bench.mjs     (after `pnpm build`)
//
// 1. Chunking: `chunkMarkdown` of a 1 MiB markdown file (the package's long fixture, repeated with
//    numbered headings), median of the rounds after two warm-up runs (target < 100 ms); `chunkText`
//    of the same text and `chunkHtml` of a 1 MiB page, for information.
// 2. Ingestion into PostgreSQL (@aigo/vector-pg, exact mode; DATABASE_URL, else a scratch cluster):
//    `ingest` of 400 markdown documents (about 10,000 chunks of at most 128 tokens, heading context,
//    the fake embedder of @aigo/testing at 256 dimensions, batches of 256, 2 in flight) into an
//    empty table — chunks/s, target > 5,000 —; the same documents again (all unchanged: documents/s,
//    0 chunks embedded); and the floor: the same records, embedded beforehand, written with
//    `store.upsert` in batches of 256 into an empty table (floor′, a second such run, is the
//    control). Rounds alternate the variants; each figure is the median over rounds.
//
// Issue 43 adds hybrid retrieval and reranking to this section: its figures go beside these, under
// their own key of the result.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { benchPostgres } from '../../shared/bench-postgres.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDirectory, packageDist } from '../../shared/paths.mjs';
import { median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';
import { retrievalBenchTable } from './retrieval-report.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MIB = 1024 * 1024;
const DOCUMENTS = Number(process.env.BENCH_RETRIEVAL_DOCUMENTS ?? 400);
const DIMENSIONS = 256;
const BATCH = 256;
const MAX_TOKENS = 128;
const round3 = (value) => Math.round(value * 1000) / 1000;

function fixture(name) {
  return readFileSync(new URL(`test/fixtures/${name}`, packageDirectory('retrieval')), 'utf8');
}

/** `text` repeated (each copy's headings numbered) to at least 1 MiB, cut at a line end. */
function oneMebibyte(text, number) {
  let out = '';
  for (let copy = 0; out.length < MIB; copy++) out += `${number(text, copy)}\n\n`;
  return out.slice(0, out.indexOf('\n', MIB) + 1);
}

function timeRuns(run) {
  run();
  run();
  const times = [];
  for (let round = 0; round < Math.max(ROUNDS, 7); round++) {
    globalThis.gc?.();
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return round3(median(times));
}

function chunking(retrieval) {
  const markdown = oneMebibyte(fixture('openai-readme.md'), (text, copy) =>
    text.replace(/^(#{1,6} .*)$/gm, `$1 (${copy})`),
  );
  const page = fixture('support-returns.html');
  const article = page.slice(page.indexOf('<article>'), page.indexOf('</article>') + 10);
  let body = '';
  for (let copy = 0; body.length < MIB; copy++)
    body += article.replaceAll('</h2>', ` ${copy}</h2>`);
  const html = `<html><body><main>${body}</main></body></html>`;
  const document = (text) => ({ id: 'bench', text });
  let chunks = 0;
  const markdownMs = timeRuns(() => {
    chunks = retrieval.chunkMarkdown(document(markdown), { maxTokens: 512 }).length;
  });
  let textChunks = 0;
  const textMs = timeRuns(() => {
    textChunks = retrieval.chunkText(document(markdown), { maxTokens: 512 }).length;
  });
  let htmlChunks = 0;
  const htmlMs = timeRuns(() => {
    htmlChunks = retrieval.chunkHtml(document(html), { maxTokens: 512 }).length;
  });
  return {
    markdownBytes: Buffer.byteLength(markdown),
    markdownMs,
    markdownChunks: chunks,
    textMs,
    textChunks,
    htmlBytes: Buffer.byteLength(html),
    htmlMs,
    htmlChunks,
  };
}

/** Prose of ~60 words, different per (document, section, paragraph). */
function paragraph(seed) {
  const words = [
    'the',
    'robot',
    'returns',
    'to',
    'its',
    'dock',
    'when',
    'battery',
    'is',
    'low',
    'and',
    'refunds',
    'arrive',
    'within',
    'days',
    'of',
    'inspection',
    'warranty',
    'covers',
    'wheels',
  ];
  let text = `Note ${seed}:`;
  for (let word = 0; word < 60; word++) text += ` ${words[(seed * 7 + word * 13) % words.length]}`;
  return `${text}.`;
}

function documentsOf(count) {
  return Array.from({ length: count }, (_, index) => {
    let text = `# Handbook page ${index}\n\n`;
    for (let section = 0; section < 5; section++) {
      text += `## Topic ${section}\n\n`;
      for (let part = 0; part < 5; part++)
        text += `${paragraph(index * 100 + section * 10 + part)}\n\n`;
    }
    return { id: `page-${index}`, title: `Handbook page ${index}`, text };
  });
}

async function ingestion(retrieval, vectorPg, testing, url) {
  const documents = documentsOf(DOCUMENTS);
  const embedder = testing.createFakeEmbedder({
    dimensions: DIMENSIONS,
    maxEmbeddingsPerCall: BATCH,
  });
  const settings = { provider: embedder, model: 'fake-embedding' };
  const chunker = (document) => retrieval.chunkMarkdown(document, { maxTokens: MAX_TOKENS });
  // The floor's records: the chunks ingest writes, embedded beforehand.
  const records = [];
  for (const document of documents) {
    for (const chunk of chunker(document)) {
      records.push({
        id: chunk.id,
        text: chunk.text,
        vector: embedder.vectorOf(chunk.text, DIMENSIONS),
        metadata: {},
      });
    }
  }
  const { dropTestSchema } = await import(
    new URL('dist/testing/index.js', packageDirectory('pg')).href
  );
  let schemaNumber = 0;
  /** Runs `measure` on a store of an empty table of its own, then drops it (untimed). */
  const withFreshStore = async (measure) => {
    const schema = `bench_retrieval_${process.pid}_${schemaNumber++}`;
    const store = vectorPg.pgVectorStore({
      connectionString: url,
      dimensions: DIMENSIONS,
      index: 'exact',
      schema,
      poolSize: 4,
    });
    try {
      await store.ready();
      return await measure(store);
    } finally {
      await store.close();
      await dropTestSchema(url, schema);
    }
  };
  const variants = {
    ingest: () =>
      withFreshStore(async (store) => {
        const options = { chunker, embedder: settings, store, batchSize: BATCH, concurrency: 2 };
        let started = performance.now();
        const first = await retrieval.ingest(documents, options);
        const firstMs = performance.now() - started;
        started = performance.now();
        const again = await retrieval.ingest(documents, options);
        const againMs = performance.now() - started;
        if (again.written !== 0 || again.unchanged !== documents.length)
          throw new Error('the second ingestion embedded something');
        return { chunks: first.chunks, firstMs, againMs };
      }),
    floor: () =>
      withFreshStore(async (store) => {
        const started = performance.now();
        for (let start = 0; start < records.length; start += BATCH) {
          await store.upsert(records.slice(start, start + BATCH));
        }
        return { ms: performance.now() - started };
      }),
  };
  const rounds = [];
  // Untimed warm-up of both paths.
  await variants.ingest();
  await variants.floor();
  for (let round = 0; round < ROUNDS; round++) {
    const order =
      round % 2 === 0 ? ['ingest', 'floor', 'floorAgain'] : ['floorAgain', 'floor', 'ingest'];
    const figures = {};
    for (const name of order) {
      globalThis.gc?.();
      figures[name] = await variants[name === 'floorAgain' ? 'floor' : name]();
    }
    rounds.push(figures);
  }
  const chunks = rounds[0].ingest.chunks;
  return {
    documents: DOCUMENTS,
    chunks,
    dimensions: DIMENSIONS,
    chunksPerSecond: round3(median(rounds.map((r) => chunks / (r.ingest.firstMs / 1000)))),
    unchangedDocumentsPerSecond: round3(
      median(rounds.map((r) => DOCUMENTS / (r.ingest.againMs / 1000))),
    ),
    floorChunksPerSecond: round3(median(rounds.map((r) => records.length / (r.floor.ms / 1000)))),
    ratio: round3(median(rounds.map((r) => r.ingest.firstMs / r.floor.ms))),
    control: round3(median(rounds.map((r) => r.floorAgain.ms / r.floor.ms))),
    rounds: rounds.length,
  };
}

/** Runs the benchmark, prints its table, writes its JSON; resolves to the result. */
export async function main() {
  if (!packagesBuilt('retrieval', ['retrieval', 'vector-pg', 'testing', 'pg'])) {
    process.exitCode = 1;
    return undefined;
  }
  const retrieval = await import(packageDist('retrieval').href);
  const vectorPg = await import(packageDist('vector-pg').href);
  const testing = await import(packageDist('testing').href);
  const chunkingFigures = chunking(retrieval);
  console.log(
    `chunkMarkdown of ${chunkingFigures.markdownBytes} bytes: ${chunkingFigures.markdownMs} ms (${chunkingFigures.markdownChunks} chunks)`,
  );
  let ingestionFigures;
  const pgTesting = await import(new URL('dist/testing/index.js', packageDirectory('pg')).href);
  const found = process.env.DATABASE_URL ? undefined : pgTesting.findPostgresBinaries();
  if (found !== undefined && found.binDir === undefined) {
    ingestionFigures = { skipped: `no DATABASE_URL and ${found.reason}` };
  } else {
    const server = await benchPostgres();
    try {
      ingestionFigures = await ingestion(retrieval, vectorPg, testing, server.url);
    } finally {
      await server.stop();
    }
    console.log(
      `ingest into PostgreSQL: ${ingestionFigures.chunksPerSecond} chunks/s (floor ${ingestionFigures.floorChunksPerSecond})`,
    );
  }
  const result = writeResult('retrieval', {
    chunking: chunkingFigures,
    ingestion: ingestionFigures,
  });
  console.log(`\n${retrievalBenchTable(result)}`);
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
