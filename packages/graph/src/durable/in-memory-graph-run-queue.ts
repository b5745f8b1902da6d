import {
  checkGraphRunJob,
  checkGraphRunWork,
  checkRunId,
  type GraphRunHandler,
  type GraphRunJob,
  type GraphRunQueue,
  type GraphRunQueueWorker,
  type GraphRunWorkOptions,
  throwIfAborted,
  ValidationError,
} from '@aigo/ai';

interface Queued {
  readonly job: GraphRunJob;
  delivery: number;
}

/**
 * A {@link GraphRunQueue} in this process's memory: jobs are delivered first-in, first-out to the
 * workers of this queue object, and a job whose handler rejects (a run that a stopping worker
 * interrupted, say) is delivered again, up to `maxDeliveries` times. For tests and single-process
 * applications; `pgGraphRunQueue` of `@aigo/graph-pg` shares a queue between machines.
 */
export function inMemoryGraphRunQueue(
  options: { readonly maxDeliveries?: number } = {},
): GraphRunQueue {
  const maxDeliveries = options.maxDeliveries ?? 3;
  if (!Number.isInteger(maxDeliveries) || maxDeliveries < 1) {
    throw new ValidationError('options.maxDeliveries', 'must be an integer of at least 1');
  }
  return new InMemoryGraphRunQueue(maxDeliveries);
}

class InMemoryGraphRunQueue implements GraphRunQueue {
  readonly #maxDeliveries: number;
  readonly #waiting: Queued[] = [];
  readonly #known = new Set<string>();
  readonly #workers = new Set<InMemoryWorker>();
  #closed = false;

  constructor(maxDeliveries: number) {
    this.#maxDeliveries = maxDeliveries;
  }

  async submit(job: GraphRunJob, signal?: AbortSignal): Promise<void> {
    checkGraphRunJob(job);
    throwIfAborted(signal);
    if (this.#closed) throw new ValidationError('queue', 'is closed');
    const key = jobKey(job);
    if (this.#known.has(key)) return;
    this.#known.add(key);
    this.#waiting.push({ job: structuredClone(job), delivery: 0 });
    this.dispatch();
  }

  async work(handler: GraphRunHandler, options: GraphRunWorkOptions): Promise<GraphRunQueueWorker> {
    checkGraphRunWork(handler, options);
    if (this.#closed) throw new ValidationError('queue', 'is closed');
    const worker = new InMemoryWorker(this, handler, options.concurrency);
    this.#workers.add(worker);
    this.dispatch();
    return worker;
  }

  async cancel(runId: string, signal?: AbortSignal): Promise<void> {
    checkRunId(runId);
    throwIfAborted(signal);
    const index = this.#waiting.findIndex(
      (queued) => queued.job.runId === runId && queued.job.suspension === undefined,
    );
    if (index >= 0) this.#waiting.splice(index, 1);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#workers].map((worker) => worker.stop()));
  }

  /** Hands waiting jobs to workers with free slots. */
  dispatch(): void {
    for (const worker of this.#workers) {
      while (this.#waiting.length > 0 && worker.hasSlot()) {
        const queued = this.#waiting.shift() as Queued;
        queued.delivery++;
        worker.handle(queued);
      }
    }
  }

  /** A delivery failed: the job waits again, unless it was delivered too often. */
  redeliver(queued: Queued): void {
    if (queued.delivery < this.#maxDeliveries && !this.#closed) this.#waiting.push(queued);
    this.dispatch();
  }

  forget(worker: InMemoryWorker): void {
    this.#workers.delete(worker);
  }
}

class InMemoryWorker implements GraphRunQueueWorker {
  readonly #queue: InMemoryGraphRunQueue;
  readonly #handler: GraphRunHandler;
  readonly #concurrency: number;
  readonly #running = new Map<Promise<void>, AbortController>();
  #stopped = false;

  constructor(queue: InMemoryGraphRunQueue, handler: GraphRunHandler, concurrency: number) {
    this.#queue = queue;
    this.#handler = handler;
    this.#concurrency = concurrency;
  }

  hasSlot(): boolean {
    return !this.#stopped && this.#running.size < this.#concurrency;
  }

  handle(queued: Queued): void {
    const controller = new AbortController();
    const lease = { runId: queued.job.runId, delivery: queued.delivery, signal: controller.signal };
    let done: Promise<void>;
    const run = async (): Promise<void> => {
      await Promise.resolve();
      await this.#handler(structuredClone(queued.job), lease);
    };
    done = run().then(
      () => {
        this.#running.delete(done);
        this.#queue.dispatch();
      },
      () => {
        this.#running.delete(done);
        this.#queue.redeliver(queued);
      },
    );
    this.#running.set(done, controller);
  }

  async stop(): Promise<void> {
    if (!this.#stopped) {
      this.#stopped = true;
      this.#queue.forget(this);
      for (const controller of this.#running.values()) {
        controller.abort(new Error('the worker stopped'));
      }
    }
    await Promise.all(this.#running.keys());
  }
}

/** A job's identity: its run, and for a resume the suspension it answers. */
function jobKey(job: GraphRunJob): string {
  return job.suspension === undefined
    ? job.runId
    : `${job.runId}\u0000resume\u0000${job.suspension}`;
}
