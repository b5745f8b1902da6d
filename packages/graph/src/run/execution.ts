import { AbortError, type Span, TimeoutError } from '@aigo/ai';
import { type Client, Overview } from '@aigo/client';
import type { NodeFacts } from '../durable/checkpoint-state.js';
import { beginDurable, finishDurable } from '../durable/durable-lifecycle.js';
import { ProgressEvents } from '../events/progress-events.js';
import type { GraphStopReason } from '../graph-errors.js';
import type { GraphResult } from '../graph-result.js';
import type { NodeResult, NodeResume } from '../plan/node-types.js';
import type { SharedState } from '../state/shared-state.js';
import { EdgeJoins, type JoinsHost } from './edge-joins.js';
import { abortReasonOf, ExecutionOutcome } from './execution-outcome.js';
import type { ExecutionParts } from './execution-parts.js';
import { ExecutionRecords } from './execution-records.js';
import type { ExecutionRequest, ExecutionSettings } from './execution-settings.js';
import type { Attempt } from './node-attempt.js';
import { ReadyQueue } from './ready-queue.js';
import { Scheduler } from './scheduler.js';
import type { SchedulerHost } from './scheduler-host.js';
import { callState } from './state-calls.js';

/**
 * One run of a graph: a ready queue over the plan. A node is decided when its last incoming edge
 * settles (O(1) per edge), started when a concurrency slot is free, and settles once; so a run
 * costs O(nodes + edges). Abort signals and timers are created only where something can fire them.
 *
 * This class coordinates the parts — the {@link Scheduler} (ready queue, concurrency, attempts),
 * the {@link EdgeJoins} (conditions, joins, skips) and the {@link ExecutionOutcome} (overview,
 * spans, the result or the error), over one {@link ExecutionRecords} — and owns the run's life:
 * its start, the caller's signal and the execution timeout, stopping (running attempts aborted),
 * and its promise.
 */
export class Execution<T> implements SchedulerHost, JoinsHost {
  readonly #settings: ExecutionSettings;
  readonly #request: ExecutionRequest;
  readonly #records: ExecutionRecords;
  readonly #queue: ReadyQueue;
  readonly #outcome: ExecutionOutcome;
  readonly #joins: EdgeJoins;
  readonly #scheduler: Scheduler;
  readonly sharedState: SharedState;
  readonly cancellable: boolean;

  #stopReason: unknown;
  #tracked: Set<Attempt> | undefined;
  #quietSignal: AbortSignal | undefined;
  #timeoutTimer: ReturnType<typeof setTimeout> | undefined;
  #onAbort: (() => void) | undefined;
  #unwatch: (() => void) | undefined;
  #runId: string | undefined;

  readonly promise: Promise<GraphResult<T>>;
  #resolve!: (result: GraphResult<T>) => void;
  #reject!: (error: unknown) => void;

  constructor(settings: ExecutionSettings, request: ExecutionRequest) {
    this.#settings = settings;
    this.#request = request;
    const plan = settings.plan;
    const failFast = settings.errorStrategy === 'fail_fast';
    const records = new ExecutionRecords(plan);
    this.#records = records;
    this.cancellable =
      request.signal !== undefined ||
      request.emit !== undefined ||
      settings.executionTimeout !== undefined ||
      (failFast && settings.maxConcurrency > 1 && records.total > 1);
    const state = request.state;
    this.sharedState = Object.freeze({
      get: (key: string) => state.get(key),
      set: (key: string, value: unknown) => state.set(key, value),
      getAll: () => state.getAll(),
    });
    const events =
      request.emit === undefined ? undefined : new ProgressEvents(request.emit, records);
    const outcome = new ExecutionOutcome(settings, request.span, records, state, events);
    const queue = new ReadyQueue(records.states);
    const parts: ExecutionParts = { plan, records, state, queue, outcome, events, failFast };
    const joins = new EdgeJoins(this, parts);
    this.#outcome = outcome;
    this.#queue = queue;
    this.#joins = joins;
    this.#scheduler = new Scheduler(this, parts, joins, settings.maxConcurrency);
    if (request.durable !== undefined) {
      records.jsonOnly = true;
      request.durable.attach(nodeFacts(records, this));
    }
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
        this.stop('aborted', AbortError.fromSignal(signal));
        return;
      }
      this.#onAbort = () => this.stop('aborted', AbortError.fromSignal(signal));
      signal.addEventListener('abort', this.#onAbort, { once: true });
    }
    const durable = this.#request.durable;
    if (durable === undefined) this.#armTimeout(this.#settings.executionTimeout);
    callState(() => this.#request.state.reset(this.#request.initialState)).then(
      () => {
        if (this.#records.finished) return;
        if (durable !== undefined) {
          const start = beginDurable(durable, this.#settings.plan, this.#records);
          if (!start.go) {
            this.stop(start.reason, start.cause, start.failedNode);
            return;
          }
          this.#armTimeout(start.remainingMs);
          this.#unwatch = durable.watch((reason, cause) => this.stop(reason, cause));
        }
        const roots = this.#settings.plan.roots;
        for (let k = 0; k < roots.length; k++) this.#queue.push(roots[k] as number);
        this.#scheduler.pump();
      },
      (error: unknown) => {
        if (durable?.refused === true) this.#refuse(error);
        else this.stop('state_error', error);
      },
    );
  }

  /** A resume refused before anything ran: rejects with the refusal itself. */
  #refuse(error: unknown): void {
    const records = this.#records;
    if (records.finished) return;
    records.finished = true;
    this.#cleanup();
    this.#request.onSettled?.();
    this.#reject(error);
  }

