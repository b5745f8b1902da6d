// Starts the PostgreSQL the tests use, once per run, and stops it after (postgresGlobalSetup of
// @aigo/pg/testing): DATABASE_URL when set, else a scratch cluster from the server binaries
// (installed first when missing, as root). No fallback: these tests need a real server.
import { postgresGlobalSetup } from '@aigo/pg/testing';

export default postgresGlobalSetup({ name: '@aigo/graph-pg', requireRealServer: true });
