import { AbortError, type Span } from '@aigo/ai';
import { Overview, toStructuredOverview } from '@aigo/client';
import { GraphTelemetry } from '../events/graph-telemetry.js';
import type { ProgressEvents } from '../events/progress-events.js';
import { GraphStoppedError, type GraphStopReason, type GraphSuspension } from '../graph-errors.js';
import type { GraphOverview, GraphResult, GraphStatus, NodeReport } from '../graph-result.js';
import type { GraphPlan } from '../plan/graph-plan.js';
import type { StoredNodeResult } from '../plan/node-types.js';
import type { StateProvider } from '../state/state-provider.js';
import type { ExecutionRecords } from './execution-records.js';
import type { ExecutionSettings } from './execution-settings.js';
import { nodeReports } from './node-reports.js';
import { COMPLETED, FAILED, PENDING, READY, RUNNING, SUSPENDED } from './node-state.js';
import { bestEffort } from './state-calls.js';

const now = (): number => performance.now();
const quote = (id: string): string => JSON.stringify(id);

/**
 * How an execution ends and what it reports: its overview (each node's merged in when the node
 * settles), its spans and metrics, the `graph_complete` event, and the result it resolves with or
 * the `GraphStoppedError` it rejects with.
 */
export class ExecutionOutcome {
  readonly #plan: GraphPlan;
  readonly #records: ExecutionRecords;
  readonly #state: StateProvider;
  readonly #events: ProgressEvents | undefined;
  readonly #executionTimeout: number | undefined;
  readonly #overview: Overview;
  readonly #startTime: number;
  readonly #telemetry: GraphTelemetry | undefined;

  constructor(
    settings: ExecutionSettings,
    parentSpan: Span | undefined,
    records: ExecutionRecords,
    state: StateProvider,
    events: ProgressEvents | undefined,
  ) {
    this.#plan = settings.plan;
    this.#records = records;
    this.#state = state;
    this.#events = events;
    this.#executionTimeout = settings.executionTimeout;
    this.#overview = settings.defaultClient?.createOverview() ?? new Overview();
    this.#startTime = Date.now();
    this.#telemetry =
      settings.observer === undefined
        ? undefined
        : new GraphTelemetry(settings.observer, settings.plan, settings.errorStrategy, parentSpan);
  }

  /** Opens a node's span, a child of the graph's (with an observer). */
  startNode(node: number): void {
    if (this.#telemetry !== undefined) this.#records.spans[node] = this.#telemetry.startNode(node);
  }

  /**
   * A node that ran has settled: records its state, merges its overview into the execution's, ends
   * its span and records its metrics (its attempts, duration and error are recorded already).
   */
  nodeRan(node: number, status: typeof COMPLETED | typeof FAILED): void {
    const records = this.#records;
    records.states[node] = status;
    records.settled++;
    const overview = records.overviews[node];
    if (overview !== undefined) {
      overview.end();
      this.#overview.merge(overview);
    }
    this.#telemetry?.endNode(
      node,
      records.spans[node],
      status === COMPLETED ? 'completed' : 'failed',
      records.attempts[node] as number,
      records.durations[node] as number,
      records.errors[node],
    );
  }

