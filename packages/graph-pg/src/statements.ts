import { fnv1a, qualifiedName } from '@aigo/pg';

/** A prepared statement: its name (unique per schema) and text. */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/** The SQL of the checkpointer, for the tables in `schema`. */
export interface CheckpointStatements {
  readonly create: Statement;
  readonly claim: Statement;
  readonly claimResume: Statement;
  readonly writeNode: Statement;
  readonly writeState: Statement;
  readonly finish: Statement;
  readonly loadRun: Statement;
  readonly loadNodes: Statement;
  readonly status: Statement;
  readonly cancel: Statement;
  readonly prune: Statement;
}

const RUN_COLUMNS = `run_id, graph_name, graph_version, fingerprint, status, input, state,
  fencing_token::float8 AS fencing_token, claims, cancel_requested, output, error,
  (extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
  (extract(epoch FROM updated_at) * 1000)::float8 AS updated_ms,
  (extract(epoch FROM deadline) * 1000)::float8 AS deadline_ms,
  (extract(epoch FROM suspended_at) * 1000)::float8 AS suspended_ms, responses`;

/** Builds the statements for `schema` (names carry a hash of the schema: pools may share one). */
export function checkpointStatements(schema: string): CheckpointStatements {
  const runs = qualifiedName(schema, 'graph_runs');
  const nodes = qualifiedName(schema, 'graph_run_nodes');
  const prefix = `aigo_graph_${fnv1a(schema).toString(36)}_`;
  const statement = (name: string, text: string): Statement => ({ name: prefix + name, text });
  // A write of the current claim: the run row is share-locked so that a newer claim (an UPDATE of
  // the row) waits for it, and a write whose token is stale finds no row and inserts nothing.
  const owned = `run_id = $1 AND fencing_token = $2 AND status = 'running' AND NOT cancel_requested`;
  return {
    create: statement(
      'create',
      `INSERT INTO ${runs} (run_id, graph_name, status, input, state, deadline)
       VALUES ($1, $2, 'queued', $3::jsonb, $3::jsonb, now() + $4::float8 * interval '1 millisecond')
       ON CONFLICT (run_id) DO NOTHING RETURNING 1`,
    ),
    claim: statement(
      'claim',
      `INSERT INTO ${runs} AS r (run_id, graph_name, graph_version, fingerprint, status, input, state, fencing_token, claims, deadline)
       VALUES ($1, $2, $3, $4, 'running', $5::jsonb, $5::jsonb, 1, 1, now() + $6::float8 * interval '1 millisecond')
       ON CONFLICT (run_id) DO UPDATE SET fencing_token = r.fencing_token + 1, claims = r.claims + 1,
         status = 'running', graph_version = EXCLUDED.graph_version, fingerprint = EXCLUDED.fingerprint,
         updated_at = now()
       WHERE r.status IN ('queued', 'running') AND r.graph_name = EXCLUDED.graph_name
         AND (r.fingerprint IS NULL OR (r.fingerprint = EXCLUDED.fingerprint AND r.graph_version = EXCLUDED.graph_version))
       RETURNING 1`,
    ),
    // A resume takes a suspended run only, once: of two racing UPDATEs the second waits for the
    // first's row lock, then finds the run running and changes nothing. The deadline moves by the
    // time the run spent suspended.
    claimResume: statement(
      'claim_resume',
      `UPDATE ${runs} SET fencing_token = fencing_token + 1, claims = claims + 1, status = 'running',
         responses = $5::jsonb, deadline = deadline + (now() - suspended_at), suspended_at = NULL,
         updated_at = now()
       WHERE run_id = $1 AND status = 'suspended' AND NOT cancel_requested AND graph_name = $2
         AND graph_version = $3 AND fingerprint = $4
       RETURNING 1`,
    ),
    writeNode: statement(
      'write_node',
      `WITH run AS (SELECT 1 FROM ${runs} WHERE ${owned} FOR SHARE)
       INSERT INTO ${nodes} (run_id, node_id, status, body) SELECT $1, $3, $4, $5::jsonb FROM run
       ON CONFLICT (run_id, node_id) DO UPDATE SET status = EXCLUDED.status, body = EXCLUDED.body
       RETURNING 1`,
    ),
    writeState: statement(
      'write_state',
      `UPDATE ${runs} SET updated_at = now(), state = CASE WHEN $4::jsonb IS NULL THEN state - $3::text
         ELSE jsonb_set(state, ARRAY[$3::text], $4::jsonb, true) END
       WHERE ${owned} RETURNING 1`,
    ),
    finish: statement(
      'finish',
      `UPDATE ${runs} SET status = $3, output = $4::jsonb, error = $5::jsonb, updated_at = now(),
         finished_at = CASE WHEN $3 = 'suspended' THEN NULL ELSE now() END,
         suspended_at = CASE WHEN $3 = 'suspended' THEN now() ELSE NULL END,
         responses = CASE WHEN $3 = 'suspended' THEN NULL ELSE responses END
       WHERE run_id = $1 AND fencing_token = $2 AND status = 'running' AND (NOT cancel_requested OR $3 = 'cancelled')
       RETURNING 1`,
    ),
    loadRun: statement('load_run', `SELECT ${RUN_COLUMNS} FROM ${runs} WHERE run_id = $1`),
    loadNodes: statement('load_nodes', `SELECT body FROM ${nodes} WHERE run_id = $1`),
    status: statement(
      'status',
      `SELECT status, fencing_token::float8 AS fencing_token, cancel_requested FROM ${runs} WHERE run_id = $1`,
    ),
    cancel: statement(
      'cancel',
      `UPDATE ${runs} SET cancel_requested = true, updated_at = now(), suspended_at = NULL,
         status = CASE WHEN status IN ('queued', 'suspended') THEN 'cancelled' ELSE status END,
         error = CASE WHEN status = 'queued' THEN $2::jsonb WHEN status = 'suspended' THEN $3::jsonb ELSE error END,
         finished_at = CASE WHEN status IN ('queued', 'suspended') THEN now() ELSE finished_at END
       WHERE run_id = $1 AND status IN ('queued', 'running', 'suspended') RETURNING 1`,
    ),
    prune: statement(
      'prune',
      `WITH gone AS (DELETE FROM ${runs} WHERE finished_at <= now() - $1::float8 * interval '1 millisecond' RETURNING run_id),
       nodes AS (DELETE FROM ${nodes} n USING gone WHERE n.run_id = gone.run_id)
       SELECT count(*)::int AS runs FROM gone`,
    ),
  };
}
