import { AigoError, type AigoErrorOptions } from '../errors/aigo-error.js';
import { AbortError } from '../errors/interruption-errors.js';
import type { GraphRunStatus } from './graph-run-record.js';

/** A checkpointer or run queue could not do its job (the store failed or refused). */
export class CheckpointError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/CheckpointError');
  /** PostgreSQL's SQLSTATE, when the server raised the error. */
  readonly pgCode: string | undefined;
  /** Whether trying again may succeed (a lost connection, a serialization failure). */
  readonly retryable: boolean;

  constructor(
    message: string,
    options?: AigoErrorOptions & { pgCode?: string; retryable?: boolean },
  ) {
    super('checkpoint_error', message, options);
    this.pgCode = options?.pgCode;
    this.retryable = options?.retryable ?? false;
  }
}

/**
 * A checkpoint write carried a fencing token other than the run's current one: another claim (a
 * worker that took the run over after this one's lease lapsed) owns the run now. Nothing was written.
 */
export class StaleFencingTokenError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/StaleFencingTokenError');
  readonly runId: string;
  /** The token the write carried. */
  readonly fencingToken: number;
  /** The run's current token. */
  readonly currentToken: number;

  constructor(runId: string, fencingToken: number, currentToken: number) {
    super(
      'stale_fencing_token',
      `Checkpoint write refused: run ${JSON.stringify(runId)} is held by a newer claim (token ${currentToken}, the write carried ${fencingToken})`,
    );
    this.runId = runId;
    this.fencingToken = fencingToken;
    this.currentToken = currentToken;
  }
}

/** A run was resumed with a graph other than the one it started with. Nothing ran. */
export class GraphChangedError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/GraphChangedError');
  readonly runId: string;
  /** What the run recorded: `name@version#fingerprint`. */
  readonly recorded: string;
  /** What the claimer has. */
  readonly given: string;

  constructor(runId: string, recorded: string, given: string, detail?: string) {
    super(
      'graph_changed',
      `Run ${JSON.stringify(runId)} cannot resume: it started with graph ${recorded}, this is ${given}${detail === undefined ? '' : ` (${detail})`}`,
    );
    this.runId = runId;
    this.recorded = recorded;
    this.given = given;
  }
}

/** The run was cancelled (`cancelGraphRun`, from any process). An `AbortError`. */
export class GraphRunCancelledError extends AbortError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/GraphRunCancelledError');
  readonly runId: string;

  constructor(runId: string) {
    super(`Graph run ${JSON.stringify(runId)} was cancelled`);
    this.runId = runId;
  }
}

/** The run is unknown to the checkpointer. */
export class GraphRunNotFoundError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/GraphRunNotFoundError');
  readonly runId: string;

  constructor(runId: string) {
    super('not_found', `Graph run ${JSON.stringify(runId)} does not exist`);
    this.runId = runId;
  }
}

/**
 * A run was to be resumed (`graph.resume`, `resumeGraphRun`) but is not suspended: it is queued, or
 * finished (`status`). Nothing ran. A run another resume took first is a `RunConflictError`.
 */
export class GraphRunNotSuspendedError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/GraphRunNotSuspendedError');
  readonly runId: string;
  /** The run's status when the resume was refused. */
  readonly status: GraphRunStatus;

  constructor(runId: string, status: GraphRunStatus) {
    super(
      'graph_run_not_suspended',
      `Graph run ${JSON.stringify(runId)} cannot be resumed: it is ${status}, not suspended`,
    );
    this.runId = runId;
    this.status = status;
  }
}