  #armTimeout(timeout: number | undefined): void {
    if (timeout === undefined) return;
    this.#timeoutTimer = setTimeout(() => {
      this.#timeoutTimer = undefined;
      this.stop(
        'timeout',
        new TimeoutError(`The graph execution timed out after ${timeout} ms`, {
          timeoutMs: timeout,
        }),
      );
    }, timeout);
  }

  /** Stops the execution as aborted with `reason` (a stream's consumer stopped reading). */
  cancel(reason: unknown): void {
    this.stop('aborted', reason);
  }

  // ---- AttemptHost ----

  get runId(): string {
    this.#runId ??= this.#request.runId ?? globalThis.crypto.randomUUID();
    return this.#runId;
  }

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
    return this.#joins.upstreamResults(node);
  }

  nodeOverview(node: number): Overview {
    const overviews = this.#records.overviews;
    let overview = overviews[node];
    if (overview === undefined) {
      overview = this.nodeClient(node)?.createOverview() ?? new Overview();
      overviews[node] = overview;
    }
    return overview;
  }

  nodeSpan(node: number): Span | undefined {
    return this.#records.spans[node];
  }

  nodeClient(node: number): Client | undefined {
    return this.#settings.plan.nodes[node]?.client ?? this.#settings.defaultClient;
  }

  nodeResume(node: number): NodeResume | undefined {
    return this.#records.resumes?.[node];
  }

  // ---- the parts' calls ----

  pump(): void {
    this.#scheduler.pump();
  }

  maybeFinish(): void {
    const records = this.#records;
    if (records.pendingOps !== 0 || records.finished) return;
    if (records.settled === records.total) {
      this.#finish();
    } else if (
      (records.suspendedCount > 0 || records.replayOnly) &&
      this.#scheduler.idle &&
      !this.#queue.hasNext()
    ) {
      this.#suspend();
    }
  }

  write(write: () => Promise<void>): void {
    const records = this.#records;
    records.pendingOps++;
    callState(write).then(
      () => {
        records.pendingOps--;
        this.maybeFinish();
      },
      (error: unknown) => {
        records.pendingOps--;
        this.stop('state_error', error);
      },
    );
  }

  /**
   * Ends the execution without its output: aborts running nodes (their signals fire), fails them,
   * skips the nodes that never started, and rejects with a `GraphStoppedError`. Runs once.
   */
  stop(reason: GraphStopReason, cause: unknown, failedNode?: number): void {
    const records = this.#records;
    if (records.finished) return;
    records.finished = true;
    const failedId = failedNode === undefined ? undefined : (records.ids[failedNode] as string);
    const abortReason = abortReasonOf(reason, cause, failedId);
    this.#stopReason = abortReason;
    if (this.#tracked !== undefined) {
      for (const attempt of this.#tracked) attempt.abort(abortReason);
      this.#tracked.clear();
    }
    this.#cleanup();
    this.#outcome.stopNodes(abortReason);
    const error = this.#outcome.stopped(reason, cause, failedId);
    this.#request.onSettled?.();
    this.#settle({ error });
  }

  // ---- ending ----

  /** Nothing more can run and a node waits for decisions: the execution (the run) suspends. */
  #suspend(): void {
    this.#records.finished = true;
    this.#cleanup();
    const error = this.#outcome.suspended(this.runId, this.#request.durable !== undefined);
    this.#request.onSettled?.();
    this.#settle({ error });
  }

  #finish(): void {
    this.#records.finished = true;
    this.#cleanup();
    const outcome = this.#outcome;
    if (outcome.hasOutput) {
      const result = outcome.result<T>();
      this.#request.onSettled?.();
      this.#settle({ output: result.data, result });
      return;
    }
    const error = outcome.outputError();
    this.#request.onSettled?.();
    this.#settle({ error });
  }

  /** Resolves or rejects — a durable execution once the checkpoint recorded how it ended. */
  #settle(
    outcome:
      | { readonly output: unknown; readonly result: GraphResult<T> }
      | { readonly error: unknown },
  ): void {
    const durable = this.#request.durable;
    const settle = (): void => {
      if ('error' in outcome) this.#reject(outcome.error);
      else this.#resolve(outcome.result);
    };
    if (durable === undefined) settle();
    else finishDurable(durable, outcome).then(settle, settle);
  }

  #cleanup(): void {
    this.#unwatch?.();
    this.#unwatch = undefined;
    if (this.#timeoutTimer !== undefined) {
      clearTimeout(this.#timeoutTimer);
      this.#timeoutTimer = undefined;
    }
    if (this.#onAbort !== undefined) {
      this.#request.signal?.removeEventListener('abort', this.#onAbort);
      this.#onAbort = undefined;
    }
    this.#scheduler.endWaits();
  }
}

/** What a durable execution's checkpoint asks about its nodes. */
function nodeFacts(
  records: ExecutionRecords,
  host: { nodeOverview(node: number): Overview },
): NodeFacts {
  let index: Map<string, number> | undefined;
  const find = (id: string): number => {
    if (index === undefined) {
      index = new Map();
      for (let node = 0; node < records.total; node++) index.set(records.ids[node] as string, node);
    }
    return index.get(id) ?? -1;
  };
  return {
    get finished() {
      return records.finished;
    },
    attempts: (id) => records.attempts[find(id)] ?? 0,
    skipReason: (id) => records.skipReasons[find(id)],
    overview: (id) =>
      records.overviews[find(id)] === undefined ? undefined : host.nodeOverview(find(id)),
  };
}
