import type { JsonObject } from '../json.js';
import type { GraphRunResponses } from './graph-run-record.js';

/**
 * A graph run waiting in a queue: which graph, which run, what input — or, for a resume of a
 * suspended run (`resumeGraphRun`), the responses and which suspension they answer.
 */
export interface GraphRunJob {
  readonly runId: string;
  /** The registered name of the graph to run. */
  readonly graph: string;
  readonly input: JsonObject;
  /** A resume: the responses, by suspended node id (set together with `suspension`). */
  readonly responses?: GraphRunResponses;
  /**
   * A resume: the fencing token the run had when it suspended. A job is identified by its run id
   * and this number, so a run is queued once per submission and once per suspension it resumes.
   */
  readonly suspension?: number;
}

/**
 * A worker's hold on a job. `signal` fires when the lease is lost (its heartbeat found the job taken
 * by another worker or expired) or the worker stops: stop working on the run, another worker owns
 * it (the checkpoint's fencing token makes sure the lost holder's writes are refused).
 */
export interface GraphRunLease {
  readonly runId: string;
  /** 1 for the first delivery of the job, 2… after a lease lapsed or a handler failed. */
  readonly delivery: number;
  readonly signal: AbortSignal;
}

/** Handles one job; resolving completes it, rejecting hands it back for another delivery. */
export type GraphRunHandler = (job: GraphRunJob, lease: GraphRunLease) => Promise<void>;

/** Options of {@link GraphRunQueue.work}. */
export interface GraphRunWorkOptions {
  /** Jobs handled at once by this worker. */
  readonly concurrency: number;
}

/** A running subscription of {@link GraphRunQueue.work}. */
export interface GraphRunQueueWorker {
  /** Stops taking jobs, waits for the handlers in progress, and resolves. Idempotent. */
  stop(): Promise<void>;
}

/**
 * A queue of graph runs with leases: a job is delivered to one worker at a time, and when that
 * worker dies (its lease lapses) or its handler rejects, the job is delivered again, to any worker.
 * Submitting a run id twice queues it once (a resume job: once per run id and `suspension`).
 *
 * `inMemoryGraphRunQueue()` of `@aigo/graph` (one process) and `pgGraphRunQueue()` of
 * `@aigo/graph-pg` (pg-boss, many machines) implement it; `graphRunQueueConformance` of
 * `@aigo/testing` checks an implementation.
 */
export interface GraphRunQueue {
  /** Queues a run (once per run id). */
  submit(job: GraphRunJob, signal?: AbortSignal): Promise<void>;
  /** Starts handling jobs. */
  work(handler: GraphRunHandler, options: GraphRunWorkOptions): Promise<GraphRunQueueWorker>;
  /** Removes a queued job of the run (its first job, not a resume's), if it has one still waiting. */
  cancel(runId: string, signal?: AbortSignal): Promise<void>;
  /** Stops every worker of this queue object and releases what it owns. Idempotent. */
  close(): Promise<void>;
}
