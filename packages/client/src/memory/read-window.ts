import { type AllMessagesOptions, type Message, ROLES, type Role, ValidationError } from '@aigo/ai';

/** Read options, checked: `offset` defaults to 0. */
export interface CheckedReadOptions {
  readonly limit: number | undefined;
  readonly offset: number;
  readonly roles: ReadonlySet<Role> | undefined;
  readonly signal: AbortSignal | undefined;
}

/**
 * Checks the options of `allMessages` / `readVersioned`.
 *
 * @throws ValidationError naming `options`, `limit`, `offset` or `roles`.
 */
export function checkReadOptions(options: AllMessagesOptions | undefined): CheckedReadOptions {
  if (options === undefined) {
    return { limit: undefined, offset: 0, roles: undefined, signal: undefined };
  }
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  const { limit, offset = 0, roles, signal } = options;
  checkCount(limit, 'limit');
  checkCount(offset, 'offset');
  return {
    limit,
    offset,
    roles: roles === undefined ? undefined : checkRoles(roles),
    signal,
  };
}

/**
 * The messages a read asks for, oldest first, in a new array: `roles` filter first, then `limit` and
 * `offset` count from the newest.
 */
export function readWindow(
  messages: readonly Message[],
  options: Pick<CheckedReadOptions, 'limit' | 'offset' | 'roles'>,
): Message[] {
  const { limit, offset, roles } = options;
  let selected = messages;
  if (roles !== undefined) selected = selected.filter((message) => roles.has(message.role));
  const end = Math.max(0, selected.length - offset);
  const start = limit === undefined ? 0 : Math.max(0, end - limit);
  return selected.slice(start, end);
}

function checkCount(value: number | undefined, name: string): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new ValidationError(name, `must be a non-negative integer, got ${String(value)}`);
  }
}

function checkRoles(roles: readonly Role[]): Set<Role> {
  if (!Array.isArray(roles)) throw new ValidationError('roles', 'must be an array of roles');
  for (const role of roles) {
    if (!ROLES.includes(role)) {
      throw new ValidationError('roles', `unknown role ${JSON.stringify(role)}`);
    }
  }
  return new Set(roles);
}
