import {
  abortableDelay,
  checkGraphRunResponses,
  checkRunId,
  type GraphCheckpointer,
  GraphRunNotFoundError,
  type GraphRunQueue,
  type GraphRunRecord,
  type GraphRunResponses,
  type GraphRunStatus,
  type JsonObject,
  type NodeCheckpoint,
  ValidationError,
} from '@aigo/ai';
import { checkQueue } from './graph-worker.js';
import { jsonProblem } from './json-problem.js';

import { checkResumable } from './resume-checks.js';
import { isFinished } from './run-identity.js';
import { checkCheckpointer } from './validate-durable-options.js';

/** Options of {@link submitGraphRun}. */
export interface SubmitGraphRunOptions {
  readonly queue: GraphRunQueue;
  readonly checkpointer: GraphCheckpointer;
  /** The graph to run: a graph, or its registered name. */
  readonly graph: { readonly name: string } | string;
  /** The run's initial shared state (JSON). Default `{}`. */
  readonly input?: JsonObject;
  /** The run's id. Default: a random UUID. Submitting an id twice queues the run once. */
  readonly runId?: string;
  /** The run's timeout across every attempt, from now, in ms. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

/** How often run readers poll the checkpointer. */
export interface PollOptions {
  /** Milliseconds between polls. Default 250. */
  readonly pollMs?: number;
  readonly signal?: AbortSignal;
}

/**
 * What {@link watchGraphRun} yields. The last event is `run_finished`, or `run_suspended` when the
 * run suspended (its record's suspended nodes say what they wait for; watch again after resuming).
 */
export type GraphRunEvent =
  | { readonly type: 'run_status'; readonly runId: string; readonly status: GraphRunStatus }
  | { readonly type: 'node_settled'; readonly runId: string; readonly node: NodeCheckpoint }
  | { readonly type: 'run_finished'; readonly runId: string; readonly record: GraphRunRecord }
  | { readonly type: 'run_suspended'; readonly runId: string; readonly record: GraphRunRecord };

/** A submitted (or resumed) run. */
export interface GraphRunHandle {
  readonly runId: string;
  /**
   * Resolves with the record of the run once it finished (`status`, `output` or `error`, `nodes`)
   * or suspended (`status: 'suspended'`; its suspended nodes carry what they wait for).
   */
  result(options?: PollOptions): Promise<GraphRunRecord>;
  /** The run's events as its checkpoint records them. */
  watch(options?: PollOptions): AsyncIterable<GraphRunEvent>;
  /** Cancels the run (see {@link cancelGraphRun}). */
  cancel(): Promise<boolean>;
}

/**
 * Submits a durable graph run: records it in the checkpointer (status `queued`, so it can be read
 * and cancelled at once) and queues it for a worker (`createGraphWorker`).
 *
 * @throws ValidationError naming the first bad option.
 */
export async function submitGraphRun(options: SubmitGraphRunOptions): Promise<GraphRunHandle> {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  checkQueue(options.queue, 'options.queue');
  checkCheckpointer(options.checkpointer, 'options.checkpointer');
  const graph =
    typeof options.graph === 'string'
      ? options.graph
      : options.graph !== null &&
          typeof options.graph === 'object' &&
          typeof options.graph.name === 'string'
        ? options.graph.name
        : undefined;
  if (graph === undefined || graph === '') {
    throw new ValidationError('options.graph', 'must be a graph or a graph name');
  }
  const input = options.input ?? {};
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ValidationError('options.input', 'must be a JSON object');
  }
  const problem = jsonProblem(input);
  if (problem !== undefined) throw new ValidationError('options.input', `must be JSON: ${problem}`);
  const runId = options.runId ?? globalThis.crypto.randomUUID();
  checkRunId(runId, 'options.runId');
  const { queue, checkpointer, signal } = options;
  await checkpointer.create(
    {
      runId,
      graphName: graph,
      input,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    },
    signal,
  );
  await queue.submit({ runId, graph, input }, signal);
  return handleOf(checkpointer, queue, runId, undefined);
}

/** Options of {@link resumeGraphRun}. */
export interface ResumeGraphRunOptions {
  readonly queue: GraphRunQueue;
  /** Where the run's checkpoint is: the run must be suspended there. */
  readonly checkpointer: GraphCheckpointer;
  readonly runId: string;
  /** For every suspended node, by node id, the responses to its agent's requests. */
  readonly responses: GraphRunResponses;
  readonly signal?: AbortSignal;
}

/**
 * Queues the resume of a suspended durable run for a worker (`createGraphWorker`), which resumes it
 * with `graph.resume(runId, responses)`. The responses are checked first against the run's suspended
 * nodes and their requests. The job is queued once per suspension: calling it twice for one
 * suspension queues one resume (the second call's responses are not used), and of racing resumes
 * (here or `graph.resume`) one proceeds. The handle's `result()` waits for the resumed run to finish
 * or suspend again.
 *
 * @throws ValidationError for responses that miss a suspended node or a request, or name another.
 * @throws GraphRunNotSuspendedError when the run is queued or finished; RunConflictError when it is
 *   running; GraphRunNotFoundError for an unknown run.
 */
