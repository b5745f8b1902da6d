import { type AllMessagesOptions, ROLES, type Role, ValidationError } from '@aigo/ai';
import type { Pool } from 'pg';
import type { ListConversationsOptions, PgMemoryStoreOptions } from './pg-memory-options.js';

/** The longest conversation id, in UTF-16 code units (at most 1,536 bytes of UTF-8, well within a btree key). */
export const MAX_CONVERSATION_ID_LENGTH = 512;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Checks a conversation id: a non-empty string of at most 512 code units that PostgreSQL `text` can
 * hold exactly (no NUL, no lone surrogate: the driver would silently replace one, and the id would
 * name another conversation).
 *
 * @throws ValidationError naming `argument`.
 */
export function checkConversationId(id: unknown, argument = 'conversationId'): string {
  if (typeof id !== 'string' || id === '') {
    throw new ValidationError(argument, 'must be a non-empty string');
  }
  if (id.length > MAX_CONVERSATION_ID_LENGTH) {
    throw new ValidationError(
      argument,
      `must be at most ${MAX_CONVERSATION_ID_LENGTH} characters (got ${id.length})`,
    );
  }
  if (id.includes('\u0000')) {
    throw new ValidationError(argument, 'must not contain NUL characters (PostgreSQL text cannot)');
  }
  if (LONE_SURROGATE.test(id)) {
    throw new ValidationError(argument, 'must be well-formed Unicode (it has a lone surrogate)');
  }
  return id;
}

function checkCount(value: unknown, argument: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new ValidationError(argument, 'must be a non-negative integer');
  }
  return value;
}

/** A checked read window: `limit` undefined means all. */
export interface ReadQuery {
  readonly limit: number | undefined;
  readonly offset: number;
  readonly roles: readonly Role[] | undefined;
}

/** Checks `allMessages` options. @throws ValidationError naming `limit`, `offset` or `roles`. */
export function checkReadOptions(options: AllMessagesOptions | undefined): ReadQuery {
  if (options === undefined) return { limit: undefined, offset: 0, roles: undefined };
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  const limit = checkCount(options.limit, 'limit');
  const offset = checkCount(options.offset, 'offset') ?? 0;
  const roles = options.roles;
  if (roles !== undefined) {
    if (!Array.isArray(roles) || roles.some((role) => !ROLES.includes(role))) {
      throw new ValidationError('roles', `must be an array of ${ROLES.join(', ')}`);
    }
  }
  return { limit, offset, roles: roles === undefined ? undefined : [...new Set(roles)] };
}

/** Checks `listConversations` options. */
export function checkListOptions(options: ListConversationsOptions | undefined): {
  limit: number | undefined;
  offset: number;
} {
  if (options === undefined) return { limit: undefined, offset: 0 };
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  return {
    limit: checkCount(options.limit, 'limit'),
    offset: checkCount(options.offset, 'offset') ?? 0,
  };
}

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

const POOL_ONLY_WITH_STRING = [
  'poolSize',
  'connectTimeoutMs',
  'applicationName',
  'onPoolError',
] as const;

/**
 * Checks a store's options (everything but the table names, checked by `tableNames`).
 *
 * @throws ValidationError naming the option.
 */
export function checkStoreOptions(options: PgMemoryStoreOptions): void {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object with pool or connectionString');
  }
  const hasPool = options.pool !== undefined;
  const hasString = options.connectionString !== undefined;
  if (!hasPool && !hasString && 'connectionString' in options) {
    throw new ValidationError(
      'connectionString',
      'is undefined (an environment variable that is not set?)',
    );
  }
  if (hasPool === hasString) {
    throw new ValidationError(
      'options',
      hasPool
        ? 'give pool or connectionString, not both'
        : 'needs pool (a pg.Pool) or connectionString',
    );
  }
  if (hasPool) {
    if (!isPool(options.pool)) throw new ValidationError('pool', 'must be a pg.Pool');
    for (const key of POOL_ONLY_WITH_STRING) {
      if (options[key] !== undefined) {
        throw new ValidationError(
          key,
          'applies only to the pool the store creates from connectionString; configure (and listen to) your own pool instead',
        );
      }
    }
  } else if (typeof options.connectionString !== 'string' || options.connectionString === '') {
    throw new ValidationError('connectionString', 'must be a non-empty string');
  }
  for (const key of ['migrate', 'preparedStatements'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'boolean') {
      throw new ValidationError(key, 'must be a boolean');
    }
  }
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
