// Starts the PostgreSQL that postgres-memory.ts runs against in the examples test, once per run, and
// stops it after (postgresGlobalSetup of @aigo/pg/testing): DATABASE_URL when set, else a scratch
// cluster from the server binaries — installed first when missing (as root, with apt-get). No
// fallback: the example is run against a real server.
import { postgresGlobalSetup } from '@aigo/pg/testing';

export default postgresGlobalSetup({ name: '@aigo/examples' });
