import {
  CheckpointError,
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
import type { ConstructorOptions, PgBoss } from 'pg-boss';
import { jobIdOf } from './job-id.js';
import {
  type CheckedQueueOptions,
  checkQueueOptions,
  type PgGraphRunQueueOptions,
} from './pg-graph-run-queue-options.js';

/** A `GraphRunQueue` on pg-boss, with its start made explicit. */
export interface PgGraphRunQueue extends GraphRunQueue {
  /** Starts pg-boss (creating its schema and the queue once); every other call does it first. */
  ready(): Promise<void>;
}

/**
 * Creates a `GraphRunQueue` on [pg-boss](https://github.com/timgit/pg-boss) 12 in PostgreSQL: a job
 * per run (its id derived from the run id, so a run is queued once), delivered to one worker at a
 * time under a lease that the worker's heartbeats keep (`heartbeatSeconds`). A worker that dies stops
 * beating; pg-boss's supervisor fails the job and delivers it again, to any worker, up to
 * `retryLimit` times. New jobs wake idle workers by LISTEN/NOTIFY (with a pool of pg-boss's own),
 * polling stays as the floor.
 *
 * @example
 * const queue = pgGraphRunQueue({ connectionString: process.env.DATABASE_URL });
 * const worker = createGraphWorker({ queue, checkpointer, graphs: [graph] });
 * await worker.start();
 *
 * @throws ValidationError naming the first bad option (nothing connects before the first call).
 */
export function pgGraphRunQueue(options: PgGraphRunQueueOptions): PgGraphRunQueue {
  const checked = checkQueueOptions(options);
  return new PgBossGraphRunQueue(options, checked);
}

class PgBossGraphRunQueue implements PgGraphRunQueue {
  readonly #bossOptions: ConstructorOptions;
  #boss: PgBoss | undefined;
  readonly #options: CheckedQueueOptions;
  readonly #workers = new Set<PgBossWorker>();
  #ready: Promise<void> | undefined;
  #closed = false;

  constructor(options: PgGraphRunQueueOptions, checked: CheckedQueueOptions) {
    this.#options = checked;
    const pool = options.pool;
    this.#bossOptions = {
      ...(pool === undefined
        ? {
            connectionString: options.connectionString as string,
            max: checked.poolSize,
            useListenNotify: true,
          }
        : {
            db: {
              executeSql: (text: string, values?: unknown[]) =>
                pool.query(text, values as unknown[]),
            },
          }),
      schema: checked.schema,
      application_name: 'aigo-graph-pg-queue',
      superviseIntervalSeconds: checked.superviseIntervalSeconds,
      monitorIntervalSeconds: checked.superviseIntervalSeconds,
      schedule: false,
      registerInstance: false,
    };
  }

  /** pg-boss, once {@link ready} made it (loaded on first use: the checkpointer alone never pays for it). */
  get #started(): PgBoss {
    if (this.#boss === undefined) throw new Error('the queue has not been started');
    return this.#boss;
  }

  ready(): Promise<void> {
    if (this.#closed) return Promise.reject(new ValidationError('queue', 'is closed'));
    this.#ready ??= this.#start().catch((error: unknown) => {
      this.#ready = undefined;
      throw new CheckpointError(
        `Starting the pg-boss graph run queue failed: ${messageOf(error)}`,
        { cause: error, retryable: true },
      );
    });
    return this.#ready;
  }

  async #start(): Promise<void> {
    const { PgBoss } = await import('pg-boss');
    const boss = new PgBoss(this.#bossOptions);
    // pg-boss reports background failures (a lost connection while polling) as events; it retries
    // by itself. Without a listener an `error` event would crash the process.
    boss.on('error', () => undefined);
    this.#boss = boss;
    try {
      await boss.start();
    } catch (error) {
      this.#boss = undefined;
      await boss.stop({ graceful: false, close: true }).catch(() => undefined);
      throw error;
    }
    const name = this.#options.queueName;
    const existing = await boss.getQueue(name);
    if (existing === null || existing === undefined) {
      await boss.createQueue(name, {
        heartbeatSeconds: this.#options.heartbeatSeconds,
        retryLimit: this.#options.retryLimit,
        retryDelay: 0,
        expireInSeconds: this.#options.expireInSeconds,
        notify: true,
      });
    }
  }

  async submit(job: GraphRunJob, signal?: AbortSignal): Promise<void> {
    checkGraphRunJob(job);
    throwIfAborted(signal);
    await this.ready();
    try {
      const resume =
        job.suspension === undefined
          ? {}
          : { responses: job.responses, suspension: job.suspension };
      await this.#started.send(
        this.#options.queueName,
        { runId: job.runId, graph: job.graph, input: job.input, ...resume },
        { id: jobIdOf(job.runId, job.suspension) },
      );
    } catch (error) {
      throw new CheckpointError(
        `Queueing graph run ${JSON.stringify(job.runId)} failed: ${messageOf(error)}`,
        { cause: error, retryable: true },
      );
    }
  }

  async work(handler: GraphRunHandler, options: GraphRunWorkOptions): Promise<GraphRunQueueWorker> {
    checkGraphRunWork(handler, options);
    await this.ready();
    const worker = new PgBossWorker(this.#started, this.#options, handler, () =>
      this.#workers.delete(worker),
    );
    await worker.start(options.concurrency);
    this.#workers.add(worker);
    return worker;
  }

  async cancel(runId: string, signal?: AbortSignal): Promise<void> {
    checkRunId(runId);
    throwIfAborted(signal);
    await this.ready();
    try {
      await this.#started.cancel(this.#options.queueName, jobIdOf(runId));
    } catch (error) {
      throw new CheckpointError(
        `Cancelling the job of graph run ${JSON.stringify(runId)} failed: ${messageOf(error)}`,
        { cause: error },
      );
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([...this.#workers].map((worker) => worker.stop()));
    if (this.#ready !== undefined) {
      await this.#ready.catch(() => undefined);
      await this.#boss?.stop({ graceful: true, close: true }).catch(() => undefined);
    }
  }
}

interface BossJob {
  readonly id: string;
  readonly data: GraphRunJob;
  readonly retryCount: number;
  readonly signal: AbortSignal;
}

class PgBossWorker implements GraphRunQueueWorker {
  readonly #boss: PgBoss;
  readonly #options: CheckedQueueOptions;
  readonly #handler: GraphRunHandler;
  readonly #forget: () => void;
  readonly #stopping = new AbortController();
  readonly #workerIds: string[] = [];
  #stopped: Promise<void> | undefined;

  constructor(
    boss: PgBoss,
    options: CheckedQueueOptions,
    handler: GraphRunHandler,
    forget: () => void,
  ) {
    this.#boss = boss;
    this.#options = options;
    this.#handler = handler;
    this.#forget = forget;
  }

  /**
   * One pg-boss worker per slot: a slot that finished a run looks for the next one at once (it
   * wakes itself with `notifyWorker`), instead of waiting out a polling interval — pg-boss waits
   * after every fetch unless notified, and with one job per fetch there is no batch to burst on.
   */
  async start(concurrency: number): Promise<void> {
    for (let slot = 0; slot < concurrency; slot++) {
      const self: { id: string | undefined } = { id: undefined };
      self.id = await this.#boss.work<GraphRunJob>(
        this.#options.queueName,
        { batchSize: 1, pollingIntervalSeconds: this.#options.pollingIntervalSeconds },
        async (jobs) => {
          const job = jobs[0] as unknown as BossJob;
          const signal = AbortSignal.any([job.signal, this.#stopping.signal]);
          try {
            // Resolving completes the job; rejecting (a run the stop interrupted) hands it back.
            await this.#handler(job.data, {
              runId: job.data.runId,
              delivery: job.retryCount + 1,
              signal,
            });
          } finally {
            if (self.id !== undefined && !this.#stopping.signal.aborted)
              this.#boss.notifyWorker(self.id);
          }
        },
      );
      this.#workerIds.push(self.id);
    }
  }

  stop(): Promise<void> {
    this.#stopped ??= (async () => {
      this.#forget();
      this.#stopping.abort(new Error('the graph worker is stopping'));
      await Promise.all(
        this.#workerIds.map((id) =>
          this.#boss.offWork(this.#options.queueName, { id, wait: true }).catch(() => undefined),
        ),
      );
    })();
    return this.#stopped;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
