import { type Migration, qualifiedName } from '@aigo/pg';

/** The schema version this package writes. */
export const SCHEMA_VERSION = 1;

/** The migrations of the checkpoint tables in `schema`. */
export function checkpointMigrations(schema: string): readonly Migration[] {
  const runs = qualifiedName(schema, 'graph_runs');
  const nodes = qualifiedName(schema, 'graph_run_nodes');
  return [
    {
      version: 1,
      name: 'graph runs (with suspension) and their nodes',
      up: `
        CREATE TABLE ${runs} (
          run_id text PRIMARY KEY,
          graph_name text NOT NULL,
          graph_version text,
          fingerprint text,
          status text NOT NULL
            CONSTRAINT graph_runs_status_check
            CHECK (status IN ('queued', 'running', 'suspended', 'completed', 'failed', 'cancelled')),
          input jsonb NOT NULL,
          state jsonb NOT NULL,
          fencing_token bigint NOT NULL DEFAULT 0,
          claims integer NOT NULL DEFAULT 0,
          cancel_requested boolean NOT NULL DEFAULT false,
          deadline timestamptz,
          output jsonb,
          error jsonb,
          created_at timestamptz NOT NULL DEFAULT now(),
          updated_at timestamptz NOT NULL DEFAULT now(),
          finished_at timestamptz,
          suspended_at timestamptz,
          responses jsonb
        );
        CREATE INDEX graph_runs_finished_at ON ${runs} (finished_at) WHERE finished_at IS NOT NULL;
        CREATE TABLE ${nodes} (
          run_id text NOT NULL,
          node_id text NOT NULL,
          status text NOT NULL,
          body jsonb NOT NULL,
          PRIMARY KEY (run_id, node_id)
        );
      `,
    },
  ];
}
