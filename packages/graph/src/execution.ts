import { AbortError, type Observer, type Span, TimeoutError, ValidationError } from '@aigo/ai';
import { type Client, Overview, toStructuredOverview } from '@aigo/client';
import { GraphStoppedError, type GraphStopReason } from './graph-errors.js';
import type { GraphEvent } from './graph-events.js';
import type { ErrorStrategy } from './graph-options.js';
import type { GraphPlan, NodeDefinition } from './graph-plan.js';
import type { GraphOverview, GraphResult, NodeReport, SkipReason } from './graph-result.js';
import { GraphTelemetry } from './graph-telemetry.js';
import { isThenable } from './is-thenable.js';
import type { Attempt, AttemptHost } from './node-attempt.js';
import { nodeReports } from './node-reports.js';
import { COMPLETED, FAILED, PENDING, READY, RUNNING, SKIPPED } from './node-state.js';
import type { EdgeConditionInput, NodeResult, StoredNodeResult } from './node-types.js';
import { retryDelay } from './retry-delay.js';
import { runAttempt } from './run-attempt.js';
import type { SharedState, StateProvider } from './state-provider.js';

// Why an incoming edge is inactive (bits, OR-ed per node).
const CAUSE_FAILED = 1;
const CAUSE_SKIPPED = 2;
const CAUSE_CONDITION = 4;

/** The graph-wide settings an execution runs with. */
export interface ExecutionSettings {
  readonly plan: GraphPlan;
  readonly errorStrategy: ErrorStrategy;
  readonly maxConcurrency: number;
  readonly executionTimeout: number | undefined;
  readonly defaultClient: Client | undefined;
  readonly observer: Observer | undefined;
}

/** One execution's inputs. */
export interface ExecutionRequest {
  readonly state: StateProvider;
  readonly initialState: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal | undefined;
  /** The parent of the graph's span. */
  readonly span: Span | undefined;
  /** Receives progress events (streaming only; `undefined` makes none). */
  readonly emit: ((event: GraphEvent) => void) | undefined;
  /** Called once the execution has settled (to release its state provider). */
  readonly onSettled: (() => void) | undefined;
}

interface Wait {
  readonly timer: ReturnType<typeof setTimeout>;
  readonly resolve: () => void;
}

const now = (): number => performance.now();
const noop = (): void => {};
const quote = (id: string): string => JSON.stringify(id);

/**
 * One run of a graph: a ready queue over the plan. A node is decided when its last incoming edge
 * settles (O(1) per edge), started when a concurrency slot is free, and settles once; so a run
 * costs O(nodes + edges). Abort signals and timers are created only where something can fire them.
 */
export class Execution<T> implements AttemptHost {
  readonly #settings: ExecutionSettings;
  readonly #plan: GraphPlan;
  readonly #request: ExecutionRequest;
  readonly #state: StateProvider;
  readonly #emit: ((event: GraphEvent) => void) | undefined;
  readonly #failFast: boolean;
  readonly #total: number;
  readonly #overview: Overview;
  readonly sharedState: SharedState;
  readonly cancellable: boolean;

  readonly #status: Uint8Array;
  readonly #remaining: Int32Array;
  readonly #active: Int32Array;
  readonly #causes: Uint8Array;
  readonly #attempts: Int32Array;
  readonly #started: Float64Array;
  readonly #durations: Float64Array;
  readonly #results: (StoredNodeResult | undefined)[];
  readonly #errors: unknown[] = [];
  readonly #skipReasons: (SkipReason | undefined)[] = [];
  readonly #overviews: (Overview | undefined)[] = [];
  readonly #spans: (Span | undefined)[] = [];
  readonly #completed: Record<string, NodeResult> | undefined;

  readonly #queue: Int32Array;
  #head = 0;
  #tail = 0;
  #inFlight = 0;
  #settled = 0;
  #pendingOps = 0;
  #finished = false;
  #stopReason: unknown;
  #tracked: Set<Attempt> | undefined;
  #waits: Set<Wait> | undefined;
  #quietSignal: AbortSignal | undefined;
  #timeoutTimer: ReturnType<typeof setTimeout> | undefined;
  #onAbort: (() => void) | undefined;
  #releasing = false;
  #releaseList: number[] = [];
  readonly #startTime: number;
  readonly #telemetry: GraphTelemetry | undefined;

