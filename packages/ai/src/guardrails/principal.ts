import { ValidationError } from '../errors/validation-error.js';

/**
 * Who a run acts for: the end user (or service) whose request it serves. It reaches every tool's,
 * hook's, guardrail's and policy's context (`ctx.principal`), the run's span (`enduser.id`, and
 * `aigo.principal.roles` / `aigo.principal.tenant`), and is saved with suspended runs and run
 * states, so a run goes on only for the principal it was started for.
 */
export interface Principal {
  /** A stable id of the user or service (not a secret, not content). */
  readonly id: string;
  /** The principal's roles, for authorization decisions (`admin`, `approver`…). */
  readonly roles?: readonly string[];
  /** The tenant the principal belongs to, in a multi-tenant application. */
  readonly tenant?: string;
}

const PRINCIPAL_KEYS = new Set(['id', 'roles', 'tenant']);

/**
 * Checks a principal and returns a frozen copy (roles copied). `undefined` stays `undefined`.
 *
 * @param argument - The name errors give the value (`principal`).
 * @throws ValidationError naming the field: a principal without a non-empty string `id`, roles that
 *   are not strings, a tenant that is not a string, an unknown key.
 */
export function checkPrincipal(value: unknown, argument = 'principal'): Principal | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(argument, 'must be an object { id, roles?, tenant? }');
  }
  const principal = value as Record<string, unknown>;
  for (const key of Object.keys(principal)) {
    if (!PRINCIPAL_KEYS.has(key)) {
      throw new ValidationError(`${argument}.${key}`, 'is not part of a principal');
    }
  }
  const { id, roles, tenant } = principal;
  if (typeof id !== 'string' || id.trim() === '') {
    throw new ValidationError(`${argument}.id`, 'must be a non-empty string');
  }
  if (
    roles !== undefined &&
    (!Array.isArray(roles) || roles.some((role) => typeof role !== 'string' || role === ''))
  ) {
    throw new ValidationError(`${argument}.roles`, 'must be an array of non-empty strings');
  }
  if (tenant !== undefined && (typeof tenant !== 'string' || tenant === '')) {
    throw new ValidationError(`${argument}.tenant`, 'must be a non-empty string');
  }
  return Object.freeze({
    id,
    ...(roles === undefined ? {} : { roles: Object.freeze([...(roles as string[])]) }),
    ...(tenant === undefined ? {} : { tenant: tenant as string }),
  });
}

/** True when two principals are the same: same id and tenant (roles may change between parts). */
export function samePrincipal(a: Principal | undefined, b: Principal | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.id === b.id && a.tenant === b.tenant;
}

/** The span attributes of a principal: `enduser.id`, `aigo.principal.roles`, `aigo.principal.tenant`. */
export function principalAttributes(
  principal: Principal | undefined,
): Record<string, string | string[]> {
  if (principal === undefined) return {};
  return {
    'enduser.id': principal.id,
    ...(principal.roles === undefined ? {} : { 'aigo.principal.roles': [...principal.roles] }),
    ...(principal.tenant === undefined ? {} : { 'aigo.principal.tenant': principal.tenant }),
  };
}
