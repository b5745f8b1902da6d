import { AgentStoppedError, type SuspendedRun } from '@aigo/ai';
import { jsonFailure } from '../durable/json-failure.js';
import type { NodeDefinition } from '../plan/graph-plan.js';
import type { NodeResult, StoredNodeResult } from '../plan/node-types.js';
import type { EdgeJoins } from './edge-joins.js';
import type { ExecutionParts } from './execution-parts.js';
import { COMPLETED, FAILED, RUNNING } from './node-state.js';
import { restoreNode } from './restore-node.js';
import { retryDelay } from './retry-delay.js';
import { runAttempt } from './run-attempt.js';
import type { SchedulerHost } from './scheduler-host.js';
import { bestEffort } from './state-calls.js';

/** What an agent suspended with, when `error` is its suspension. */
function suspensionOf(error: unknown): SuspendedRun | undefined {
  return AgentStoppedError.isInstance(error) && error.stopReason === 'suspended'
    ? error.suspended
    : undefined;
}

interface Wait {
  readonly timer: ReturnType<typeof setTimeout>;
  readonly resolve: () => void;
}

const now = (): number => performance.now();

/**
 * Runs the nodes of one execution: starts ready nodes first-in, first-out while a concurrency slot
 * is free, runs each node's attempts (a retry after its delay), and settles the node once —
 * completed or failed — before its edges are released to the joins. A node whose agent suspends is
 * recorded suspended, never retried, and its edges are not released: its dependants wait.
 */
export class Scheduler {
  readonly #host: SchedulerHost;
  readonly #parts: ExecutionParts;
  readonly #joins: EdgeJoins;
  readonly #maxConcurrency: number;
  #inFlight = 0;
  #waits: Set<Wait> | undefined;

  /** Whether no node is running or waiting for a retry. */
  get idle(): boolean {
    return this.#inFlight === 0;
  }

  constructor(
    host: SchedulerHost,
    parts: ExecutionParts,
    joins: EdgeJoins,
    maxConcurrency: number,
  ) {
    this.#host = host;
    this.#parts = parts;
    this.#joins = joins;
    this.#maxConcurrency = maxConcurrency;
  }