  readonly promise: Promise<GraphResult<T>>;
  #resolve!: (result: GraphResult<T>) => void;
  #reject!: (error: unknown) => void;

  constructor(settings: ExecutionSettings, request: ExecutionRequest) {
    this.#settings = settings;
    this.#plan = settings.plan;
    this.#request = request;
    this.#state = request.state;
    this.#emit = request.emit;
    this.#failFast = settings.errorStrategy === 'fail_fast';
    const n = this.#plan.ids.length;
    this.#total = n;
    this.#status = new Uint8Array(n);
    this.#remaining = this.#plan.inDegree.slice();
    this.#active = new Int32Array(n);
    this.#causes = new Uint8Array(n);
    this.#attempts = new Int32Array(n);
    this.#started = new Float64Array(n);
    this.#durations = new Float64Array(n);
    this.#results = new Array(n);
    this.#queue = new Int32Array(n);
    this.#completed = this.#plan.hasConditions ? Object.create(null) : undefined;
    this.cancellable =
      request.signal !== undefined ||
      request.emit !== undefined ||
      settings.executionTimeout !== undefined ||
      (this.#failFast && settings.maxConcurrency > 1 && n > 1);
    const state = request.state;
    this.sharedState = Object.freeze({
      get: (key: string) => state.get(key),
      set: (key: string, value: unknown) => state.set(key, value),
      getAll: () => state.getAll(),
    });
    this.#overview = settings.defaultClient?.createOverview() ?? new Overview();
    this.#startTime = Date.now();
    this.#telemetry =
      settings.observer === undefined
        ? undefined
        : new GraphTelemetry(settings.observer, this.#plan, settings.errorStrategy, request.span);
    this.promise = new Promise<GraphResult<T>>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  /** Starts the execution; the outcome arrives on {@link promise}. */
  start(): void {
    const signal = this.#request.signal;
    if (signal !== undefined) {
      if (signal.aborted) {
        this.#stop('aborted', AbortError.fromSignal(signal));
        return;
      }
      this.#onAbort = () => this.#stop('aborted', AbortError.fromSignal(signal));
      signal.addEventListener('abort', this.#onAbort, { once: true });
    }
    const timeout = this.#settings.executionTimeout;
    if (timeout !== undefined) {
      this.#timeoutTimer = setTimeout(() => {
        this.#timeoutTimer = undefined;
        this.#stop(
          'timeout',
          new TimeoutError(`The graph execution timed out after ${timeout} ms`, {
            timeoutMs: timeout,
          }),
        );
      }, timeout);
    }
    callState(() => this.#state.reset(this.#request.initialState)).then(
      () => {
        if (this.#finished) return;
        const roots = this.#plan.roots;
        for (let k = 0; k < roots.length; k++) this.#enqueue(roots[k] as number);
        this.#pump();
      },
      (error: unknown) => this.#stop('state_error', error),
    );
  }

  /** Stops the execution as aborted with `reason` (a stream's consumer stopped reading). */
  cancel(reason: unknown): void {
    this.#stop('aborted', reason);
  }

  // ---- AttemptHost ----

  get stopReason(): unknown {
    return this.#stopReason;
  }

  quietSignal(): AbortSignal {
    this.#quietSignal ??= new AbortController().signal;
    return this.#quietSignal;
  }

  track(attempt: Attempt): void {
    this.#tracked ??= new Set();
    this.#tracked.add(attempt);
  }

  untrack(attempt: Attempt): void {
    this.#tracked?.delete(attempt);
  }

  upstreamResults(node: number): Readonly<Record<string, NodeResult>> {
    const plan = this.#plan;
    const results: Record<string, NodeResult> = Object.create(null);
    for (
      let k = plan.parentOffsets[node] as number;
      k < (plan.parentOffsets[node + 1] as number);
      k++
    ) {
      const parent = plan.edgeFrom[plan.parentEdges[k] as number] as number;
      const result = this.#results[parent];
      if (this.#status[parent] === COMPLETED && result !== undefined) {
        results[plan.ids[parent] as string] = result;
      }
    }
    return results;
  }

  nodeOverview(node: number): Overview {
    let overview = this.#overviews[node];
    if (overview === undefined) {
      overview = this.nodeClient(node)?.createOverview() ?? new Overview();
      this.#overviews[node] = overview;
    }
    return overview;
  }

  nodeSpan(node: number): Span | undefined {
    return this.#spans[node];
  }

  nodeClient(node: number): Client | undefined {
    return this.#plan.nodes[node]?.client ?? this.#settings.defaultClient;
  }

  // ---- scheduling ----

  #enqueue(node: number): void {
    this.#status[node] = READY;
    this.#queue[this.#tail++] = node;
  }

  #pump(): void {
    const max = this.#settings.maxConcurrency;
    while (this.#inFlight < max && this.#head < this.#tail && !this.#finished) {
      const node = this.#queue[this.#head++] as number;
      this.#inFlight++;
      this.#status[node] = RUNNING;
      // Executors and callbacks are guarded inside; only a state provider write can reject here.
      this.#runNode(node).catch((error: unknown) => this.#stop('state_error', error));
    }
    this.#maybeFinish();
  }

