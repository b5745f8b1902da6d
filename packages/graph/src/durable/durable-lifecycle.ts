import {
  GraphChangedError,
  GraphRunCancelledError,
  type NodeCheckpoint,
  TimeoutError,
} from '@aigo/ai';
import { GraphStoppedError, type GraphStopReason } from '../graph-errors.js';
import type { GraphPlan } from '../plan/graph-plan.js';
import type { NodeResume } from '../plan/node-types.js';
import type { CheckpointState } from './checkpoint-state.js';
import { identityLabel } from './run-identity.js';
import { isCancellation, restoredError, storedError } from './stored-error.js';

/** What beginning a durable execution sets on the execution's records (its `ExecutionRecords`). */
export interface DurableRecords {
  restored: (NodeCheckpoint | undefined)[] | undefined;
  resumes: (NodeResume | undefined)[] | undefined;
  replayOnly: boolean;
}

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
 * Prepares a durable execution after its claim: the nodes to restore (completed, failed and still
 * suspended nodes of the checkpoint; skips are derived again), the suspended nodes to run again with
 * the responses the run was resumed with, and whether to run at all — a finished failed or
 * cancelled run, a run whose cancellation was requested or whose deadline passed stops at once; a
 * suspended run (not claimed: it waits for `graph.resume`) is replayed, nothing runs.
 */
export function beginDurable(
  durable: CheckpointState,
  plan: GraphPlan,
  records: DurableRecords,
): DurableStart {
  const record = durable.record;
  const index = new Map<string, number>();
  for (let node = 0; node < plan.ids.length; node++) index.set(plan.ids[node] as string, node);
  const restored: (NodeCheckpoint | undefined)[] = new Array(plan.ids.length);
  let resumes: (NodeResume | undefined)[] | undefined;
  let failedNode: number | undefined;
  const responses = record.status === 'running' ? record.responses : undefined;
  for (const checkpoint of Object.values(record.nodes)) {
    const node = index.get(checkpoint.nodeId);
    if (node === undefined || checkpoint.status === 'skipped') continue;
    const answers = responses?.[checkpoint.nodeId];
    if (checkpoint.status === 'suspended' && checkpoint.suspended !== undefined && answers) {
      // Runs again, resuming its agent: what it paid before suspending the agent reports again.
      resumes ??= new Array(plan.ids.length);
      resumes[node] = { suspended: checkpoint.suspended, responses: answers };
      continue;
    }
    restored[node] = checkpoint;
    if (checkpoint.status === 'failed') failedNode ??= node;
  }
  records.restored = restored;
  records.resumes = resumes;
  if (record.status === 'suspended') {
    const graph = durable.graph;
    if (record.fingerprint !== graph.fingerprint || record.graphVersion !== graph.version) {
      const cause = new GraphChangedError(
        record.runId,
        identityLabel(record),
        identityLabel(graph),
      );
      return { go: false, reason: 'state_error', cause };
    }
    records.replayOnly = true;
    return { go: true, remainingMs: undefined };
  }
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
    if (error.reason === 'suspended') {
      await durable.finish({ status: 'suspended' }).catch(async (refused: unknown) => {
        // Cancelled while its nodes ran: it ends cancelled, not suspended.
        if (!isCancellation(refused)) throw refused;
        await durable.finish(
          { status: 'cancelled', error: storedError(new GraphRunCancelledError(durable.runId)) },
          true,
        );
      });
      return;
    }
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
