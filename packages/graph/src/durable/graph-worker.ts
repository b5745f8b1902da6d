import {
  type GraphCheckpointer,
  type GraphRunJob,
  type GraphRunLease,
  type GraphRunQueue,
  type GraphRunQueueWorker,
  type GraphRunResponses,
  ValidationError,
} from '@aigo/ai';
import type { ExecuteOptions, ResumeOptions } from '../plan/graph-options.js';
import { isFinished } from './run-identity.js';
import { checkCheckpointer } from './validate-durable-options.js';

/** What a worker needs of a graph (any `Graph<T>` from `createGraph`). */
export interface RunnableGraph {
  readonly name: string;
  validate(): void;
  execute(
    initialState: Readonly<Record<string, unknown>>,
    options: ExecuteOptions,
  ): Promise<unknown>;
  /** Needed for the resume jobs of `resumeGraphRun` (every graph of `createGraph` has it). */
  resume?(runId: string, responses: GraphRunResponses, options: ResumeOptions): Promise<unknown>;
}

/** Options of {@link createGraphWorker}. */
export interface GraphWorkerOptions {
  /** Where the runs wait (`pgGraphRunQueue` of `@aigo/graph-pg` across machines). */
  readonly queue: GraphRunQueue;
  /** Where the runs' checkpoints are (the same store every worker and submitter uses). */
  readonly checkpointer: GraphCheckpointer;
  /** The graphs this worker runs, by their `name` (two with one name are refused). */
  readonly graphs: readonly RunnableGraph[];
  /** Runs handled at once by this worker. Default 8. */
  readonly concurrency?: number;
}

/** A worker of durable graph runs. */
export interface GraphWorker {
  /** Starts taking runs from the queue. */
  start(): Promise<void>;
  /**
   * Stops taking runs; the runs in progress stop (their nodes' signals fire) and stay resumable —
   * another worker picks them up. Idempotent.
   */
  stop(): Promise<void>;
}

/**
 * Creates a worker that takes graph runs from `queue` and executes each durably with
 * `graph.execute(job.input, { runId, checkpointer, signal: lease.signal })`: a run another worker
 * began resumes from its checkpoint, and a lost lease stops the run here. A resume job
 * (`resumeGraphRun`) runs `graph.resume(runId, responses, …)` while the run is still in the
 * suspension it answers; delivered again after a worker died mid-resume, it executes the run, which
 * re-runs the suspended nodes with the responses the resume recorded. A run that finished —
 * completed, failed or cancelled, as its checkpoint records — or suspended completes the job (a
 * suspended run waits for its resume, not for a retry); any other failure
 * (a lost lease, a failing store, a graph this worker does not know or whose version changed) hands
 * the job back to the queue for another delivery.
 *
 * @example
 * const worker = createGraphWorker({ queue, checkpointer, graphs: [reportGraph], concurrency: 8 });
 * await worker.start();
 *
 * @throws ValidationError naming the first bad option.
 */
export function createGraphWorker(options: GraphWorkerOptions): GraphWorker {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  checkQueue(options.queue, 'options.queue');
  checkCheckpointer(options.checkpointer, 'options.checkpointer');
  const concurrency = options.concurrency ?? 8;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new ValidationError('options.concurrency', 'must be an integer of at least 1');
  }
  if (!Array.isArray(options.graphs) || options.graphs.length === 0) {
    throw new ValidationError('options.graphs', 'must be a non-empty array of graphs');
  }
  const graphs = new Map<string, RunnableGraph>();
  options.graphs.forEach((graph, index) => {
    if (graph === null || typeof graph !== 'object' || typeof graph.execute !== 'function') {
      throw new ValidationError(`options.graphs[${index}]`, 'must be a graph (from createGraph)');
    }
    if (graphs.has(graph.name)) {
      throw new ValidationError(
        `options.graphs[${index}]`,
        `repeats the graph name ${JSON.stringify(graph.name)}`,
      );
    }
    graph.validate();
    graphs.set(graph.name, graph);
  });
  const { queue, checkpointer } = options;
  /** Whether the run is still in the suspension a resume job answers. */
  const inSuspension = async (job: GraphRunJob): Promise<boolean> => {
    const view = await checkpointer.status(job.runId);
    return view?.status === 'suspended' && view.fencingToken === job.suspension;
  };
  let subscription: GraphRunQueueWorker | undefined;
  let starting: Promise<void> | undefined;

  const handle = async (job: GraphRunJob, lease: GraphRunLease): Promise<void> => {
    const graph = graphs.get(job.graph);
    if (graph === undefined) {
      throw new ValidationError(
        'job.graph',
        `names a graph this worker does not run: ${JSON.stringify(job.graph)}`,
      );
    }
    try {
      const options = { runId: job.runId, checkpointer, signal: lease.signal };
      if (job.responses !== undefined && (await inSuspension(job))) {
        if (graph.resume === undefined) {
          throw new ValidationError(
            'job.graph',
            `names a graph without resume: ${JSON.stringify(job.graph)} cannot take a resume job`,
          );
        }
        await graph.resume(job.runId, job.responses, options);
      } else {
        await graph.execute(job.input, options);
      }
    } catch (error) {
      const view = await checkpointer.status(job.runId).catch(() => undefined);
      if (view !== undefined && (isFinished(view.status) || view.status === 'suspended')) return;
      throw error;
    }
  };

  return {
    start() {
      starting ??= queue.work(handle, { concurrency }).then((worker) => {
        subscription = worker;
      });
      return starting;
    },
    async stop() {
      await starting?.catch(() => undefined);
      await subscription?.stop();
    },
  };
}

/** Throws unless `value` has every `GraphRunQueue` method. */
export function checkQueue(value: unknown, name: string): asserts value is GraphRunQueue {
  if (value === null || typeof value !== 'object')
    throw new ValidationError(name, 'must be a GraphRunQueue');
  for (const method of ['submit', 'work', 'cancel', 'close'] as const) {
    if (typeof (value as Record<string, unknown>)[method] !== 'function') {
      throw new ValidationError(name, `must be a GraphRunQueue (its ${method} method is missing)`);
    }
  }
}
