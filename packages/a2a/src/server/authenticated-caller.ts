import type { Principal } from '@aigo/ai';

/**
 * The SDK's user of a request whose caller the server's `authorize` named (`{ principal }`): the
 * principal's id as the user name, the principal itself beside it for the run.
 */
export interface AuthenticatedCaller {
  readonly isAuthenticated: true;
  readonly userName: string;
  readonly principal: Principal;
}

/** The SDK's user for a caller `authorize` named. */
export function authenticatedCaller(principal: Principal): AuthenticatedCaller {
  return { isAuthenticated: true, userName: principal.id, principal };
}

/** The principal of the SDK's user of a request, when `authorize` named one. */
export function principalOf(user: unknown): Principal | undefined {
  if (typeof user !== 'object' || user === null) return undefined;
  const caller = user as Partial<AuthenticatedCaller>;
  return caller.isAuthenticated === true ? caller.principal : undefined;
}
