import type { JsonObject, JsonValue } from '../json.js';
import type {
  GraphIdentity,
  GraphRunRecord,
  GraphRunResponses,
  GraphRunStatusView,
  NodeCheckpoint,
  StoredError,
} from './graph-run-record.js';

/** A run to create before anyone claims it (`submitGraphRun`). */
export interface NewGraphRun {
  readonly runId: string;
  readonly graphName: string;
  readonly input: JsonObject;
  /** The run's timeout across every attempt, from now, in ms. */
  readonly timeoutMs?: number;
}

/** What a claim says about the claimer. */
export interface GraphRunClaim {
  readonly graph: GraphIdentity;
  /** The input of a run created by this claim (ignored when the run exists). */
  readonly input: JsonObject;
  /** The timeout of a run created by this claim (ignored when the run exists). */
  readonly timeoutMs?: number;
  /**
   * Claims the run for a resume (`graph.resume`): succeeds only when the run is `suspended`, and
   * then, atomically, moves it to `running`, records `responses` with it and moves its deadline by
   * the time it spent suspended. A claim for a resume never creates a run.
   */
  readonly resume?: { readonly responses: GraphRunResponses };
}

/**
 * How a run ended — or stopped for now: `suspended` leaves it resumable (a node's agent waits for
 * decisions), not finished.
 */
export interface GraphRunOutcome {
  readonly status: 'completed' | 'failed' | 'cancelled' | 'suspended';
  readonly output?: JsonValue;
  readonly error?: StoredError;
}

/**
 * Where durable graph runs keep their checkpoints: per run, the shared state and every settled node,
 * fenced by the token of the latest claim.
 *
 * - `claim` gives the caller the run: it creates the run when missing, records the graph's identity
 *   at the first claim and refuses a different one (`GraphChangedError`), and increments the run's
 *   fencing token. A finished or suspended run is returned as it is, unclaimed (its token
 *   unchanged): only a claim for a resume (`GraphRunClaim.resume`) takes a suspended run, and of
 *   two racing ones exactly one wins (the other is refused with `RunConflictError`).
 * - Every write carries the claimer's token; a write with a token other than the run's current one
 *   is refused with `StaleFencingTokenError` (a newer claim owns the run), and a write to a run
 *   whose cancellation was requested with `GraphRunCancelledError`. A refused write changes nothing.
 * - Writes of one claimer may run concurrently (parallel nodes); each is atomic.
 *
 * `inMemoryCheckpointer()` of `@aigo/graph` and `pgCheckpointer()` of `@aigo/graph-pg` implement it;
 * `checkpointerConformance` of `@aigo/testing` checks an implementation.
 */
export interface GraphCheckpointer {
  /** Creates a queued run unless one with that id exists; resolves true when it created it. */
  create(run: NewGraphRun, signal?: AbortSignal): Promise<boolean>;
  /**
   * Claims the run (creating it when missing) and resolves to its record with the new token; a
   * finished or suspended run resolves unclaimed. With `claim.resume`, claims a suspended run for
   * its resume (see {@link GraphRunClaim.resume}).
   *
   * @throws GraphChangedError when the run was claimed before with another graph identity.
   * @throws RunConflictError (resume) when the run is `running`: another claim resumed it first.
   * @throws GraphRunNotSuspendedError (resume) when the run is queued or finished.
   * @throws GraphRunNotFoundError (resume) when the run does not exist.
   */
  claim(runId: string, claim: GraphRunClaim, signal?: AbortSignal): Promise<GraphRunRecord>;
  /** Records a settled node (replacing an earlier record of it). */
  writeNode(
    runId: string,
    fencingToken: number,
    node: NodeCheckpoint,
    signal?: AbortSignal,
  ): Promise<void>;
  /** Records a change of the shared state: `value` under `key`, or the key removed (`undefined`). */
  writeState(
    runId: string,
    fencingToken: number,
    key: string,
    value: JsonValue | undefined,
    signal?: AbortSignal,
  ): Promise<void>;
  /**
   * Finishes the run — or suspends it (`status: 'suspended'`: the run waits for a resume; its
   * `suspendedAt` is set, its `responses` cleared). A run whose cancellation was requested can only
   * be finished as `cancelled`.
   */
  finish(
    runId: string,
    fencingToken: number,
    outcome: GraphRunOutcome,
    signal?: AbortSignal,
  ): Promise<void>;
  /** The whole record, or `undefined` for an unknown run. */
  load(runId: string, signal?: AbortSignal): Promise<GraphRunRecord | undefined>;
  /** The status, token and cancellation flag, or `undefined` for an unknown run (cheap: polled). */
  status(runId: string, signal?: AbortSignal): Promise<GraphRunStatusView | undefined>;
  /**
   * Asks to cancel the run: a queued or suspended run is cancelled at once, a running one stops at
   * its next write or poll. Resolves false for an unknown or finished run.
   */
  cancel(runId: string, signal?: AbortSignal): Promise<boolean>;
  /** Releases what the checkpointer owns (a pool it opened). Idempotent. */
  close(): Promise<void>;
}
