import { ValidationError } from '@aigo/ai';
import type { Pool } from 'pg';
import type { PgPoolOptions, PgPoolSettings } from './pg-pool-options.js';

function isPool(value: unknown): value is Pool {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.connect === 'function' &&
    typeof candidate.query === 'function' &&
    typeof candidate.on === 'function' &&
    typeof candidate.off === 'function'
  );
}

const FOR_CREATED_POOL = [
  'poolSize',
  'connectTimeoutMs',
  'applicationName',
  'onPoolError',
] as const;

/** The `poolConfig` field each option fills in. */
const CONFIG_FIELD = {
  poolSize: 'max',
  connectTimeoutMs: 'connectionTimeoutMillis',
  applicationName: 'application_name',
} as const;

/**
 * Checks how a store reaches PostgreSQL: exactly one of `pool`, `connectionString` and `poolConfig`
 * (or of the first two, when the store does not offer `poolConfig`), and the options of a pool the
 * store creates. Other keys of `options` are not looked at.
 *
 * @throws ValidationError naming the option, before anything connects.
 */
export function checkPoolOptions(options: PgPoolOptions, settings?: PgPoolSettings): void {
  const acceptConfig = settings?.acceptPoolConfig ?? true;
  const sources = acceptConfig
    ? 'pool, connectionString or poolConfig'
    : 'pool or connectionString';
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', `must be an object with ${sources}`);
  }
  const given = [
    options.pool !== undefined,
    options.connectionString !== undefined,
    acceptConfig && options.poolConfig !== undefined,
  ].filter(Boolean).length;
  if (given === 0 && 'connectionString' in options) {
    throw new ValidationError(
      'connectionString',
      'is undefined (an environment variable that is not set?)',
    );
  }
  if (given !== 1) {
    throw new ValidationError(
      'options',
      given === 0
        ? `needs ${acceptConfig ? 'pool (a pg.Pool), connectionString or poolConfig' : 'pool (a pg.Pool) or connectionString'}`
        : `give one of ${sources}, not several`,
    );
  }
  if (options.pool !== undefined) {
    if (!isPool(options.pool)) throw new ValidationError('pool', 'must be a pg.Pool');
    for (const key of FOR_CREATED_POOL) {
      if (options[key] !== undefined) {
        throw new ValidationError(
          key,
          `applies only to a pool the store creates (from ${acceptConfig ? 'connectionString or poolConfig' : 'connectionString'}); configure (and listen to) your own pool instead`,
        );
      }
    }
  } else if (options.connectionString !== undefined) {
    if (typeof options.connectionString !== 'string' || options.connectionString === '') {
      throw new ValidationError('connectionString', 'must be a non-empty string');
    }
  } else {
    const config = options.poolConfig;
    if (config === null || typeof config !== 'object' || Array.isArray(config)) {
      throw new ValidationError('poolConfig', 'must be a pg.PoolConfig object');
    }
    for (const [option, field] of Object.entries(CONFIG_FIELD)) {
      const key = option as keyof typeof CONFIG_FIELD;
      if (options[key] !== undefined && config[field] !== undefined) {
        throw new ValidationError(key, `is also set as poolConfig.${field}: give one of the two`);
      }
    }
  }
  checkCreatedPoolOptions(options);
}

function checkCreatedPoolOptions(options: PgPoolOptions): void {
  const { poolSize, connectTimeoutMs, applicationName, onPoolError } = options;
  if (
    poolSize !== undefined &&
    (!Number.isSafeInteger(poolSize) || poolSize < 1 || poolSize > 1000)
  ) {
    throw new ValidationError('poolSize', 'must be an integer from 1 to 1000');
  }
  if (
    connectTimeoutMs !== undefined &&
    (!Number.isSafeInteger(connectTimeoutMs) || connectTimeoutMs < 1)
  ) {
    throw new ValidationError('connectTimeoutMs', 'must be a positive integer (milliseconds)');
  }
  if (
    applicationName !== undefined &&
    (typeof applicationName !== 'string' ||
      applicationName.length > 63 ||
      !/^[\x20-\x7e]*$/.test(applicationName))
  ) {
    throw new ValidationError(
      'applicationName',
      'must be at most 63 printable ASCII characters (PostgreSQL keeps no more)',
    );
  }
  if (onPoolError !== undefined && typeof onPoolError !== 'function') {
    throw new ValidationError('onPoolError', 'must be a function');
  }
}