  /** Starts ready nodes while slots are free, then finishes the execution if it is done. */
  pump(): void {
    const max = this.#maxConcurrency;
    const { queue, records } = this.#parts;
    while (queue.hasNext() && !records.finished) {
      const restored = records.restored?.[queue.peek()];
      if (restored !== undefined) {
        restoreNode(this.#host, this.#parts, this.#joins, queue.shift(), restored);
        continue;
      }
      if (records.replayOnly) {
        // A suspended run replayed without a resume: nothing else runs.
        queue.shift();
        continue;
      }
      if (this.#inFlight >= max) break;
      const node = queue.shift();
      this.#inFlight++;
      records.states[node] = RUNNING;
      // Executors and callbacks are guarded inside; only a state provider write can reject here.
      this.#runNode(node).catch((error: unknown) => this.#host.stop('state_error', error));
    }
    this.#host.maybeFinish();
  }

  /** Ends every retry wait at once (the execution is over). */
  endWaits(): void {
    if (this.#waits !== undefined) {
      for (const wait of this.#waits) {
        clearTimeout(wait.timer);
        wait.resolve();
      }
      this.#waits.clear();
    }
  }

  async #runNode(node: number): Promise<void> {
    const { plan, records, outcome, events } = this.#parts;
    const definition = plan.nodes[node] as NodeDefinition;
    records.started[node] = now();
    outcome.startNode(node);
    await this.#parts.state.setNodeStatus(definition.id, 'running');
    if (records.finished) return;
    const retry = definition.retry;
    for (let number = 1; ; number++) {
      records.attempts[node] = number;
      events?.nodeStart(node, number);
      const attempt = await runAttempt(this.#host, node, number, definition);
      if (records.finished) return;
      const notJson =
        attempt.ok && records.jsonOnly
          ? jsonFailure(definition.id, attempt.value as NodeResult)
          : undefined;
      if (attempt.ok && notJson === undefined) {
        await this.#complete(node, attempt.value as NodeResult);
        return;
      }
      let error = notJson ?? attempt.value;
      // A suspended agent waits for a person: never re-run it (its tools must not run twice).
      const suspended = notJson === undefined ? suspensionOf(error) : undefined;
      if (suspended !== undefined) {
        await this.#suspend(node, suspended);
        return;
      }
      let retrying =
        retry !== undefined &&
        number <= retry.maxRetries &&
        !(AgentStoppedError.isInstance(error) && error.stopReason === 'suspended');
      if (retrying && retry?.retryable !== undefined) {
        try {
          retrying = retry.retryable(error, number) === true;
        } catch (thrown) {
          // A throwing predicate ends the node with its error.
          retrying = false;
          error = thrown;
        }
      }
      if (!retrying || retry === undefined) {
        await this.#fail(node, error);
        return;
      }
      records.spans[node]?.addEvent('graph.node.retry', { 'graph.node.attempt': number });
      await this.#wait(retryDelay(retry, number));
      if (records.finished) return;
    }
  }

  async #complete(node: number, result: NodeResult): Promise<void> {
    const { records, state, events } = this.#parts;
    const id = records.ids[node] as string;
    const durationMs = now() - (records.started[node] as number);
    records.durations[node] = durationMs;
    const stored: StoredNodeResult =
      result.metadata === undefined
        ? { output: result.output, durationMs }
        : { output: result.output, metadata: result.metadata, durationMs };
    records.results[node] = stored;
    await state.setNodeResult(id, stored);
    await state.setNodeStatus(id, 'completed');
    if (records.finished) return;
    if (records.completed !== undefined) records.completed[id] = stored;
    this.#settle(node, COMPLETED);
    events?.nodeComplete(node, stored, durationMs);
    this.#joins.release(node);
  }

  async #fail(node: number, error: unknown): Promise<void> {
    const { records, state, events } = this.#parts;
    const id = records.ids[node] as string;
    const durationMs = now() - (records.started[node] as number);
    records.durations[node] = durationMs;
    records.errors[node] = error;
    const stored: StoredNodeResult = { output: undefined, error, durationMs };
    if (this.#parts.failFast) {
      // Stop at once (the siblings' signals fire now); the writes go after.
      this.#settle(node, FAILED);
      events?.nodeFailed(node, error, durationMs);
      this.#host.stop('node_failed', error, node);
      bestEffort(() => state.setNodeResult(id, stored));
      bestEffort(() => state.setNodeStatus(id, 'failed'));
      return;
    }
    await state.setNodeResult(id, stored);
    await state.setNodeStatus(id, 'failed');
    if (records.finished) return;
    this.#settle(node, FAILED);
    events?.nodeFailed(node, error, durationMs);
    this.#joins.release(node);
  }

  async #suspend(node: number, suspended: SuspendedRun): Promise<void> {
    const { records, state, events } = this.#parts;
    const id = records.ids[node] as string;
    const durationMs = now() - (records.started[node] as number);
    records.durations[node] = durationMs;
    records.suspendedRuns[node] = suspended;
    await state.setNodeResult(id, { output: undefined, suspended, durationMs });
    await state.setNodeStatus(id, 'suspended');
    if (records.finished) return;
    this.#inFlight--;
    this.#parts.outcome.nodeSuspended(node);
    events?.nodeSuspended(node, suspended, durationMs);
    // Its edges stay unsettled (its dependants wait); the slot it frees may start another node.
    this.pump();
  }

  /** A node that ran settled: its slot is free, and the outcome records it. */
  #settle(node: number, status: typeof COMPLETED | typeof FAILED): void {
    this.#inFlight--;
    this.#parts.outcome.nodeRan(node, status);
  }

  /** Waits `ms` before a retry; the execution ending ends the wait at once ({@link endWaits}). */
  #wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const wait: Wait = {
        timer: setTimeout(() => {
          this.#waits?.delete(wait);
          resolve();
        }, ms),
        resolve,
      };
      this.#waits ??= new Set();
      this.#waits.add(wait);
    });
  }
}
