import type { SuspendedRun } from '@aigo/ai';
import type { GraphStatus, SkipReason } from '../graph-result.js';
import type { StoredNodeResult } from '../plan/node-types.js';
import type { GraphEvent } from './graph-events.js';

/** What progress events read of the execution's records (its `ExecutionRecords`). */
export interface ProgressRecords {
  readonly ids: readonly string[];
  /** Nodes settled so far. */
  readonly settled: number;
  readonly total: number;
}

/**
 * Builds and emits one execution's progress events, each with its `timestamp`, `done` (the nodes
 * settled so far) and `total`. Made only for a stream: without one, no event object is built.
 */
export class ProgressEvents {
  readonly #emit: (event: GraphEvent) => void;
  readonly #records: ProgressRecords;

  constructor(emit: (event: GraphEvent) => void, records: ProgressRecords) {
    this.#emit = emit;
    this.#records = records;
  }

  /** An attempt of a node starts. */
  nodeStart(node: number, attempt: number): void {
    const { ids, settled: done, total } = this.#records;
    const nodeId = ids[node] as string;
    this.#emit({ type: 'node_start', nodeId, attempt, timestamp: Date.now(), done, total });
  }

  /** A node completed. */
  nodeComplete(node: number, result: StoredNodeResult, durationMs: number): void {
    const { ids, settled: done, total } = this.#records;
    const nodeId = ids[node] as string;
    const timestamp = Date.now();
    this.#emit({ type: 'node_complete', nodeId, result, durationMs, timestamp, done, total });
  }

  /** A node failed. */
  nodeFailed(node: number, error: unknown, durationMs: number): void {
    const { ids, settled: done, total } = this.#records;
    const nodeId = ids[node] as string;
    const timestamp = Date.now();
    this.#emit({ type: 'node_failed', nodeId, error, durationMs, timestamp, done, total });
  }

  /** A node was skipped. */
  nodeSkipped(node: number, reason: SkipReason): void {
    const { ids, settled: done, total } = this.#records;
    const nodeId = ids[node] as string;
    this.#emit({ type: 'node_skipped', nodeId, reason, timestamp: Date.now(), done, total });
  }

  /** A node suspended. */
  nodeSuspended(node: number, suspended: SuspendedRun, durationMs: number): void {
    const { ids, settled: done, total } = this.#records;
    const nodeId = ids[node] as string;
    const timestamp = Date.now();
    this.#emit({ type: 'node_suspended', nodeId, suspended, durationMs, timestamp, done, total });
  }

  /** The execution settled; `startTime` is when it started (`Date.now()`). */
  graphComplete(
    status: GraphStatus | 'failed' | 'suspended',
    startTime: number,
    error: unknown,
  ): void {
    const { settled: done, total } = this.#records;
    this.#emit({
      type: 'graph_complete',
      status,
      durationMs: Date.now() - startTime,
      timestamp: Date.now(),
      done,
      total,
      ...(error === undefined ? {} : { error }),
    });
  }
}
