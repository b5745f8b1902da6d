import { ValidationError } from '@aigo/ai';
import type { GraphStopReason } from '../graph-errors.js';
import type { SkipReason } from '../graph-result.js';
import type { GraphPlan } from '../plan/graph-plan.js';
import type { EdgeConditionInput, NodeResult, StoredNodeResult } from '../plan/node-types.js';
import type { SharedState } from '../state/shared-state.js';
import type { ExecutionParts } from './execution-parts.js';
import { isThenable } from './is-thenable.js';
import { COMPLETED, FAILED, PENDING } from './node-state.js';

// Why an incoming edge is inactive (bits, OR-ed per node).
const CAUSE_FAILED = 1;
const CAUSE_SKIPPED = 2;
const CAUSE_CONDITION = 4;

const quote = (id: string): string => JSON.stringify(id);

/** What the edge joins need from their execution. */
export interface JoinsHost {
  readonly sharedState: SharedState;
  /** Ends the execution without its output (once). */
  stop(reason: GraphStopReason, cause: unknown, failedNode?: number): void;
  /** A state write the execution does not wait for inline: counted until it settles. */
  write(write: () => Promise<void>): void;
  /** Starts ready nodes while concurrency slots are free. */
  pump(): void;
}

/**
 * The edges of one execution: when a node settles its outgoing edges settle — active, or inactive
 * because it failed or was skipped or a condition said no — and a node whose last incoming edge
 * settled is decided at once (O(1) per edge): queued to run (`join: 'all'`: every edge active;
 * `'any'`: one is) or skipped, which settles its own edges in turn.
 */
export class EdgeJoins {
  readonly #host: JoinsHost;
  readonly #parts: ExecutionParts;
  readonly #plan: GraphPlan;
  /** Incoming edges not settled yet, per node. */
  readonly #remaining: Int32Array;
  /** Incoming edges settled active, per node. */
  readonly #active: Int32Array;
  /** Why incoming edges settled inactive (`CAUSE_*` bits), per node. */
  readonly #causes: Uint8Array;
  #releasing = false;
  readonly #releaseList: number[] = [];

  constructor(host: JoinsHost, parts: ExecutionParts) {
    this.#host = host;
    this.#parts = parts;
    this.#plan = parts.plan;
    const n = parts.plan.ids.length;
    this.#remaining = parts.plan.inDegree.slice();
    this.#active = new Int32Array(n);
    this.#causes = new Uint8Array(n);
  }

  /** The result of each parent of `node` that completed, by id. */
  upstreamResults(node: number): Readonly<Record<string, NodeResult>> {
    const plan = this.#plan;
    const records = this.#parts.records;
    const results: Record<string, NodeResult> = Object.create(null);
    for (
      let k = plan.parentOffsets[node] as number;
      k < (plan.parentOffsets[node + 1] as number);
      k++
    ) {
      const parent = plan.edgeFrom[plan.parentEdges[k] as number] as number;
      const result = records.results[parent];
      if (records.states[parent] === COMPLETED && result !== undefined) {
        results[plan.ids[parent] as string] = result;
      }
    }
    return results;
  }

