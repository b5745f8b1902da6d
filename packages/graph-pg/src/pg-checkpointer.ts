import {
  CheckpointError,
  checkGraphRunResponses,
  checkNewRun,
  checkRunId,
  checkWrite,
  GraphChangedError,
  type GraphCheckpointer,
  GraphRunCancelledError,
  type GraphRunClaim,
  GraphRunNotFoundError,
  GraphRunNotSuspendedError,
  type GraphRunOutcome,
  type GraphRunRecord,
  type GraphRunStatusView,
  type JsonValue,
  type NewGraphRun,
  type NodeCheckpoint,
  RunConflictError,
  StaleFencingTokenError,
  throwIfAborted,
} from '@aigo/ai';
import {
  migrate,
  openPgPool,
  type PgPoolHandle,
  type StoreErrorFactory,
  toStoreError,
} from '@aigo/pg';
import { checkpointMigrations } from './migrations.js';
import {
  type CheckedCheckpointerOptions,
  checkCheckpointerOptions,
  type PgCheckpointerOptions,
} from './pg-checkpointer-options.js';
import { type RunRow, recordOf } from './run-rows.js';
import { type CheckpointStatements, checkpointStatements, type Statement } from './statements.js';

/** A `GraphCheckpointer` in PostgreSQL, with what only a database store has. */
export interface PgCheckpointer extends GraphCheckpointer {
  /** Creates or upgrades the tables (once; every other call does it first). */
  ready(signal?: AbortSignal): Promise<void>;
  /** Deletes the finished runs older than `retentionMs`, with their nodes; resolves to how many. */
  prune(signal?: AbortSignal): Promise<number>;
}

const makeError: StoreErrorFactory = (message, details) =>
  new CheckpointError(message, {
    cause: details.cause,
    retryable: details.retryable,
    ...(details.pgCode === undefined ? {} : { pgCode: details.pgCode }),
  });

const FINISHED = new Set(['completed', 'failed', 'cancelled']);

/**
 * Creates a `GraphCheckpointer` in PostgreSQL: one row per run (`graph_runs`: status, input, shared
 * state, fencing token, deadline, outcome) and one per settled node (`graph_run_nodes`), in the
 * schema `aigo_graph` by default. A node or state write is one statement — one round trip — that
 * checks the fencing token of the writer's claim under a share lock of the run's row, so a write of a
 * claim that lost the run changes nothing and is refused with `StaleFencingTokenError`. A suspended
 * run is claimed for its resume by one conditional UPDATE (`status = 'suspended'`), so of two racing
 * resumes, in any processes, exactly one gets it; it is never pruned while suspended.
 *
 * @example
 * const checkpointer = pgCheckpointer({ connectionString: process.env.DATABASE_URL });
 * const graph = createGraph('summary', { name: 'summary', checkpointer }) // …nodes and edges
 * await graph.execute({ topic: 'Lisbon' }, { runId: 'report-42' }); // resumes report-42 if it ran before
 * await checkpointer.close();
 *
 * @throws ValidationError naming the first bad option (nothing connects before the first call).
 */
export function pgCheckpointer(options: PgCheckpointerOptions): PgCheckpointer {
  const checked = checkCheckpointerOptions(options);
  const handle = openPgPool(options, { defaultApplicationName: 'aigo-graph-pg' });
  return new PgCheckpointerImpl(handle, checked);
}

class PgCheckpointerImpl implements PgCheckpointer {
  readonly #handle: PgPoolHandle;
  readonly #options: CheckedCheckpointerOptions;
  readonly #sql: CheckpointStatements;
  #ready: Promise<void> | undefined;
  #lastPrune = Date.now();

  constructor(handle: PgPoolHandle, options: CheckedCheckpointerOptions) {
    this.#handle = handle;
    this.#options = options;
    this.#sql = checkpointStatements(options.schema);
  }

