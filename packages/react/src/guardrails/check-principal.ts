import { type Principal, SuspendedRunError, samePrincipal } from '@aigo/ai';

/**
 * Checks that `caller` may continue a run saved for `owner` (a resume, a step): the same principal
 * (id and tenant), or one with a role among `approverRoles` — a reviewer deciding on a user's run.
 *
 * @throws SuspendedRunError (`problem: 'principal'`) otherwise; nothing has run.
 */
export function checkPrincipalMayContinue(
  owner: Principal | undefined,
  caller: Principal | undefined,
  approverRoles: readonly string[] | undefined,
  runId: string,
): void {
  if (samePrincipal(owner, caller)) return;
  const roles = caller?.roles;
  if (
    caller !== undefined &&
    roles !== undefined &&
    approverRoles !== undefined &&
    roles.some((role) => approverRoles.includes(role)) &&
    (owner?.tenant === undefined || owner.tenant === caller.tenant)
  ) {
    return;
  }
  const who = caller === undefined ? 'no principal' : `principal ${JSON.stringify(caller.id)}`;
  const whose =
    owner === undefined ? 'without a principal' : `for principal ${JSON.stringify(owner.id)}`;
  throw new SuspendedRunError(
    'principal',
    `Run ${JSON.stringify(runId)} was saved ${whose}; ${who} may not continue it${approverRoles === undefined || approverRoles.length === 0 ? '' : ` (approver roles: ${approverRoles.join(', ')})`}`,
    { runId },
  );
}
