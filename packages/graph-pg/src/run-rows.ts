import type {
  GraphRunRecord,
  GraphRunResponses,
  GraphRunStatus,
  JsonObject,
  JsonValue,
  NodeCheckpoint,
  StoredError,
} from '@aigo/ai';

/** A row of `graph_runs` as the load statement selects it. */
export interface RunRow {
  readonly run_id: string;
  readonly graph_name: string;
  readonly graph_version: string | null;
  readonly fingerprint: string | null;
  readonly status: GraphRunStatus;
  readonly input: JsonObject;
  readonly state: JsonObject;
  readonly fencing_token: number;
  readonly claims: number;
  readonly cancel_requested: boolean;
  readonly output: JsonValue | null;
  readonly error: StoredError | null;
  readonly created_ms: number;
  readonly updated_ms: number;
  readonly deadline_ms: number | null;
  readonly suspended_ms: number | null;
  readonly responses: GraphRunResponses | null;
}

/** The record of a run from its row and its nodes' bodies. */
export function recordOf(row: RunRow, nodes: readonly NodeCheckpoint[]): GraphRunRecord {
  const byId: Record<string, NodeCheckpoint> = {};
  for (const node of nodes) byId[node.nodeId] = node;
  return {
    runId: row.run_id,
    graphName: row.graph_name,
    graphVersion: row.graph_version ?? undefined,
    fingerprint: row.fingerprint ?? undefined,
    status: row.status,
    input: row.input,
    state: row.state,
    nodes: byId,
    fencingToken: row.fencing_token,
    claims: row.claims,
    createdAt: Math.round(row.created_ms),
    updatedAt: Math.round(row.updated_ms),
    deadline: row.deadline_ms === null ? undefined : Math.round(row.deadline_ms),
    cancelRequested: row.cancel_requested,
    ...(row.output === null ? {} : { output: row.output }),
    ...(row.error === null ? {} : { error: row.error }),
    ...(row.suspended_ms === null ? {} : { suspendedAt: Math.round(row.suspended_ms) }),
    ...(row.responses === null ? {} : { responses: row.responses }),
  };
}