  #maybeFinish(): void {
    if (this.#settled === this.#total && this.#pendingOps === 0 && !this.#finished) this.#finish();
  }

  async #runNode(node: number): Promise<void> {
    const plan = this.#plan;
    const definition = plan.nodes[node] as NodeDefinition;
    const id = definition.id;
    this.#started[node] = now();
    if (this.#telemetry !== undefined) this.#spans[node] = this.#telemetry.startNode(node);
    await this.#state.setNodeStatus(id, 'running');
    if (this.#finished) return;
    const retry = definition.retry;
    for (let number = 1; ; number++) {
      this.#attempts[node] = number;
      if (this.#emit !== undefined) {
        this.#emit({
          type: 'node_start',
          nodeId: id,
          attempt: number,
          timestamp: Date.now(),
          done: this.#settled,
          total: this.#total,
        });
      }
      const attempt = await runAttempt(this, node, number, definition);
      if (this.#finished) return;
      if (attempt.ok) {
        await this.#complete(node, attempt.value as NodeResult);
        return;
      }
      let error = attempt.value;
      let retrying = retry !== undefined && number <= retry.maxRetries;
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
      this.#spans[node]?.addEvent('graph.node.retry', { 'graph.node.attempt': number });
      await this.#wait(retryDelay(retry, number));
      if (this.#finished) return;
    }
  }

  async #complete(node: number, result: NodeResult): Promise<void> {
    const id = this.#plan.ids[node] as string;
    const durationMs = now() - (this.#started[node] as number);
    this.#durations[node] = durationMs;
    const stored: StoredNodeResult =
      result.metadata === undefined
        ? { output: result.output, durationMs }
        : { output: result.output, metadata: result.metadata, durationMs };
    this.#results[node] = stored;
    await this.#state.setNodeResult(id, stored);
    await this.#state.setNodeStatus(id, 'completed');
    if (this.#finished) return;
    if (this.#completed !== undefined) this.#completed[id] = stored;
    this.#settle(node, COMPLETED);
    if (this.#emit !== undefined) {
      this.#emit({
        type: 'node_complete',
        nodeId: id,
        result: stored,
        durationMs,
        timestamp: Date.now(),
        done: this.#settled,
        total: this.#total,
      });
    }
    this.#release(node);
  }

  async #fail(node: number, error: unknown): Promise<void> {
    const id = this.#plan.ids[node] as string;
    const durationMs = now() - (this.#started[node] as number);
    this.#durations[node] = durationMs;
    this.#errors[node] = error;
    const stored: StoredNodeResult = { output: undefined, error, durationMs };
    if (this.#failFast) {
      // Stop at once (the siblings' signals fire now); the writes go after.
      this.#settle(node, FAILED);
      this.#emitFailed(node, error, durationMs);
      this.#stop('node_failed', error, node);
      this.#bestEffort(() => this.#state.setNodeResult(id, stored));
      this.#bestEffort(() => this.#state.setNodeStatus(id, 'failed'));
      return;
    }
    await this.#state.setNodeResult(id, stored);
    await this.#state.setNodeStatus(id, 'failed');
    if (this.#finished) return;
    this.#settle(node, FAILED);
    this.#emitFailed(node, error, durationMs);
    this.#release(node);
  }

  #emitFailed(node: number, error: unknown, durationMs: number): void {
    if (this.#emit === undefined) return;
    this.#emit({
      type: 'node_failed',
      nodeId: this.#plan.ids[node] as string,
      error,
      durationMs,
      timestamp: Date.now(),
      done: this.#settled,
      total: this.#total,
    });
  }

