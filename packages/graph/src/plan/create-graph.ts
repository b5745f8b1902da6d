import {
  checkGraphRunResponses,
  checkRunId,
  type GraphRunResponses,
  ValidationError,
} from '@aigo/ai';
import { CheckpointState } from '../durable/checkpoint-state.js';
import { graphFingerprint } from '../durable/graph-fingerprint.js';
import type { GraphEvent } from '../events/graph-events.js';
import { GraphStream } from '../events/graph-stream.js';
import { GraphValidationError } from '../graph-errors.js';
import type { GraphResult } from '../graph-result.js';
import { Execution, type ExecutionSettings } from '../run/index.js';
import { InMemoryStateProvider } from '../state/in-memory-state-provider.js';
import type { StateProvider } from '../state/state-provider.js';
import type { ExecuteOptions, GraphOptions, ResumeOptions } from './graph-options.js';
import {
  compileGraph,
  type EdgeDefinition,
  type GraphPlan,
  type NodeDefinition,
} from './graph-plan.js';
import type { EdgeOptions, NodeExecutor, NodeFunction, NodeOptions } from './node-types.js';
import {
  checkId,
  checkStateProvider,
  validateEdgeOptions,
  validateExecuteArguments,
  validateGraphOptions,
  validateNodeOptions,
} from './validate-options.js';

/**
 * A DAG workflow: nodes (async functions or executors) joined by edges, run on a ready queue.
 * Build it with {@link Graph.addNode} and {@link Graph.addEdge}, then run it any number of times,
 * concurrently if you like: each execution has its own state.
 */
export interface Graph<T> {
  /** The node whose output is the execution's `data`. */
  readonly outputNodeId: string;
  /** The node ids, in the order they were added. */
  readonly nodeIds: readonly string[];
  /** The registered name (the `name` option, else the output node's id). */
  readonly name: string;
  /** The version (the `version` option, else `'1'`). */
  readonly version: string;
  /**
   * A digest of the graph's structure (node ids, joins, edges, output node): a durable run resumes
   * only with the graph it started with. Validates the graph.
   */
  fingerprint(): string;
  /**
   * Adds a node. `executor` is a function `(input) => output` (its return value, or what its promise
   * resolves to, is the node's output) or a {@link NodeExecutor} (`execute(input)` resolves to
   * `{ output, metadata? }`).
   *
   * @throws GraphValidationError (`duplicate_node`) when the id is taken; ValidationError for a bad
   *   argument.
   */
  addNode<O>(id: string, executor: NodeFunction<O> | NodeExecutor<O>, options?: NodeOptions): this;
  /**
   * Adds an edge: `to` depends on `from`. With a `condition`, the edge is active only when it
   * returns true (evaluated when `from` completes). Nodes may be added after their edges; the
   * endpoints are checked by {@link validate}.
   *
   * @throws GraphValidationError (`self_loop`, `duplicate_edge`); ValidationError for a bad argument.
   */
  addEdge(from: string, to: string, options?: EdgeOptions): this;
  /**
   * Checks the whole graph: edges reference existing nodes, the output node exists, there is no
   * cycle (the error shows it), and every node has a path to the output node. `execute` and
   * `executeStream` call it (it is cached until the graph changes).
   *
   * @throws GraphValidationError naming the culprit.
   */
  validate(): void;
  /**
   * Runs the graph. Resolves to a `StructuredOverview<T>` (`data`: the output node's output) with
   * `nodes` (every node's status, result or error, duration, attempts) and `status`; its usage and
   * cost are those of every model call made through the nodes' clients.
   *
   * Rejects with `GraphStoppedError` when there is no output: a failure under `fail_fast`, an output
   * node that failed or was skipped, an abort, `executionTimeout` — its `overview` holds the same
   * reports and costs so far. Rejects with `GraphValidationError` / `ValidationError` for a graph or
   * arguments that cannot run.
   */
  execute(
    initialState?: Readonly<Record<string, unknown>>,
    options?: ExecuteOptions,
  ): Promise<GraphResult<T>>;
  /**
   * Runs the graph lazily (at the first `next()` or `collect()`), as progress events:
   * `node_start`, `node_complete`, `node_failed`, `node_skipped`, and `graph_complete` last.
   * `collect()` resolves or rejects exactly as `execute` would.
   *
   * @throws GraphValidationError / ValidationError at once for a graph or arguments that cannot run.
   */
  executeStream(
    initialState?: Readonly<Record<string, unknown>>,
    options?: ExecuteOptions,
  ): GraphStream<T>;
  /**
   * Resumes a suspended durable run (one whose `execute` rejected with a `GraphStoppedError` of
   * reason `suspended`) with `responses`: for every suspended node, by node id, the responses to
   * its agent's requests. Claims the run for the resume — exclusively: of two racing resumes, in any
   * processes, one proceeds and the other rejects with `RunConflictError` — then restores the
   * completed nodes without running them and runs each suspended node again with
   * `input.resume = { suspended, responses }` (`agentNode` continues its agent with them), then
   * whatever waited on them. Resolves or rejects as `execute` does; a node that suspends again
   * suspends the run again. Requires a checkpointer (the graph's or `options.checkpointer`).
   *
   * A refused resume rejects with the refusal itself, before anything runs: `ValidationError` for
   * responses that miss a suspended node or a request, or name another; `RunConflictError` when
   * the run is running (another resume took it); `GraphRunNotSuspendedError` when it is queued or
   * finished; `GraphRunNotFoundError`; `GraphChangedError` for a graph other than the run's.
   */
  resume(
    runId: string,
    responses: GraphRunResponses,
    options?: ResumeOptions,
  ): Promise<GraphResult<T>>;
  /** The streaming twin of {@link resume}: its progress events, as `executeStream`'s. */
  resumeStream(
    runId: string,
    responses: GraphRunResponses,
    options?: ResumeOptions,
  ): GraphStream<T>;
}

