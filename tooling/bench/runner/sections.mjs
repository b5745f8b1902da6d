// The sections of `pnpm bench`, in the order the runner runs them, each in a fresh process of its own
// (runner/section.mjs). `run(options)` executes in that process and resolves to the section's result (a
// JSON value); `{ skipped: reason }` when the machine cannot run it (no PostgreSQL, say). Schedules
// here are the runner's: shorter than the modules' standalone defaults, so that the whole run fits in
// 10 minutes on a shared 2-core machine.
import { readFileSync } from 'node:fs';
import { packageDirectory } from '../shared/paths.mjs';

const benchPackage = new URL('../package.json', import.meta.url);

/** Every @aigo package the bench package depends on (cold import figures). */
export function aigoPackages() {
  const manifest = JSON.parse(readFileSync(benchPackage, 'utf8'));
  return Object.keys(manifest.dependencies).filter((name) => name.startsWith('@aigo/'));
}

/** The floor's and the anchors' modules, for the cold import table. */
export const OTHER_IMPORTS = Object.freeze([
  'undici',
  'eventsource-parser',
  'openai',
  'ai',
  '@ai-sdk/openai',
  '@langchain/openai',
  '@anthropic-ai/sdk',
  '@ai-sdk/anthropic',
]);

/** Fresh processes per import figure. */
export const IMPORT_SAMPLES = 10;