  /**
   * Settles the outgoing edges of a node that just settled, deciding children whose last edge it
   * was; skips cascade through a work list (no recursion), then the queue is pumped.
   */
  release(node: number): void {
    this.#releaseList.push(node);
    if (this.#releasing) return;
    this.#releasing = true;
    const plan = this.#plan;
    const records = this.#parts.records;
    const list = this.#releaseList;
    while (list.length > 0 && !records.finished) {
      const from = list.pop() as number;
      const status = records.states[from];
      for (
        let k = plan.childOffsets[from] as number;
        k < (plan.childOffsets[from + 1] as number);
        k++
      ) {
        const edge = plan.childEdges[k] as number;
        if (status !== COMPLETED) {
          this.#settleEdge(edge, false, status === FAILED ? CAUSE_FAILED : CAUSE_SKIPPED);
          continue;
        }
        const condition = plan.conditions[edge];
        if (condition === undefined) {
          this.#settleEdge(edge, true, 0);
          continue;
        }
        this.#evaluate(edge, condition);
      }
    }
    this.#releasing = false;
    this.#host.pump();
  }

  #evaluate(edge: number, condition: NonNullable<GraphPlan['conditions'][number]>): void {
    const plan = this.#plan;
    const records = this.#parts.records;
    const from = plan.edgeFrom[edge] as number;
    const input: EdgeConditionInput = {
      from: plan.ids[from] as string,
      to: plan.ids[plan.edgeTo[edge] as number] as string,
      result: records.results[from] as StoredNodeResult,
      results: records.completed as Record<string, NodeResult>,
      sharedState: this.#host.sharedState,
    };
    let verdict: unknown;
    try {
      verdict = condition(input);
    } catch (error) {
      this.#conditionFailed(edge, error);
      return;
    }
    if (!isThenable(verdict)) {
      this.#conditionDecided(edge, verdict);
      return;
    }
    records.pendingOps++;
    Promise.resolve(verdict).then(
      (value) => {
        records.pendingOps--;
        if (records.finished) return;
        this.#conditionDecided(edge, value);
        this.#host.pump();
      },
      (error: unknown) => {
        records.pendingOps--;
        if (records.finished) return;
        this.#conditionFailed(edge, error);
        this.#host.pump();
      },
    );
  }

  #conditionDecided(edge: number, verdict: unknown): void {
    if (typeof verdict !== 'boolean') {
      this.#conditionFailed(
        edge,
        new ValidationError('condition', `must return a boolean, got ${typeof verdict}`),
      );
      return;
    }
    this.#settleEdge(edge, verdict, CAUSE_CONDITION);
  }

  /** A condition threw: the edge's target fails (and, under fail_fast, the execution). */
  #conditionFailed(edge: number, error: unknown): void {
    const plan = this.#plan;
    const { records, state, events } = this.#parts;
    const to = plan.edgeTo[edge] as number;
    if (records.states[to] !== PENDING) return;
    const from = plan.ids[plan.edgeFrom[edge] as number] as string;
    const id = plan.ids[to] as string;
    const wrapped = new Error(
      `The condition of edge ${quote(from)} → ${quote(id)} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
    records.states[to] = FAILED;
    records.errors[to] = wrapped;
    records.settled++;
    this.#parts.outcome.count(to, 'failed');
    const stored: StoredNodeResult = { output: undefined, error: wrapped, durationMs: 0 };
    this.#host.write(() => state.setNodeResult(id, stored));
    this.#host.write(() => state.setNodeStatus(id, 'failed'));
    events?.nodeFailed(to, wrapped, 0);
    if (this.#parts.failFast) {
      this.#host.stop('node_failed', wrapped, to);
      return;
    }
    this.release(to);
  }

  #settleEdge(edge: number, active: boolean, cause: number): void {
    this.#parts.outcome.edgeSettled(edge, active);
    const child = this.#plan.edgeTo[edge] as number;
    if (this.#parts.records.states[child] !== PENDING) return;
    if (active) this.#active[child] = (this.#active[child] as number) + 1;
    else this.#causes[child] = (this.#causes[child] as number) | cause;
    const left = (this.#remaining[child] as number) - 1;
    this.#remaining[child] = left;
    if (left > 0) return;
    const active_ = this.#active[child] as number;
    const runs = this.#plan.nodes[child]?.joinAny
      ? active_ > 0
      : active_ === this.#plan.inDegree[child];
    if (runs) this.#parts.queue.push(child);
    else this.#skip(child);
  }

  #skip(node: number): void {
    const causes = this.#causes[node] as number;
    const reason: SkipReason =
      causes & CAUSE_FAILED
        ? 'upstream_failed'
        : causes & CAUSE_SKIPPED
          ? 'upstream_skipped'
          : 'condition_not_met';
    const { records, state, outcome, events } = this.#parts;
    records.skip(node, reason);
    outcome.count(node, 'skipped');
    const id = this.#plan.ids[node] as string;
    this.#host.write(() => state.setNodeStatus(id, 'skipped'));
    events?.nodeSkipped(node, reason);
    this.release(node);
  }
}