  ready(signal?: AbortSignal): Promise<void> {
    if (this.#ready === undefined) {
      const attempt = this.#options.migrate
        ? migrate(this.#handle.pool, {
            schema: this.#options.schema,
            component: 'graph-pg:checkpoints',
            migrations: checkpointMigrations(this.#options.schema),
            label: `the graph checkpoints in "${this.#options.schema}"`,
            packageName: '@aigo/graph-pg',
            makeError,
            server: this.#handle.server,
            ...(signal === undefined ? {} : { signal }),
          }).then(() => undefined)
        : Promise.resolve();
      this.#ready = attempt.catch((error: unknown) => {
        this.#ready = undefined;
        throw error;
      });
    }
    return this.#ready;
  }

  async create(run: NewGraphRun, signal?: AbortSignal): Promise<boolean> {
    checkNewRun(run);
    const rows = await this.#query(
      'Creating a graph run',
      this.#sql.create,
      [run.runId, run.graphName, JSON.stringify(run.input), run.timeoutMs ?? null],
      signal,
    );
    return rows.length === 1;
  }

  async claim(runId: string, claim: GraphRunClaim, signal?: AbortSignal): Promise<GraphRunRecord> {
    checkRunId(runId);
    if (claim.resume !== undefined) return this.#claimResume(runId, claim, signal);
    const { graph } = claim;
    const claimed = await this.#query(
      `Claiming graph run ${JSON.stringify(runId)}`,
      this.#sql.claim,
      [
        runId,
        graph.name,
        graph.version,
        graph.fingerprint,
        JSON.stringify(claim.input),
        claim.timeoutMs ?? null,
      ],
      signal,
    );
    const record = await this.load(runId, signal);
    if (record === undefined) throw new GraphRunNotFoundError(runId);
    if (claimed.length === 1 || FINISHED.has(record.status) || record.status === 'suspended') {
      return record;
    }
    throw changed(record, claim);
  }

  /** A claim for a resume: one statement takes the run if it is suspended; else why not. */
  async #claimResume(
    runId: string,
    claim: GraphRunClaim,
    signal: AbortSignal | undefined,
  ): Promise<GraphRunRecord> {
    const { graph, resume } = claim;
    checkGraphRunResponses(resume?.responses, 'claim.resume.responses');
    const claimed = await this.#query(
      `Claiming graph run ${JSON.stringify(runId)} for a resume`,
      this.#sql.claimResume,
      [runId, graph.name, graph.version, graph.fingerprint, JSON.stringify(resume?.responses)],
      signal,
    );
    const record = await this.load(runId, signal);
    if (record === undefined) throw new GraphRunNotFoundError(runId);
    if (claimed.length === 1) return record;
    if (
      record.graphName !== graph.name ||
      (record.fingerprint !== undefined &&
        (record.fingerprint !== graph.fingerprint || record.graphVersion !== graph.version))
    ) {
      throw changed(record, claim);
    }
    if (record.status === 'running') {
      throw new RunConflictError(
        runId,
        `Graph run ${JSON.stringify(runId)} is running: another resume claimed it first`,
      );
    }
    throw new GraphRunNotSuspendedError(runId, record.status);
  }

  async writeNode(
    runId: string,
    fencingToken: number,
    node: NodeCheckpoint,
    signal?: AbortSignal,
  ): Promise<void> {
    checkWrite(runId, fencingToken);
    const rows = await this.#query(
      `Recording node ${JSON.stringify(node.nodeId)} of graph run ${JSON.stringify(runId)}`,
      this.#sql.writeNode,
      [runId, fencingToken, node.nodeId, node.status, JSON.stringify(node)],
      signal,
    );
    if (rows.length === 0) await this.#refusal(runId, fencingToken, false);
  }

  async writeState(
    runId: string,
    fencingToken: number,
    key: string,
    value: JsonValue | undefined,
    signal?: AbortSignal,
  ): Promise<void> {
    checkWrite(runId, fencingToken);
    const rows = await this.#query(
      `Recording the shared state of graph run ${JSON.stringify(runId)}`,
      this.#sql.writeState,
      [runId, fencingToken, key, value === undefined ? null : JSON.stringify(value)],
      signal,
    );
    if (rows.length === 0) await this.#refusal(runId, fencingToken, false);
  }

  async finish(
    runId: string,
    fencingToken: number,
    outcome: GraphRunOutcome,
    signal?: AbortSignal,
  ): Promise<void> {
    checkWrite(runId, fencingToken);
    const rows = await this.#query(
      `Finishing graph run ${JSON.stringify(runId)}`,
      this.#sql.finish,
      [
        runId,
        fencingToken,
        outcome.status,
        outcome.output === undefined ? null : JSON.stringify(outcome.output),
        outcome.error === undefined ? null : JSON.stringify(outcome.error),
      ],
      signal,
    );
    if (rows.length === 0) await this.#refusal(runId, fencingToken, outcome.status === 'cancelled');
    else this.#maybePrune();
  }

  async load(runId: string, signal?: AbortSignal): Promise<GraphRunRecord | undefined> {
    checkRunId(runId);
    const operation = `Reading graph run ${JSON.stringify(runId)}`;
    const [row] = (await this.#query(operation, this.#sql.loadRun, [runId], signal)) as RunRow[];
    if (row === undefined) return undefined;
    const nodes = (await this.#query(operation, this.#sql.loadNodes, [runId], signal)) as {
      body: NodeCheckpoint;
    }[];
    return recordOf(
      row,
      nodes.map((each) => each.body),
    );
  }

  async status(runId: string, signal?: AbortSignal): Promise<GraphRunStatusView | undefined> {
    checkRunId(runId);
    const [row] = (await this.#query(
      `Reading the status of graph run ${JSON.stringify(runId)}`,
      this.#sql.status,
      [runId],
      signal,
    )) as {
      status: GraphRunStatusView['status'];
      fencing_token: number;
      cancel_requested: boolean;
    }[];
    return row === undefined
      ? undefined
      : {
          status: row.status,
          fencingToken: row.fencing_token,
          cancelRequested: row.cancel_requested,
        };
  }

  async cancel(runId: string, signal?: AbortSignal): Promise<boolean> {
    checkRunId(runId);
    const error = (message: string) =>
      JSON.stringify({ name: 'GraphRunCancelledError', message, code: 'aborted' });
    const rows = await this.#query(
      `Cancelling graph run ${JSON.stringify(runId)}`,
      this.#sql.cancel,
      [runId, error('cancelled before it started'), error('cancelled while suspended')],
      signal,
    );
    return rows.length === 1;
  }

  async prune(signal?: AbortSignal): Promise<number> {
    this.#lastPrune = Date.now();
    const [row] = (await this.#query(
      'Deleting finished graph runs',
      this.#sql.prune,
      [this.#options.retentionMs],
      signal,
    )) as { runs: number }[];
    return row?.runs ?? 0;
  }

  close(): Promise<void> {
    return this.#handle.close();
  }

  /** After a run finished: a prune in the background, at most once per `pruneIntervalMs`. */
  #maybePrune(): void {
    if (Date.now() - this.#lastPrune < this.#options.pruneIntervalMs) return;
    this.prune().catch(() => {
      // The next finished run tries again.
    });
  }

  /** Why a write found no row of its claim: a newer claim, a cancellation, a finished or unknown run. */
  async #refusal(runId: string, token: number, cancelling: boolean): Promise<never> {
    const view = await this.status(runId);
    if (view === undefined) throw new GraphRunNotFoundError(runId);
    if (
      view.fencingToken === token &&
      view.status === 'running' &&
      view.cancelRequested &&
      !cancelling
    ) {
      throw new GraphRunCancelledError(runId);
    }
    throw new StaleFencingTokenError(runId, token, view.fencingToken);
  }

  async #query(
    operation: string,
    statement: Statement,
    values: unknown[],
    signal: AbortSignal | undefined,
  ): Promise<unknown[]> {
    throwIfAborted(signal);
    await this.ready(signal);
    try {
      const result = await this.#handle.pool.query({
        name: statement.name,
        text: statement.text,
        values,
      });
      return result.rows;
    } catch (error) {
      throw toStoreError(error, { operation, server: this.#handle.server, make: makeError });
    }
  }
}

/** The refusal of a claim with another graph identity than the run's. */
function changed(record: GraphRunRecord, claim: GraphRunClaim): GraphChangedError {
  const { graph } = claim;
  return new GraphChangedError(
    record.runId,
    `${JSON.stringify(record.graphName)}@${record.graphVersion ?? '?'}#${record.fingerprint ?? '?'}`,
    `${JSON.stringify(graph.name)}@${graph.version}#${graph.fingerprint}`,
  );
}
