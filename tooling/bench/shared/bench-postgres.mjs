// The PostgreSQL a benchmark talks to: DATABASE_URL when set, else a scratch cluster of
// @aigo/pg/testing (initdb + pg_ctl in a temporary directory, default settings; @aigo/pg is built
// with every package that uses PostgreSQL).
import { packageDirectory } from './paths.mjs';

/**
 * Resolves to `{ url, cluster, stop() }`: `cluster` is the scratch cluster (undefined with
 * DATABASE_URL), and `stop()` stops and deletes it (nothing with DATABASE_URL).
 */
export async function benchPostgres() {
  const url = process.env.DATABASE_URL;
  if (url) return { url, cluster: undefined, stop: async () => {} };
  const { startScratchPostgres } = await import(
    new URL('dist/testing/index.js', packageDirectory('pg')).href
  );
  const cluster = await startScratchPostgres();
  return { url: cluster.url, cluster, stop: () => cluster.stop() };
}
