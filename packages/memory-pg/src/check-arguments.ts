import {
  type AllMessagesOptions,
  checkOptionKeys,
  ROLES,
  type Role,
  ValidationError,
} from '@aigo/ai';
import { checkPoolOptions, type PgPoolOptions, type PgPoolSettings } from '@aigo/pg';
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

/** The options of `PgMemoryStoreOptions` that say how to reach PostgreSQL (`@aigo/pg` checks them). */
const POOL_KEYS = [
  'pool',
  'connectionString',
  'poolSize',
  'connectTimeoutMs',
  'applicationName',
  'onPoolError',
] as const;

/** The store's own options besides the pool's. */
const STORE_KEYS = ['tableName', 'schema', 'migrate', 'preparedStatements'] as const;

/** How this package's pools are set up: its `application_name`, and no `poolConfig` option. */
export const POOL_SETTINGS: PgPoolSettings = {
  defaultApplicationName: 'aigo-memory-pg',
  acceptPoolConfig: false,
};

/**
 * The pool options of a store's options, and only those (a key given as `undefined` stays given, so
 * that an unset `connectionString` variable is reported as such).
 */
export function poolOptionsOf(options: PgMemoryStoreOptions): PgPoolOptions {
  const picked: Record<string, unknown> = {};
  for (const key of POOL_KEYS) if (key in options) picked[key] = options[key];
  return picked as PgPoolOptions;
}

/**
 * Checks a store's options (everything but the table names, checked by `tableNames`): how to reach
 * PostgreSQL (`checkPoolOptions` of `@aigo/pg`), then `migrate` and `preparedStatements`; a key
 * `factory` does not take is refused, with the valid name it is close to.
 *
 * @throws ValidationError naming the option.
 */
export function checkStoreOptions(
  options: PgMemoryStoreOptions,
  factory: 'pgMemory()' | 'pgMemoryStore()' = 'pgMemoryStore()',
): void {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object with pool or connectionString');
  }
  checkOptionKeys(
    options,
    [...POOL_KEYS, ...STORE_KEYS, ...(factory === 'pgMemory()' ? ['conversationId'] : [])],
    { owner: factory },
  );
  checkPoolOptions(poolOptionsOf(options), POOL_SETTINGS);
  for (const key of ['migrate', 'preparedStatements'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'boolean') {
      throw new ValidationError(key, 'must be a boolean');
    }
  }
}