const EMPTY_PARAMS: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * Creates an empty graph whose result is the output of node `outputNodeId`.
 *
 * @example
 * const graph = createGraph<string>('summary', { defaultClient: client, maxConcurrency: 4 })
 *   .addNode('facts', ({ client }) => client.sendMessage('Three facts about Lisbon').then((r) => r.content))
 *   .addNode('summary', async ({ upstreamResults, client }) =>
 *     (await client.sendMessage(`Summarise: ${upstreamResults.facts?.output}`)).content)
 *   .addEdge('facts', 'summary');
 * const { data, totalUsage } = await graph.execute({});
 *
 * @throws ValidationError naming the first bad argument or option.
 */
export function createGraph<T = unknown>(
  outputNodeId: string,
  options: GraphOptions = {},
): Graph<T> {
  checkId(outputNodeId, 'outputNodeId');
  validateGraphOptions(options);
  return new DagGraph<T>(outputNodeId, options);
}

class DagGraph<T> implements Graph<T> {
  readonly outputNodeId: string;
  readonly #options: GraphOptions;
  readonly #nodes = new Map<string, NodeDefinition>();
  readonly #edges: EdgeDefinition[] = [];
  readonly #edgeKeys = new Set<string>();
  readonly #providersInUse = new Set<StateProvider>();
  #plan: GraphPlan | undefined;
  #settings: ExecutionSettings | undefined;
  #fingerprint: string | undefined;

  constructor(outputNodeId: string, options: GraphOptions) {
    this.outputNodeId = outputNodeId;
    this.#options = { ...options };
  }

  get name(): string {
    return this.#options.name ?? this.outputNodeId;
  }

  get version(): string {
    return this.#options.version ?? '1';
  }

  fingerprint(): string {
    this.#compile();
    this.#fingerprint ??= graphFingerprint(this.#plan as GraphPlan);
    return this.#fingerprint;
  }

