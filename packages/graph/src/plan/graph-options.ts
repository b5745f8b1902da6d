import type { GraphCheckpointer, Observer, Span } from '@aigo/ai';
import type { Client } from '@aigo/client';
import type { StateProvider } from '../state/state-provider.js';

/** What the graph does when a node fails. */
export type ErrorStrategy = 'fail_fast' | 'continue_on_error';

/** Options of `createGraph`. */
export interface GraphOptions {
  /** The client of nodes that have none of their own (`input.client`). */
  readonly defaultClient?: Client;
  /**
   * Where each execution keeps its state. A function is called once per execution (so concurrent
   * executions never share state); a `StateProvider` object is used by one execution at a time (a
   * second concurrent execution rejects). Default: a new `inMemoryStateProvider()` per execution.
   */
  readonly stateProvider?: StateProvider | (() => StateProvider);
  /**
   * `fail_fast` (default): the first failure aborts every running node and the execution rejects
   * with it. `continue_on_error`: a failed node is marked `failed` and only what depends on it is
   * skipped.
   */
  readonly errorStrategy?: ErrorStrategy;
  /** At most this many nodes run at once, across the whole graph. Default: no limit. */
  readonly maxConcurrency?: number;
  /** The execution is aborted (and rejects with `TimeoutError` as cause) after this many ms. */
  readonly executionTimeout?: number;
  /**
   * Traces: a `graph.execute` span per execution with a `graph.node.execute` span per node under it,
   * and node metrics. Default: the default client's observer, if any.
   */
  readonly observer?: Observer;
  /**
   * The graph's registered name: what a queued run names (`submitGraphRun`) and what a checkpoint
   * records. Default: the output node's id.
   */
  readonly name?: string;
  /**
   * The graph's version, recorded by a run's checkpoint. A run resumes only with the same name,
   * version and structure (`GraphChangedError` otherwise). Default: `'1'`.
   */
  readonly version?: string;
  /**
   * Makes executions durable: each execution with a `runId` records every settled node and every
   * shared-state change there before the node's dependants start, and an execution of a `runId` that
   * has a checkpoint resumes it. Outputs and shared state must then be JSON.
   */
  readonly checkpointer?: GraphCheckpointer;
  /**
   * How often a durable execution asks its checkpointer whether the run was cancelled or claimed by
   * someone else, in ms. Default 1 000.
   */
  readonly runPollMs?: number;
}

/** Options of `graph.execute` and `graph.executeStream`. */
export interface ExecuteOptions {
  /** Aborting it aborts the execution (running nodes' signals fire). */
  readonly signal?: AbortSignal;
  /** The state provider of this execution (overrides the graph's `stateProvider`). */
  readonly stateProvider?: StateProvider;
  /** The parent of the execution's `graph.execute` span (a graph run inside a larger trace). */
  readonly span?: Span;
  /**
   * The durable run this execution is (with a `checkpointer`): a run id that has a checkpoint
   * resumes it — completed nodes are not run again; a new one starts a run with `initialState`.
   * Without a checkpointer, it is the id of this execution in `input.attemptKey`.
   */
  readonly runId?: string;
  /** The checkpointer of this execution (overrides the graph's). */
  readonly checkpointer?: GraphCheckpointer;
}

/** Options of `graph.resume` and `graph.resumeStream`. */
export interface ResumeOptions {
  /** Aborting it aborts the resumed execution (it stays resumable from its checkpoint). */
  readonly signal?: AbortSignal;
  /** The parent of the execution's `graph.execute` span. */
  readonly span?: Span;
  /** The checkpointer the run is in (overrides the graph's; one of them is required). */
  readonly checkpointer?: GraphCheckpointer;
}
