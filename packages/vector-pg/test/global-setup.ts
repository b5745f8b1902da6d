// Starts the real PostgreSQL the exact-search (plain arrays) tests use, once per run, and stops it
// after (postgresGlobalSetup of @aigo/pg/testing): DATABASE_URL when set, else a scratch cluster from
// the server binaries (installed with apt-get, as root, when missing). The pgvector tests run on
// PGlite with its pgvector build (test/support/pglite-vector.ts): these machines' PostgreSQL has no
// pgvector.
import { postgresGlobalSetup } from '@aigo/pg/testing';

export default postgresGlobalSetup({ name: '@aigo/vector-pg' });