export const SECTIONS = Object.freeze([
  {
    name: 'stream',
    title: 'SSE decode through @aigo/http (for await and collect()) vs the floor',
    timeoutMs: 300_000,
    async run({ deadline, log }) {
      const { runStreamSuite } = await import('../suites/stream/stream-suite.mjs');
      return runStreamSuite({ deadline, log });
    },
  },
  {
    name: 'anchors',
    title: '@aigo/openai and @aigo/client vs the floor and the anchors (figures a–e)',
    timeoutMs: 420_000,
    async run({ deadline, log }) {
      const { runAnchorsBench } = await import('../suites/anchors/anchors-bench.mjs');
      return runAnchorsBench({ deadline, log, sizes: false });
    },
  },
  {
    name: 'gemini',
    title: '@aigo/gemini chunks/s vs the floor',
    timeoutMs: 180_000,
    async run() {
      const { main } = await import('../suites/gemini/gemini-bench.mjs');
      // Ten rounds: one full cycle of the carry-over-balanced orders of its five variants; a second,
      // longer attempt when the control is out of tolerance.
      return main({
        schedule: [
          { rounds: 10, iterations: 8 },
          { rounds: 20, iterations: 8 },
        ],
      });
    },
  },
  {
    name: 'anthropic',
    title:
      '@aigo/anthropic vs its floor, @aigo/openai and the anchors (@anthropic-ai/sdk, @ai-sdk/anthropic)',
    // Four stacks' figures (a)–(e), @aigo/openai's as the reference, and four installs: about four
    // minutes on a quiet machine, far more on a loaded one.
    timeoutMs: 1_200_000,
    async run({ deadline, log }) {
      const { runAnthropicBench } = await import('../suites/anthropic/anthropic-bench.mjs');
      return runAnthropicBench({ deadline, log });
    },
  },
  {
    name: 'client',
    title: '@aigo/client overhead',
    timeoutMs: 120_000,
    async run() {
      return (await import('../suites/client/client-bench.mjs')).main();
    },
  },
  {
    name: 'react',
    title: '@aigo/react overhead',
    timeoutMs: 120_000,
    async run() {
      return (await import('../suites/react/react-bench.mjs')).main();
    },
  },
  {
    name: 'structured',
    title: '@aigo/client partial JSON parser (streamed structured output) vs one JSON.parse',
    timeoutMs: 120_000,
    async run() {
      return (await import('../suites/structured/partial-json-bench.mjs')).main();
    },
  },
  {
    name: 'cloud',
    title: 'AWS Signature V4 of a Bedrock request (@aigo/http/aws)',
    timeoutMs: 120_000,
    async run() {
      return (await import('../suites/cloud/sigv4-bench.mjs')).main();
    },
  },
  {
    name: 'graph',
    title: '@aigo/graph scheduling',
    timeoutMs: 120_000,
    async run() {
      return (await import('../suites/graph/graph-bench.mjs')).main({ quick: true });
    },
  },
  {
    name: 'observability',
    title: 'observer overhead',
    timeoutMs: 120_000,
    async run() {
      const { main } = await import('../suites/observability/observability-bench.mjs');
      return main({ send: { rounds: 11, batches: 30 }, stream: { rounds: 11, batches: 30 } });
    },
  },
  {
    name: 'evals',
    title: '@aigo/evals: harness CPU per case, 10,000 cases streamed to the results file',
    timeoutMs: 180_000,
    async run() {
      return (await import('../suites/evals/evals-bench.mjs')).main();
    },
  },
  {
    name: 'mcp',
    title: "@aigo/mcp tool call vs the SDK's Client.callTool (stdio, Streamable HTTP)",
    timeoutMs: 420_000,
    async run({ deadline }) {
      return (await import('../suites/mcp/mcp-bench.mjs')).main({ deadline });
    },
  },
  {
    name: 'soak',
    title: '10,000 aborted streams through @aigo/client + @aigo/openai: sockets, handles, heap',
    timeoutMs: 600_000,
    async run() {
      return (await import('../suites/soak/soak-bench.mjs')).main();
    },
  },
  {
    name: 'memory-pg',
    title: '@aigo/memory-pg vs raw pg',
    timeoutMs: 180_000,
    async run() {
      if (!process.env.DATABASE_URL) {
        const scratch = new URL('dist/testing/index.js', packageDirectory('pg'));
        const { findPostgresBinaries } = await import(scratch.href);
        const found = findPostgresBinaries();
        if (found.binDir === undefined) return { skipped: `no DATABASE_URL and ${found.reason}` };
      }
      process.env.BENCH_ROUNDS ??= '5';
      process.env.BENCH_TURNS ??= '100';
      process.env.BENCH_LOADS ??= '3';
      return (await import('../suites/memory-pg/memory-pg-bench.mjs')).main();
    },
  },
  {
    name: 'graph-pg',
    title: '@aigo/graph-pg: checkpoint writes vs raw INSERT, 1,000 durable nodes, workers 1/2/4',
    timeoutMs: 420_000,
    async run() {
      if (!process.env.DATABASE_URL) {
        const scratch = new URL('dist/testing/index.js', packageDirectory('pg'));
        const { findPostgresBinaries } = await import(scratch.href);
        const found = findPostgresBinaries();
        if (found.binDir === undefined) return { skipped: `no DATABASE_URL and ${found.reason}` };
      }
      process.env.BENCH_ROUNDS ??= '5';
      return (await import('../suites/graph-pg/graph-pg-bench.mjs')).main();
    },
  },
  {
    name: 'vectors',
    title: '@aigo/vector-pg (PGlite+pgvector HNSW, exact on PostgreSQL) and the retriever',
    timeoutMs: 600_000,
    async run() {
      return (await import('../suites/vectors/vectors-bench.mjs')).main();
    },
  },
  {
    name: 'retrieval',
    title:
      '@aigo/retrieval: chunking 1 MiB of markdown, ingestion into PostgreSQL, hybrid retrieval quality and speed',
    // PGlite's HNSW build over 10,000 vectors and 100,000 keyword rows take minutes on a busy machine.
    timeoutMs: 1_200_000,
    async run() {
      process.env.BENCH_ROUNDS ??= '5';
      return (await import('../suites/retrieval/retrieval-bench.mjs')).main();
    },
  },
  {
    name: 'load',
    title:
      'concurrent conversations through @aigo/client + @aigo/openai + @aigo/memory-pg vs the floor',
    timeoutMs: 600_000,
    async run({ log }) {
      if (!process.env.DATABASE_URL) {
        const scratch = new URL('dist/testing/index.js', packageDirectory('pg'));
        const { findPostgresBinaries } = await import(scratch.href);
        const found = findPostgresBinaries();
        if (found.binDir === undefined) return { skipped: `no DATABASE_URL and ${found.reason}` };
      }
      return (await import('../suites/load/load-bench.mjs')).main({ log });
    },
  },
  {
    name: 'context',
    title: 'context windows: counting, the optimizer, bounded turns in PostgreSQL',
    timeoutMs: 300_000,
    async run() {
      return (await import('../suites/context/context-bench.mjs')).main();
    },
  },
  {
    name: 'imports',
    title: 'cold import',
    timeoutMs: 180_000,
    async run() {
      const { runImportBench } = await import('../suites/imports/import-bench.mjs');
      const specifiers = ['', ...aigoPackages(), ...OTHER_IMPORTS];
      return { samples: IMPORT_SAMPLES, rows: runImportBench(specifiers, IMPORT_SAMPLES) };
    },
  },
  {
    name: 'sizes',
    title: 'installed size of each stack',
    timeoutMs: 300_000,
    async run() {
      const { measureInstalledSizes } = await import('../suites/anchors/installed-size.mjs');
      return measureInstalledSizes();
    },
  },
]);
