import { ValidationError } from '@aigo/ai';
import { checkSchemaName, type PgPoolOptions } from '@aigo/pg';
import type { Pool } from 'pg';

/**
 * Options of `pgGraphRunQueue`: `connectionString` (pg-boss opens, and `close()` ends, a pool of its
 * own of `poolSize` connections) or `pool` — as `@aigo/pg`'s pool options say —, then the queue's.
 */
export interface PgGraphRunQueueOptions
  extends Pick<PgPoolOptions, 'connectionString' | 'poolSize'> {
  /**
   * A `pg.Pool` of the application instead: pg-boss runs its statements on it (no LISTEN/NOTIFY
   * then: new jobs are found by polling). Give exactly one of `pool` and `connectionString`.
   */
  readonly pool?: Pool | undefined;
  /** The schema of pg-boss's tables. Default `aigo_graph_queue`. */
  readonly schema?: string;
  /** The pg-boss queue the runs go through. Default `aigo-graph-runs`. */
  readonly queueName?: string;
  /**
   * A handler's lease lapses this many seconds after its worker's last heartbeat (a worker that
   * died): the job is then delivered again. pg-boss's minimum is 10. Default 30.
   */
  readonly heartbeatSeconds?: number;
  /** Deliveries after the first before a job is given up (a run failing every delivery). Default 10. */
  readonly retryLimit?: number;
  /** How often an idle worker looks for jobs, in seconds (≥ 0.5; with LISTEN/NOTIFY, new jobs wake it at once). Default 2. */
  readonly pollingIntervalSeconds?: number;
  /** How often pg-boss's supervisor looks for lapsed leases, in seconds (≥ 1). Default 10. */
  readonly superviseIntervalSeconds?: number;
  /** The longest a run may hold its lease, heartbeats or not, in seconds. Default 86 400 (a day). */
  readonly expireInSeconds?: number;
}

/** The checked queue options. */
export interface CheckedQueueOptions {
  readonly schema: string;
  readonly queueName: string;
  readonly heartbeatSeconds: number;
  readonly retryLimit: number;
  readonly pollingIntervalSeconds: number;
  readonly superviseIntervalSeconds: number;
  readonly expireInSeconds: number;
  readonly poolSize: number;
}

function number(
  value: unknown,
  name: string,
  fallback: number,
  min: number,
  integer: boolean,
): number {
  if (value === undefined) return fallback;
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < min ||
    (integer && !Number.isInteger(value))
  ) {
    throw new ValidationError(
      name,
      `must be ${integer ? 'an integer' : 'a number'} of at least ${min}`,
    );
  }
  return value;
}

/** @throws ValidationError naming the first bad option. */
export function checkQueueOptions(options: PgGraphRunQueueOptions): CheckedQueueOptions {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  const hasPool = options.pool !== undefined;
  const hasUrl = 'connectionString' in options;
  if (hasPool === hasUrl) {
    throw new ValidationError('options', 'give exactly one of `pool` and `connectionString`');
  }
  if (hasUrl && (typeof options.connectionString !== 'string' || options.connectionString === '')) {
    throw new ValidationError(
      'options.connectionString',
      'must be a PostgreSQL connection string (it is undefined or empty)',
    );
  }
  if (hasPool && typeof (options.pool as Pool).query !== 'function') {
    throw new ValidationError('options.pool', 'must be a pg.Pool');
  }
  const schema = options.schema ?? 'aigo_graph_queue';
  checkSchemaName(schema, 'options.schema');
  const queueName = options.queueName ?? 'aigo-graph-runs';
  if (typeof queueName !== 'string' || !/^[\w.\-/]{1,100}$/.test(queueName)) {
    throw new ValidationError('options.queueName', 'must be 1 to 100 letters, digits, _ . - or /');
  }
  return {
    schema,
    queueName,
    heartbeatSeconds: number(options.heartbeatSeconds, 'options.heartbeatSeconds', 30, 10, true),
    retryLimit: number(options.retryLimit, 'options.retryLimit', 10, 0, true),
    pollingIntervalSeconds: number(
      options.pollingIntervalSeconds,
      'options.pollingIntervalSeconds',
      2,
      0.5,
      false,
    ),
    superviseIntervalSeconds: number(
      options.superviseIntervalSeconds,
      'options.superviseIntervalSeconds',
      10,
      1,
      true,
    ),
    expireInSeconds: number(options.expireInSeconds, 'options.expireInSeconds', 86_400, 1, true),
    poolSize: number(options.poolSize, 'options.poolSize', 10, 1, true),
  };
}
