import type { SuspendedRun } from '@aigo/ai';
import type { GraphStatus, SkipReason } from '../graph-result.js';
import type { NodeResult } from '../plan/node-types.js';

/** Fields every progress event has. */
export interface GraphEventBase {
  /** When it happened, in milliseconds since the epoch. */
  readonly timestamp: number;
  /** Nodes settled so far (completed, failed or skipped), this event included. */
  readonly done: number;
  /** Nodes in the graph. */
  readonly total: number;
}

/** A node's attempt started (once per attempt). */
export interface NodeStartEvent extends GraphEventBase {
  readonly type: 'node_start';
  readonly nodeId: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
}

/** A node completed. */
export interface NodeCompleteEvent extends GraphEventBase {
  readonly type: 'node_complete';
  readonly nodeId: string;
  readonly result: NodeResult;
  readonly durationMs: number;
}

/** A node failed (after its last attempt), or was cancelled while running. */
export interface NodeFailedEvent extends GraphEventBase {
  readonly type: 'node_failed';
  readonly nodeId: string;
  readonly error: unknown;
  readonly durationMs: number;
}

/** A node was skipped. */
export interface NodeSkippedEvent extends GraphEventBase {
  readonly type: 'node_skipped';
  readonly nodeId: string;
  readonly reason: SkipReason;
}

/** A node's agent suspended: it waits for decisions (`suspended.requests`), its dependants wait. */
export interface NodeSuspendedEvent extends GraphEventBase {
  readonly type: 'node_suspended';
  readonly nodeId: string;
  readonly suspended: SuspendedRun;
  readonly durationMs: number;
}

/**
 * The execution ended: always the last event. `status` is the result's status, or `failed` when
 * the execution stopped, `suspended` when it suspended (the iteration then rejects with the
 * `GraphStoppedError` that `execute` would reject with; `error` is it too).
 */
export interface GraphCompleteEvent extends GraphEventBase {
  readonly type: 'graph_complete';
  readonly status: GraphStatus | 'failed' | 'suspended';
  readonly durationMs: number;
  readonly error?: unknown;
}

/** A progress event of `graph.executeStream()`. */
export type GraphEvent =
  | NodeStartEvent
  | NodeCompleteEvent
  | NodeFailedEvent
  | NodeSkippedEvent
  | NodeSuspendedEvent
  | GraphCompleteEvent;

/** The `type` of a {@link GraphEvent}. */
export type GraphEventType = GraphEvent['type'];