  /**
   * A node's agent suspended: records its state, merges what it paid so far into the execution's
   * overview, and ends its span (status ok, `graph.node.status` `suspended`).
   */
  nodeSuspended(node: number): void {
    const records = this.#records;
    records.states[node] = SUSPENDED;
    records.suspendedCount++;
    const overview = records.overviews[node];
    if (overview !== undefined) {
      overview.end();
      this.#overview.merge(overview);
    }
    this.#telemetry?.endNode(
      node,
      records.spans[node],
      'suspended',
      records.attempts[node] as number,
      records.durations[node] as number,
      undefined,
    );
  }

  /** Counts a node that settled without running: a failed condition, a skip. */
  count(node: number, status: 'failed' | 'skipped'): void {
    this.#telemetry?.count(node, status);
  }

  /** An edge settled, active or not (a `graph.edge.settled` event on the graph's span). */
  edgeSettled(edge: number, active: boolean): void {
    this.#telemetry?.edgeSettled(edge, active);
  }

  /**
   * The execution stopped: running nodes fail with `abortReason`, nodes not started are skipped
   * (`execution_stopped`); their statuses are written best-effort and their events emitted.
   */
  stopNodes(abortReason: unknown): void {
    const records = this.#records;
    const state = this.#state;
    const at = now();
    for (let node = 0; node < records.total; node++) {
      const status = records.states[node];
      const id = records.ids[node] as string;
      if (status === RUNNING) {
        records.errors[node] = abortReason;
        const durationMs = at - (records.started[node] as number);
        records.durations[node] = durationMs;
        this.nodeRan(node, FAILED);
        bestEffort(() => state.setNodeStatus(id, 'failed'));
        this.#events?.nodeFailed(node, abortReason, durationMs);
      } else if (status === PENDING || status === READY) {
        records.skip(node, 'execution_stopped');
        bestEffort(() => state.setNodeStatus(id, 'skipped'));
        this.#events?.nodeSkipped(node, 'execution_stopped');
      }
    }
  }

  /** Whether the output node completed: the execution settles with {@link result}. */
  get hasOutput(): boolean {
    return this.#records.states[this.#plan.output] === COMPLETED;
  }

  /** Ends an execution whose output node completed: `completed` if every node did, else `partial`. */
  result<T>(): GraphResult<T> {
    const records = this.#records;
    let all = true;
    for (let i = 0; i < records.total; i++) {
      if (records.states[i] !== COMPLETED) {
        all = false;
        break;
      }
    }
    const overview = this.#end(all ? 'completed' : 'partial');
    const result = toStructuredOverview(
      overview,
      (records.results[this.#plan.output] as StoredNodeResult).output as T,
    );
    Object.defineProperty(result, 'status', {
      value: all ? 'completed' : 'partial',
      enumerable: true,
    });
    this.#graphComplete(all ? 'completed' : 'partial', undefined);
    return result as GraphResult<T>;
  }

  /** Ends an execution whose every node settled but whose output node failed or was skipped. */
  outputError(): GraphStoppedError {
    const records = this.#records;
    const output = this.#plan.output;
    const outputId = records.ids[output] as string;
    const overview = this.#end('failed');
    const error =
      records.states[output] === FAILED
        ? new GraphStoppedError(
            'node_failed',
            `Graph execution failed: the output node ${quote(outputId)} failed: ${messageOf(records.errors[output])}`,
            overview,
            { cause: records.errors[output], nodeId: outputId },
          )
        : new GraphStoppedError(
            'output_skipped',
            `Graph execution produced no output: the output node ${quote(outputId)} was skipped (${records.skipReasons[output] ?? 'execution_stopped'})`,
            overview,
            { nodeId: outputId },
          );
    this.#graphComplete('failed', error);
    return error;
  }

  /**
   * Ends an execution that suspended: nothing runs, at least one node waits for decisions. Nodes
   * that never started stay `pending`.
   */
  suspended(runId: string, resumable: boolean): GraphStoppedError {
    const records = this.#records;
    const suspensions: GraphSuspension[] = [];
    for (let node = 0; node < records.total; node++) {
      const suspended = records.suspendedRuns[node];
      if (records.states[node] === SUSPENDED && suspended !== undefined) {
        suspensions.push({ nodeId: records.ids[node] as string, suspended });
      }
    }
    const overview = this.#end('suspended');
    const waiting = suspensions
      .map(({ nodeId, suspended }) => `${quote(nodeId)} (${suspended.requests.length})`)
      .join(', ');
    const message = resumable
      ? `Graph run ${quote(runId)} suspended: node(s) ${waiting} wait for decisions; resume it with graph.resume(runId, { [nodeId]: responses })`
      : `Graph execution suspended: node(s) ${waiting} wait for decisions; it cannot be resumed without a checkpointer (pass checkpointer and runId to make the run resumable)`;
    const error = new GraphStoppedError('suspended', message, overview, {
      suspensions,
      runId,
      nodeId: suspensions[0]?.nodeId,
    });
    this.#graphComplete('suspended', error);
    return error;
  }

  /** Ends an execution stopped by `reason` (after {@link stopNodes}). */
  stopped(
    reason: GraphStopReason,
    cause: unknown,
    failedId: string | undefined,
  ): GraphStoppedError {
    const overview = this.#end('failed');
    const message =
      reason === 'node_failed'
        ? `Graph execution failed: node ${quote(failedId ?? '')} failed: ${messageOf(cause)}`
        : reason === 'timeout'
          ? `Graph execution timed out after ${this.#executionTimeout} ms`
          : reason === 'state_error'
            ? `Graph execution failed: the state provider failed: ${messageOf(cause)}`
            : `Graph execution aborted: ${messageOf(cause)}`;
    const error = new GraphStoppedError(reason, message, overview, { cause, nodeId: failedId });
    this.#graphComplete('failed', error);
    return error;
  }

  /** Ends the overview (and the graph span) and attaches the node reports. */
  #end(status: GraphStatus | 'failed' | 'suspended'): GraphOverview {
    const overview = this.#overview;
    overview.end();
    const durationMs = Date.now() - this.#startTime;
    this.#telemetry?.end(status, durationMs);
    let reports: Readonly<Record<string, NodeReport>> | undefined;
    const records = this.#records;
    Object.defineProperty(overview, 'nodes', {
      enumerable: true,
      get: () => {
        reports ??= nodeReports(records);
        return reports;
      },
    });
    return overview as GraphOverview;
  }

  #graphComplete(status: GraphStatus | 'failed' | 'suspended', error: unknown): void {
    this.#events?.graphComplete(status, this.#startTime, error);
  }
}

/**
 * What a stopped execution aborts its running nodes with: an `AbortError` naming the failed node
 * or the state provider (the error as its `cause`), or the abort or timeout error itself.
 */
export function abortReasonOf(
  reason: GraphStopReason,
  cause: unknown,
  failedId: string | undefined,
): unknown {
  return reason === 'node_failed'
    ? new AbortError(`Cancelled: node ${quote(failedId ?? '')} failed`, { cause })
    : reason === 'state_error'
      ? new AbortError('Cancelled: the state provider failed', { cause })
      : cause;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
