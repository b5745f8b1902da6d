// The table the test processes count node executions in, in a schema of the test's own.
import { adminPool, dropSchema, uniqueSchema } from './test-database.js';

/** Creates the counting tables; returns their schema and a function that drops it. */
export async function executionsTable(): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = uniqueSchema('gx');
  await adminPool().query(`CREATE SCHEMA "${schema}";
    CREATE TABLE "${schema}".executions (n bigserial PRIMARY KEY, run_id text NOT NULL, node_id text NOT NULL, pid integer NOT NULL, attempt_key text NOT NULL);
    CREATE TABLE "${schema}".aborts (run_id text NOT NULL, reason text NOT NULL);`);
  return { schema, drop: () => dropSchema(schema) };
}

/** Executions per run and node: `{ "run/node": count }`. */
export async function executionCounts(schema: string): Promise<Map<string, number>> {
  const { rows } = await adminPool().query<{ key: string; count: number }>(
    `SELECT run_id || '/' || node_id AS key, count(*)::int AS count FROM "${schema}".executions GROUP BY 1`,
  );
  return new Map(rows.map((row) => [row.key, row.count]));
}
