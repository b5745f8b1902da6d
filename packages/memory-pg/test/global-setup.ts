// Starts the PostgreSQL the tests use, once per run, and stops it after:
// 1. DATABASE_URL set: that server (tests work in schemas of their own and drop them);
// 2. otherwise a scratch cluster from the server binaries on the machine (initdb + pg_ctl);
// 3. when there are none (or AIGO_MEMORY_PG_TEST_PGLITE=1), PGlite behind @electric-sql/pglite-socket
//    (single session: the fault, concurrency and lock tests do not run there, and the run fails when
//    CI is set).
import type { TestProject } from 'vitest/node';
import { findPostgresBinaries, startScratchPostgres } from './scratch-postgres.mjs';
import type { TestDatabase } from './test-database.js';

async function startPglite(
  reason: string,
): Promise<{ database: TestDatabase; stop: () => Promise<void> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      );
    });
  });
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 16 });
  await server.start();
  return {
    database: {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      kind: 'pglite',
      description: `PGlite (WASM, single session) over pglite-socket on 127.0.0.1:${port} — ${reason}`,
      notRealReason: `PGlite is single-session (no pg_terminate_backend, no concurrent transactions): ${reason}`,
    },
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let database: TestDatabase;
  let stop: () => Promise<void> = async () => {};
  const url = process.env.DATABASE_URL;
  if (url !== undefined && url !== '') {
    // Host and port only: never the password.
    let where = 'not a URL';
    try {
      where = new URL(url).host;
    } catch {
      // A keyword/value connection string: pg reads it; the output just does not name the host.
    }
    database = {
      url,
      kind: 'external',
      description: `DATABASE_URL (${where})`,
      notRealReason: undefined,
    };
  } else {
    const found = findPostgresBinaries();
    if (process.env.AIGO_MEMORY_PG_TEST_PGLITE === '1') {
      // To try the fallback on a machine that has the server binaries.
      ({ database, stop } = await startPglite('forced by AIGO_MEMORY_PG_TEST_PGLITE=1'));
    } else if (found.binDir === undefined) {
      ({ database, stop } = await startPglite(found.reason));
    } else {
      const cluster = await startScratchPostgres({ fast: true });
      database = {
        url: cluster.url,
        kind: 'scratch',
        description: `scratch cluster (${cluster.version}, ${cluster.binDir}) on 127.0.0.1:${cluster.port}, deleted after the run`,
        notRealReason: undefined,
      };
      stop = () => cluster.stop();
    }
  }
  project.provide('database', database);
  const notRun =
    database.notRealReason === undefined
      ? ''
      : `\n[@aigo/memory-pg tests] NOT RUN: the fault, concurrency and lock tests (real server only): ${database.notRealReason}`;
  process.stdout.write(
    `\n[@aigo/memory-pg tests] PostgreSQL: ${database.description}${notRun}\n\n`,
  );
  return stop;
}
