// Starts the PostgreSQL the tests use, once per run, and stops it after (postgresGlobalSetup of
// @aigo/pg/testing):
// 1. DATABASE_URL set: that server (tests work in schemas of their own and drop them);
// 2. otherwise a scratch cluster from the server binaries on the machine (initdb + pg_ctl), which are
//    installed first when missing (as root, with apt-get);
// 3. when there are none and they cannot be installed (or AIGO_MEMORY_PG_TEST_PGLITE=1), PGlite
//    behind @electric-sql/pglite-socket (single session: the fault, concurrency and lock tests do not
//    run there, and the run fails when CI is set).
import { postgresGlobalSetup } from '@aigo/pg/testing';
import { startPglite } from './support/pglite.js';

export default postgresGlobalSetup({
  name: '@aigo/memory-pg',
  fallback: startPglite,
  forceFallback:
    process.env.AIGO_MEMORY_PG_TEST_PGLITE === '1'
      ? 'forced by AIGO_MEMORY_PG_TEST_PGLITE=1'
      : undefined,
});
