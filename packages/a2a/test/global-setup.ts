// Starts the PostgreSQL the pg task store's tests use, once per run, and stops it after
// (postgresGlobalSetup of @aigo/pg/testing): DATABASE_URL when set, else a scratch cluster from the
// server binaries (installed with apt-get when missing and running as root).
import { postgresGlobalSetup } from '@aigo/pg/testing';

export default postgresGlobalSetup({ name: '@aigo/a2a' });
