// Starts the real PostgreSQL the ingestion suite uses (test/ingest-postgres.test.ts), once per run,
// and stops it after (postgresGlobalSetup of @aigo/pg/testing): DATABASE_URL when set, else a scratch
// cluster from the server binaries.
import { postgresGlobalSetup } from '@aigo/pg/testing';

export default postgresGlobalSetup({ name: '@aigo/retrieval' });