  /** Bookkeeping of a node that ran and settled: slot, overview, span, metrics. */
  #settle(node: number, status: typeof COMPLETED | typeof FAILED): void {
    this.#status[node] = status;
    this.#inFlight--;
    this.#settled++;
    const overview = this.#overviews[node];
    if (overview !== undefined) {
      overview.end();
      this.#overview.merge(overview);
    }
    this.#endNodeTelemetry(node, status);
  }

  /**
   * Settles the outgoing edges of a node that just settled, deciding children whose last edge it
   * was; skips cascade through a work list (no recursion), then the queue is pumped.
   */
  #release(node: number): void {
    this.#releaseList.push(node);
    if (this.#releasing) return;
    this.#releasing = true;
    const plan = this.#plan;
    const list = this.#releaseList;
    while (list.length > 0 && !this.#finished) {
      const from = list.pop() as number;
      const status = this.#status[from];
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
    this.#pump();
  }

  #evaluate(edge: number, condition: NonNullable<GraphPlan['conditions'][number]>): void {
    const plan = this.#plan;
    const from = plan.edgeFrom[edge] as number;
    const input: EdgeConditionInput = {
      from: plan.ids[from] as string,
      to: plan.ids[plan.edgeTo[edge] as number] as string,
      result: this.#results[from] as StoredNodeResult,
      results: this.#completed as Record<string, NodeResult>,
      sharedState: this.sharedState,
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
    this.#pendingOps++;
    Promise.resolve(verdict).then(
      (value) => {
        this.#pendingOps--;
        if (this.#finished) return;
        this.#conditionDecided(edge, value);
        this.#pump();
      },
      (error: unknown) => {
        this.#pendingOps--;
        if (this.#finished) return;
        this.#conditionFailed(edge, error);
        this.#pump();
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
    const to = plan.edgeTo[edge] as number;
    if (this.#status[to] !== PENDING) return;
    const from = plan.ids[plan.edgeFrom[edge] as number] as string;
    const id = plan.ids[to] as string;
    const wrapped = new Error(
      `The condition of edge ${quote(from)} → ${quote(id)} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
    this.#status[to] = FAILED;
    this.#errors[to] = wrapped;
    this.#settled++;
    this.#telemetry?.count(to, 'failed');
    const stored: StoredNodeResult = { output: undefined, error: wrapped, durationMs: 0 };
    this.#write(() => this.#state.setNodeResult(id, stored));
    this.#write(() => this.#state.setNodeStatus(id, 'failed'));
    this.#emitFailed(to, wrapped, 0);
    if (this.#failFast) {
      this.#stop('node_failed', wrapped, to);
      return;
    }
    this.#release(to);
  }

  #settleEdge(edge: number, active: boolean, cause: number): void {
    const child = this.#plan.edgeTo[edge] as number;
    if (this.#status[child] !== PENDING) return;
    if (active) this.#active[child] = (this.#active[child] as number) + 1;
    else this.#causes[child] = (this.#causes[child] as number) | cause;
    const left = (this.#remaining[child] as number) - 1;
    this.#remaining[child] = left;
    if (left > 0) return;
    const active_ = this.#active[child] as number;
    const runs = this.#plan.nodes[child]?.joinAny
      ? active_ > 0
      : active_ === this.#plan.inDegree[child];
    if (runs) this.#enqueue(child);
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
    this.#status[node] = SKIPPED;
    this.#skipReasons[node] = reason;
    this.#settled++;
    this.#telemetry?.count(node, 'skipped');
    const id = this.#plan.ids[node] as string;
    this.#write(() => this.#state.setNodeStatus(id, 'skipped'));
    if (this.#emit !== undefined) {
      this.#emit({
        type: 'node_skipped',
        nodeId: id,
        reason,
        timestamp: Date.now(),
        done: this.#settled,
        total: this.#total,
      });
    }
    this.#release(node);
  }

  /** A state write the scheduler does not wait for inline: counted until it settles. */
  #write(write: () => Promise<void>): void {
    this.#pendingOps++;
    callState(write).then(
      () => {
        this.#pendingOps--;
        this.#maybeFinish();
      },
      (error: unknown) => {
        this.#pendingOps--;
        this.#stop('state_error', error);
      },
    );
  }

  /** A state write after the execution stopped: its failure can change nothing any more. */
  #bestEffort(write: () => Promise<void>): void {
    callState(write).then(noop, noop);
  }

  /** Waits `ms` before a retry; the execution stopping ends the wait at once. */
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

  // ---- ending ----

  #finish(): void {
    this.#finished = true;
    this.#cleanup();
    const plan = this.#plan;
    const output = plan.output;
    const outputId = plan.ids[output] as string;
    const status = this.#status[output];
    if (status === COMPLETED) {
      let all = true;
      for (let i = 0; i < this.#total; i++) {
        if (this.#status[i] !== COMPLETED) {
          all = false;
          break;
        }
      }
      const overview = this.#endOverview(all ? 'completed' : 'partial');
      const result = toStructuredOverview(
        overview,
        (this.#results[output] as StoredNodeResult).output as T,
      );
      Object.defineProperty(result, 'status', {
        value: all ? 'completed' : 'partial',
        enumerable: true,
      });
      this.#emitComplete(all ? 'completed' : 'partial', undefined);
      this.#request.onSettled?.();
      this.#resolve(result as GraphResult<T>);
      return;
    }
    const overview = this.#endOverview('failed');
    const error =
      status === FAILED
        ? new GraphStoppedError(
            'node_failed',
            `Graph execution failed: the output node ${quote(outputId)} failed: ${messageOf(this.#errors[output])}`,
            overview,
            { cause: this.#errors[output], nodeId: outputId },
          )
        : new GraphStoppedError(
            'output_skipped',
            `Graph execution produced no output: the output node ${quote(outputId)} was skipped (${this.#skipReasons[output] ?? 'execution_stopped'})`,
            overview,
            { nodeId: outputId },
          );
    this.#emitComplete('failed', error);
    this.#request.onSettled?.();
    this.#reject(error);
  }

  /**
   * Ends the execution without its output: aborts running nodes (their signals fire), fails them,
   * skips the nodes that never started, and rejects with a `GraphStoppedError`. Runs once.
   */
  #stop(reason: GraphStopReason, cause: unknown, failedNode?: number): void {
    if (this.#finished) return;
    this.#finished = true;
    const plan = this.#plan;
    const failedId = failedNode === undefined ? undefined : (plan.ids[failedNode] as string);
    const abortReason =
      reason === 'node_failed'
        ? new AbortError(`Cancelled: node ${quote(failedId ?? '')} failed`, { cause })
        : reason === 'state_error'
          ? new AbortError('Cancelled: the state provider failed', { cause })
          : cause;
    this.#stopReason = abortReason;
    if (this.#tracked !== undefined) {
      for (const attempt of this.#tracked) attempt.abort(abortReason);
      this.#tracked.clear();
    }
    this.#cleanup();
    const state = this.#state;
    const at = now();
    for (let node = 0; node < this.#total; node++) {
      const status = this.#status[node];
      const id = plan.ids[node] as string;
      if (status === RUNNING) {
        this.#status[node] = FAILED;
        this.#errors[node] = abortReason;
        const durationMs = at - (this.#started[node] as number);
        this.#durations[node] = durationMs;
        this.#settled++;
        const overview = this.#overviews[node];
        if (overview !== undefined) {
          overview.end();
          this.#overview.merge(overview);
        }
        this.#endNodeTelemetry(node, FAILED);
        this.#bestEffort(() => state.setNodeStatus(id, 'failed'));
        this.#emitFailed(node, abortReason, durationMs);
      } else if (status === PENDING || status === READY) {
        this.#status[node] = SKIPPED;
        this.#skipReasons[node] = 'execution_stopped';
        this.#settled++;
        this.#bestEffort(() => state.setNodeStatus(id, 'skipped'));
        if (this.#emit !== undefined) {
          this.#emit({
            type: 'node_skipped',
            nodeId: id,
            reason: 'execution_stopped',
            timestamp: Date.now(),
            done: this.#settled,
            total: this.#total,
          });
        }
      }
    }
    const overview = this.#endOverview('failed');
    const message =
      reason === 'node_failed'
        ? `Graph execution failed: node ${quote(failedId ?? '')} failed: ${messageOf(cause)}`
        : reason === 'timeout'
          ? `Graph execution timed out after ${this.#settings.executionTimeout} ms`
          : reason === 'state_error'
            ? `Graph execution failed: the state provider failed: ${messageOf(cause)}`
            : `Graph execution aborted: ${messageOf(cause)}`;
    const error = new GraphStoppedError(reason, message, overview, { cause, nodeId: failedId });
    this.#emitComplete('failed', error);
    this.#request.onSettled?.();
    this.#reject(error);
  }

  #cleanup(): void {
    if (this.#timeoutTimer !== undefined) {
      clearTimeout(this.#timeoutTimer);
      this.#timeoutTimer = undefined;
    }
    if (this.#onAbort !== undefined) {
      this.#request.signal?.removeEventListener('abort', this.#onAbort);
      this.#onAbort = undefined;
    }
    if (this.#waits !== undefined) {
      for (const wait of this.#waits) {
        clearTimeout(wait.timer);
        wait.resolve();
      }
      this.#waits.clear();
    }
  }

  /** Ends the overview (and the graph span) and attaches the node reports. */
  #endOverview(status: 'completed' | 'partial' | 'failed'): GraphOverview {
    const overview = this.#overview;
    overview.end();
    const durationMs = Date.now() - this.#startTime;
    this.#telemetry?.end(status, durationMs);
    let reports: Readonly<Record<string, NodeReport>> | undefined;
    Object.defineProperty(overview, 'nodes', {
      enumerable: true,
      get: () => {
        reports ??= nodeReports({
          ids: this.#plan.ids,
          states: this.#status,
          results: this.#results,
          errors: this.#errors,
          durations: this.#durations,
          attempts: this.#attempts,
          skipReasons: this.#skipReasons,
          overviews: this.#overviews,
        });
        return reports;
      },
    });
    return overview as GraphOverview;
  }

  #endNodeTelemetry(node: number, state: typeof COMPLETED | typeof FAILED): void {
    this.#telemetry?.endNode(
      node,
      this.#spans[node],
      state === COMPLETED ? 'completed' : 'failed',
      this.#attempts[node] as number,
      this.#durations[node] as number,
      this.#errors[node],
    );
  }

  #emitComplete(status: 'completed' | 'partial' | 'failed', error: unknown): void {
    if (this.#emit === undefined) return;
    this.#emit({
      type: 'graph_complete',
      status,
      durationMs: Date.now() - this.#startTime,
      timestamp: Date.now(),
      done: this.#settled,
      total: this.#total,
      ...(error === undefined ? {} : { error }),
    });
  }
}

/** Calls a state provider method: a synchronous throw or a non-promise becomes a promise. */
function callState(call: () => Promise<void>): Promise<void> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