  get nodeIds(): readonly string[] {
    return [...this.#nodes.keys()];
  }

  addNode<O>(
    id: string,
    executor: NodeFunction<O> | NodeExecutor<O>,
    options: NodeOptions = {},
  ): this {
    checkId(id, 'id');
    const isFunction = typeof executor === 'function';
    if (
      !isFunction &&
      (executor === null ||
        typeof executor !== 'object' ||
        typeof (executor as NodeExecutor<O>).execute !== 'function')
    ) {
      throw new ValidationError(
        'executor',
        `of node ${JSON.stringify(id)} must be a function or an object with an execute(input) method`,
      );
    }
    validateNodeOptions(options, id);
    if (this.#nodes.has(id)) {
      throw new GraphValidationError(
        'duplicate_node',
        `node ${JSON.stringify(id)} was added twice`,
        [id],
      );
    }
    this.#nodes.set(id, {
      id,
      executor: executor as NodeFunction | NodeExecutor,
      isFunction,
      client: options.client,
      timeout: options.timeout,
      params: options.params === undefined ? EMPTY_PARAMS : Object.freeze({ ...options.params }),
      retry: options.retry === undefined ? undefined : Object.freeze({ ...options.retry }),
      joinAny: options.join === 'any',
    });
    this.#plan = undefined;
    return this;
  }

  addEdge(from: string, to: string, options: EdgeOptions = {}): this {
    checkId(from, 'from');
    checkId(to, 'to');
    validateEdgeOptions(options, `edges.${from}->${to}.options`);
    if (from === to) {
      throw new GraphValidationError(
        'self_loop',
        `edge ${JSON.stringify(from)} → ${JSON.stringify(to)} is a self-loop: a node cannot depend on itself`,
        [from],
      );
    }
    const key = `${from}\u0000${to}`;
    if (this.#edgeKeys.has(key)) {
      throw new GraphValidationError(
        'duplicate_edge',
        `edge ${JSON.stringify(from)} → ${JSON.stringify(to)} was added twice`,
        [from, to],
      );
    }
    this.#edgeKeys.add(key);
    this.#edges.push({ from, to, condition: options.condition });
    this.#plan = undefined;
    return this;
  }

  validate(): void {
    this.#compile();
  }

  execute(
    initialState: Readonly<Record<string, unknown>> = {},
    options?: ExecuteOptions,
  ): Promise<GraphResult<T>> {
    let execution: Execution<T>;
    try {
      validateExecuteArguments(initialState, options);
      execution = this.#execution(initialState, options, undefined);
    } catch (error) {
      return Promise.reject(error);
    }
    execution.start();
    return execution.promise;
  }

  executeStream(
    initialState: Readonly<Record<string, unknown>> = {},
    options?: ExecuteOptions,
  ): GraphStream<T> {
    validateExecuteArguments(initialState, options);
    this.#compile();
    return new GraphStream<T>((emit) => this.#execution(initialState, options, emit));
  }

  resume(
    runId: string,
    responses: GraphRunResponses,
    options?: ResumeOptions,
  ): Promise<GraphResult<T>> {
    let execution: Execution<T>;
    try {
      execution = this.#resumption(runId, responses, options, undefined);
    } catch (error) {
      return Promise.reject(error);
    }
    execution.start();
    return execution.promise;
  }

  resumeStream(
    runId: string,
    responses: GraphRunResponses,
    options?: ResumeOptions,
  ): GraphStream<T> {
    this.#checkResume(runId, responses, options);
    return new GraphStream<T>((emit) => this.#resumption(runId, responses, options, emit));
  }

  #checkResume(runId: unknown, responses: unknown, options: ResumeOptions | undefined): void {
    checkRunId(runId);
    checkGraphRunResponses(responses);
    if (options !== undefined && (options === null || typeof options !== 'object')) {
      throw new ValidationError('options', 'must be an object');
    }
    if (options?.signal !== undefined && !(options.signal instanceof AbortSignal)) {
      throw new ValidationError('options.signal', 'must be an AbortSignal');
    }
    if ((options?.checkpointer ?? this.#options.checkpointer) === undefined) {
      throw new ValidationError(
        'checkpointer',
        'is required to resume a run: pass it to createGraph or to resume (a run suspended without one cannot be resumed)',
      );
    }
    this.#compile();
  }

  #resumption(
    runId: string,
    responses: GraphRunResponses,
    options: ResumeOptions | undefined,
    emit: ((event: GraphEvent) => void) | undefined,
  ): Execution<T> {
    this.#checkResume(runId, responses, options);
    const settings = this.#settings as ExecutionSettings;
    const durable = this.#durable(
      {
        runId,
        ...(options?.checkpointer === undefined ? {} : { checkpointer: options.checkpointer }),
      },
      settings,
      { responses, signal: options?.signal },
    ) as CheckpointState;
    return new Execution<T>(settings, {
      state: durable,
      initialState: {},
      signal: options?.signal,
      span: options?.span,
      emit,
      onSettled: undefined,
      runId,
      durable,
    });
  }

  #compile(): GraphPlan {
    if (this.#plan === undefined) {
      this.#fingerprint = undefined;
      this.#plan = compileGraph(this.#nodes, this.#edges, this.outputNodeId);
      const options = this.#options;
      this.#settings = {
        plan: this.#plan,
        errorStrategy: options.errorStrategy ?? 'fail_fast',
        maxConcurrency: options.maxConcurrency ?? Number.POSITIVE_INFINITY,
        executionTimeout: options.executionTimeout,
        defaultClient: options.defaultClient,
        observer: options.observer ?? options.defaultClient?.observer,
      };
    }
    return this.#plan;
  }

  #execution(
    initialState: Readonly<Record<string, unknown>>,
    options: ExecuteOptions | undefined,
    emit: ((event: GraphEvent) => void) | undefined,
  ): Execution<T> {
    this.#compile();
    const settings = this.#settings as ExecutionSettings;
    const durable = this.#durable(options, settings);
    const { state, exclusive } =
      durable === undefined ? this.#stateProvider(options) : { state: durable, exclusive: false };
    if (exclusive) this.#providersInUse.add(state);
    return new Execution<T>(settings, {
      state,
      initialState,
      signal: options?.signal,
      span: options?.span,
      emit,
      onSettled: exclusive ? () => this.#providersInUse.delete(state) : undefined,
      runId: options?.runId,
      durable,
    });
  }

  /** The checkpoint of a durable execution: with a checkpointer and a run id. */
  #durable(
    options: ExecuteOptions | undefined,
    settings: ExecutionSettings,
    resume?: { readonly responses: GraphRunResponses; readonly signal: AbortSignal | undefined },
  ): CheckpointState | undefined {
    const checkpointer = options?.checkpointer ?? this.#options.checkpointer;
    const runId = options?.runId;
    if (checkpointer === undefined || runId === undefined) return undefined;
    return new CheckpointState({
      checkpointer,
      runId,
      graph: { name: this.name, version: this.version, fingerprint: this.fingerprint() },
      timeoutMs: settings.executionTimeout,
      pollMs: this.#options.runPollMs ?? 1000,
      ...(resume === undefined ? {} : { resume: resume.responses }),
      ...(resume?.signal === undefined ? {} : { signal: resume.signal }),
    });
  }

  /** This execution's state provider; `exclusive` when it is an object that may be reused. */
  #stateProvider(options: ExecuteOptions | undefined): {
    state: StateProvider;
    exclusive: boolean;
  } {
    const given = options?.stateProvider ?? this.#options.stateProvider;
    if (given === undefined) return { state: new InMemoryStateProvider(), exclusive: false };
    if (typeof given === 'function') {
      const state = given();
      checkStateProvider(state, 'options.stateProvider()');
      return { state, exclusive: false };
    }
    if (this.#providersInUse.has(given)) {
      throw new ValidationError(
        'options.stateProvider',
        'is in use by another execution of this graph: give each execution its own (pass a factory function)',
      );
    }
    return { state: given, exclusive: true };
  }
}
