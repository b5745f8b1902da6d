import type { NodeCheckpoint } from '@aigo/ai';
import { restoredError } from '../durable/stored-error.js';
import type { StoredNodeResult } from '../plan/node-types.js';
import type { EdgeJoins } from './edge-joins.js';
import type { ExecutionParts } from './execution-parts.js';
import { COMPLETED, FAILED } from './node-state.js';
import type { SchedulerHost } from './scheduler-host.js';

/**
 * Settles a node of a resumed run from its checkpoint instead of running it: its output (or error,
 * or the suspension it still waits on), attempts and duration as recorded, its model calls recorded into its overview once more (so the
 * run's usage and cost include what the earlier attempts paid, once), then its edges released.
 */
export function restoreNode(
  host: SchedulerHost,
  parts: ExecutionParts,
  joins: EdgeJoins,
  node: number,
  checkpoint: NodeCheckpoint,
): void {
  const { records, outcome, events } = parts;
  const id = records.ids[node] as string;
  records.attempts[node] = checkpoint.attempts;
  records.durations[node] = checkpoint.durationMs;
  const calls = checkpoint.calls;
  if (calls !== undefined && calls.length > 0) {
    const overview = host.nodeOverview(node);
    for (const call of calls) {
      overview.recordResponse({
        id: `restored:${id}`,
        model: call.model,
        content: '',
        toolCalls: [],
        finishReason: 'stop',
        ...(call.usage === undefined ? {} : { usage: call.usage }),
      });
    }
  }
  if (checkpoint.status === 'suspended' && checkpoint.suspended !== undefined) {
    // Still waiting for its decisions: suspended again, its dependants wait.
    records.suspendedRuns[node] = checkpoint.suspended;
    outcome.nodeSuspended(node);
    events?.nodeSuspended(node, checkpoint.suspended, checkpoint.durationMs);
    return;
  }
  if (checkpoint.status === 'completed') {
    const stored: StoredNodeResult =
      checkpoint.metadata === undefined
        ? { output: checkpoint.output, durationMs: checkpoint.durationMs }
        : {
            output: checkpoint.output,
            metadata: checkpoint.metadata,
            durationMs: checkpoint.durationMs,
          };
    records.results[node] = stored;
    if (records.completed !== undefined) records.completed[id] = stored;
    outcome.nodeRan(node, COMPLETED);
    events?.nodeComplete(node, stored, checkpoint.durationMs);
  } else {
    const error = restoredError(checkpoint.error, id);
    records.errors[node] = error;
    outcome.nodeRan(node, FAILED);
    events?.nodeFailed(node, error, checkpoint.durationMs);
    if (parts.failFast) {
      host.stop('node_failed', error, node);
      return;
    }
  }
  joins.release(node);
}
