import { FINISHED_GRAPH_RUN_STATUSES, type GraphRunStatus } from '@aigo/ai';

/** `name@version#fingerprint` of a graph identity or a run's record of one. */
export function identityLabel(identity: {
  readonly name?: string;
  readonly graphName?: string;
  readonly version?: string | undefined;
  readonly graphVersion?: string | undefined;
  readonly fingerprint?: string | undefined;
}): string {
  const name = identity.name ?? identity.graphName ?? '?';
  const version = identity.version ?? identity.graphVersion ?? '?';
  return `${JSON.stringify(name)}@${version}#${identity.fingerprint ?? '?'}`;
}

/** Whether a run with this status is over (it never runs again). */
export function isFinished(status: GraphRunStatus): boolean {
  return FINISHED_GRAPH_RUN_STATUSES.includes(status);
}
