import type { MutableSpan } from './recorded-run.js';
import type { PendingApproval } from './run-model.js';

/** The event an agent's span records when its run suspends (`@aigo/react`). */
export const INTERACTION_REQUESTED = 'aigo.interaction.requested';

/** A suspended run's id and the decisions it waits for, from its agent span's last suspension. */
export interface Suspension {
  /** The run's id in the run store (`SuspendedRun.runId`). */
  readonly runId: string;
  readonly approvals: readonly PendingApproval[];
}

/**
 * What a suspended agent run waits for: the requests of the last `aigo.interaction.requested` event
 * of its root span (`aigo.run.id`, `aigo.interaction.request_ids`, `.tools`, and `.arguments` when
 * content is captured). `undefined` when the run did not suspend.
 */
export function suspensionOf(root: MutableSpan): Suspension | undefined {
  if (root.attributes['aigo.react.stop_reason'] !== 'suspended') return undefined;
  const event = root.events.findLast((candidate) => candidate.name === INTERACTION_REQUESTED);
  if (event === undefined) return undefined;
  const a = event.attributes;
  const runId = a['aigo.run.id'];
  const ids = a['aigo.interaction.request_ids'];
  if (typeof runId !== 'string' || !Array.isArray(ids)) return undefined;
  const tools = Array.isArray(a['aigo.interaction.tools']) ? a['aigo.interaction.tools'] : [];
  const args = Array.isArray(a['aigo.interaction.arguments'])
    ? a['aigo.interaction.arguments']
    : undefined;
  const approvals = ids.map((id, index) => ({
    id: String(id),
    toolName: String(tools[index] ?? ''),
    arguments: args === undefined ? undefined : String(args[index] ?? ''),
    message: undefined,
  }));
  return { runId, approvals };
}
