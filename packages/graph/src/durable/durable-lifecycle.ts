import { GraphRunCancelledError, type NodeCheckpoint, TimeoutError } from '@aigo/ai';
import type { ExecutionRecords } from '../execution-records.js';
import { GraphStoppedError, type GraphStopReason } from '../graph-errors.js';
import type { GraphPlan } from '../graph-plan.js';
import type { CheckpointState } from './checkpoint-state.js';
import { isCancellation, restoredError, storedError } from './stored-error.js';

/** What beginning a durable execution decided. */
export type DurableStart =
  | { readonly go: true; readonly remainingMs: number | undefined }
  | {
      readonly go: false;
      readonly reason: GraphStopReason;
      readonly cause: unknown;
      readonly failedNode?: number;
    };

/**
 * Prepares a durable execution after its claim: the nodes to restore (completed and failed nodes of
 * the checkpoint; skips are derived again), the facts the checkpoint asks about nodes, and whether
 * to run at all — a finished failed or cancelled run, a run whose cancellation was requested or
 * whose deadline passed stops at once.
 */
export function beginDurable(
  durable: CheckpointState,
  plan: GraphPlan,
  records: ExecutionRecords,
): DurableStart {
  const record = durable.record;
  const index = new Map<string, number>();
  for (let node = 0; node < plan.ids.length; node++) index.set(plan.ids[node] as string, node);
  const restored: (NodeCheckpoint | undefined)[] = new Array(plan.ids.length);
  let failedNode: number | undefined;
  for (const checkpoint of Object.values(record.nodes)) {
    const node = index.get(checkpoint.nodeId);
    if (node === undefined || checkpoint.status === 'skipped') continue;
    restored[node] = checkpoint;
    if (checkpoint.status === 'failed') failedNode ??= node;
  }
  records.restored = restored;
  if (record.status === 'cancelled') {
    return { go: false, reason: 'aborted', cause: new GraphRunCancelledError(record.runId) };
  }
  if (record.status === 'failed') {
    const cause = restoredError(record.error, record.runId);
    const reason: GraphStopReason = record.error?.code === 'timeout' ? 'timeout' : 'node_failed';
    return failedNode === undefined || reason === 'timeout'
      ? { go: false, reason, cause }
      : { go: false, reason, cause, failedNode };
  }
  if (record.status === 'completed') return { go: true, remainingMs: undefined };
  if (record.cancelRequested) {
    return { go: false, reason: 'aborted', cause: new GraphRunCancelledError(record.runId) };
  }
  const remainingMs = record.deadline === undefined ? undefined : record.deadline - Date.now();
  if (remainingMs !== undefined && remainingMs <= 0) {
    return {
      go: false,
      reason: 'timeout',
      cause: new TimeoutError(`Graph run ${JSON.stringify(record.runId)} passed its deadline`),
    };
  }
  return { go: true, remainingMs };
}

/**
 * Records how a durable execution ended, before its promise settles: completed with the output,
 * failed (a node, the output skipped, the run's timeout), cancelled. An execution stopped by its
 * caller's signal, a lost lease or a failing store is left as it is, to be resumed. A refused or
 * failed record changes nothing about the outcome (another claim owns the run).
 */
export async function finishDurable(
  durable: CheckpointState,
  outcome: { readonly output: unknown } | { readonly error: unknown },
): Promise<void> {
  try {
    if ('output' in outcome) {
      await durable.finish(
        outcome.output === undefined
          ? { status: 'completed' }
          : { status: 'completed', output: outcome.output as never },
      );
      return;
    }
    const error = outcome.error;
    if (!(error instanceof GraphStoppedError)) return;
    if (isCancellation(error.cause)) {
      await durable.finish({
        status: 'cancelled',
        error: storedError(new GraphRunCancelledError(durable.runId)),
      });
      return;
    }
    if (
      error.reason === 'node_failed' ||
      error.reason === 'output_skipped' ||
      error.reason === 'timeout'
    ) {
      await durable.finish({
        status: 'failed',
        error: storedError(error.reason === 'timeout' ? error.cause : error),
      });
    }
  } catch {
    // Another claim owns the run, or the store failed: the run is resumed from its checkpoint.
  }
}