export async function resumeGraphRun(options: ResumeGraphRunOptions): Promise<GraphRunHandle> {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  checkQueue(options.queue, 'options.queue');
  checkCheckpointer(options.checkpointer, 'options.checkpointer');
  checkRunId(options.runId, 'options.runId');
  checkGraphRunResponses(options.responses, 'options.responses');
  const { queue, checkpointer, runId, responses, signal } = options;
  const record = await checkpointer.load(runId, signal);
  checkResumable(runId, record, responses);
  const { graphName, input, fencingToken } = record as GraphRunRecord;
  await queue.submit(
    { runId, graph: graphName, input, responses, suspension: fencingToken },
    signal,
  );
  return handleOf(checkpointer, queue, runId, fencingToken);
}

/** The handle of a run; `suspension`: the token of the suspension a resume answers. */
function handleOf(
  checkpointer: GraphCheckpointer,
  queue: GraphRunQueue,
  runId: string,
  suspension: number | undefined,
): GraphRunHandle {
  return {
    runId,
    result: (poll) => awaitRun(checkpointer, runId, poll ?? {}, suspension),
    watch: (poll) => watchRun(checkpointer, runId, poll ?? {}, suspension),
    cancel: () => cancelGraphRun({ checkpointer, queue }, runId),
  };
}

/** Whether a run in `view` is over, or suspended — other than in the suspension `past`. */
function settled(
  view: { readonly status: GraphRunStatus; readonly fencingToken: number },
  past: number | undefined,
): boolean {
  return isFinished(view.status) || (view.status === 'suspended' && view.fencingToken !== past);
}

/**
 * Waits for a run to finish or suspend (polling its status) and resolves with its record:
 * `completed` with its `output`, `failed` / `cancelled` with its `error`, or `suspended` with its
 * suspended nodes (`record.nodes[id].suspended`: what each waits for — resume with
 * `resumeGraphRun` or `graph.resume`). From any process.
 *
 * @throws GraphRunNotFoundError for an unknown run.
 */
export function awaitGraphRun(
  checkpointer: GraphCheckpointer,
  runId: string,
  options: PollOptions = {},
): Promise<GraphRunRecord> {
  return awaitRun(checkpointer, runId, options, undefined);
}

async function awaitRun(
  checkpointer: GraphCheckpointer,
  runId: string,
  options: PollOptions,
  past: number | undefined,
): Promise<GraphRunRecord> {
  checkCheckpointer(checkpointer, 'checkpointer');
  checkRunId(runId);
  for (;;) {
    const view = await checkpointer.status(runId, options.signal);
    if (view === undefined) throw new GraphRunNotFoundError(runId);
    if (settled(view, past)) {
      const record = await checkpointer.load(runId, options.signal);
      if (record === undefined) throw new GraphRunNotFoundError(runId);
      return record;
    }
    await abortableDelay(options.pollMs ?? 250, options.signal);
  }
}

/**
 * The events of a run as its checkpoint records them, by polling (every `pollMs`): its status
 * changes and each node as it settles, then `run_finished` — or `run_suspended` — last. From any
 * process.
 */
export function watchGraphRun(
  checkpointer: GraphCheckpointer,
  runId: string,
  options: PollOptions = {},
): AsyncGenerator<GraphRunEvent, void, undefined> {
  return watchRun(checkpointer, runId, options, undefined);
}

async function* watchRun(
  checkpointer: GraphCheckpointer,
  runId: string,
  options: PollOptions,
  past: number | undefined,
): AsyncGenerator<GraphRunEvent, void, undefined> {
  checkCheckpointer(checkpointer, 'checkpointer');
  checkRunId(runId);
  const seen = new Map<string, string>();
  let status: GraphRunStatus | undefined;
  for (;;) {
    const record = await checkpointer.load(runId, options.signal);
    if (record === undefined) throw new GraphRunNotFoundError(runId);
    if (record.status !== status) {
      status = record.status;
      yield { type: 'run_status', runId, status };
    }
    for (const node of Object.values(record.nodes)) {
      if (seen.get(node.nodeId) === node.status) continue;
      seen.set(node.nodeId, node.status);
      yield { type: 'node_settled', runId, node };
    }
    if (isFinished(record.status)) {
      yield { type: 'run_finished', runId, record };
      return;
    }
    if (settled(record, past)) {
      yield { type: 'run_suspended', runId, record };
      return;
    }
    await abortableDelay(options.pollMs ?? 250, options.signal);
  }
}

/**
 * Cancels a run from any process: a queued or suspended run is cancelled at once (a queued run's
 * job removed; a queued resume of a suspended one finds it cancelled and ends), a running
 * one stops at its next checkpoint write or status poll (its nodes' signals fire) and is recorded
 * `cancelled`. Resolves false for an unknown or finished run.
 */
export async function cancelGraphRun(
  stores: { readonly checkpointer: GraphCheckpointer; readonly queue?: GraphRunQueue },
  runId: string,
  signal?: AbortSignal,
): Promise<boolean> {
  checkCheckpointer(stores?.checkpointer, 'stores.checkpointer');
  checkRunId(runId);
  const cancelled = await stores.checkpointer.cancel(runId, signal);
  if (stores.queue !== undefined) await stores.queue.cancel(runId, signal);
  return cancelled;
}
