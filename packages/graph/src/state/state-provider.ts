import type { NodeStatus, StoredNodeResult } from '../plan/node-types.js';
import type { SharedState } from './shared-state.js';

/**
 * Where one execution keeps its state: the shared key/value state plus each node's status and
 * result. Every method is async, so a store can live elsewhere (a database, Redis) — the graph
 * awaits each write and fails the execution if one rejects.
 *
 * One provider holds one execution: the graph calls {@link reset} when the execution starts, and
 * each concurrent execution gets its own provider (see the `stateProvider` graph option).
 * Implementations must tolerate concurrent calls (parallel nodes write at the same time).
 */
export interface StateProvider extends SharedState {
  /**
   * Forgets everything (keys, statuses, results) and stores `initialState`. Afterwards every
   * node's status is `pending` and no node has a result.
   */
  reset(initialState: Readonly<Record<string, unknown>>): Promise<void>;
  /** The node's status; `pending` for a node never written. */
  getNodeStatus(nodeId: string): Promise<NodeStatus>;
  setNodeStatus(nodeId: string, status: NodeStatus): Promise<void>;
  /** The node's result, or `undefined` when it has none. */
  getNodeResult(nodeId: string): Promise<StoredNodeResult | undefined>;
  setNodeResult(nodeId: string, result: StoredNodeResult): Promise<void>;
}
