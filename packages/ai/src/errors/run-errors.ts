import { AigoError, type AigoErrorOptions } from './aigo-error.js';

/**
 * A stored run was not where the caller expected it: another resume claimed it first, it was saved
 * again or deleted since it was read, or it was never stored. Nothing was run or changed.
 */
export class RunConflictError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/RunConflictError');
  readonly runId: string;
  /** The revision the caller expected, when it named one. */
  readonly expectedRevision: number | undefined;
  /** The revision stored when the call arrived (`undefined`: none stored). */
  readonly actualRevision: number | undefined;

  constructor(
    runId: string,
    message: string,
    options?: AigoErrorOptions & { expectedRevision?: number; actualRevision?: number },
  ) {
    super('run_conflict', message, options);
    this.runId = runId;
    this.expectedRevision = options?.expectedRevision;
    this.actualRevision = options?.actualRevision;
  }
}

/**
 * What is wrong with a suspended run handed to `resume`:
 * - `format`: not a `SuspendedRun` (or its state is not this agent's shape);
 * - `version`: a `version` this agent cannot read;
 * - `agent`: suspended by an agent of another name;
 * - `tools`: it calls tools this agent does not have;
 * - `signature`: the agent has a signing key and the value is unsigned, changed, or signed with
 *   another key;
 * - `principal`: the run was saved for another principal (`principal.id` or tenant differ), and the
 *   caller's has none of the agent's `approverRoles`.
 */
export type SuspendedRunProblem =
  | 'format'
  | 'version'
  | 'agent'
  | 'tools'
  | 'signature'
  | 'principal';

/** A suspended run cannot be resumed by this agent; `problem` says why. Nothing was run. */
export class SuspendedRunError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/SuspendedRunError');
  readonly problem: SuspendedRunProblem;
  readonly runId: string | undefined;

  constructor(
    problem: SuspendedRunProblem,
    message: string,
    options?: AigoErrorOptions & { runId?: string },
  ) {
    super('invalid_suspended_run', message, options);
    this.problem = problem;
    this.runId = options?.runId;
  }
}
