import { ValidationError } from '@aigo/ai';

/**
 * What a turn does when its memory reports that the conversation changed while it ran
 * (`ConversationConflictError`: another process or store wrote a turn first):
 * - `fail` (the default): the call rejects with the error; nothing of the turn is stored;
 * - `retry`: a non-streaming call reads the conversation again and re-runs the turn on it (a new
 *   model call), up to `maxConflictRetries` times. Streamed calls always fail: their tokens were
 *   delivered already.
 */
export type ConflictPolicy = 'fail' | 'retry';

/** The policies, in the order the docs list them. */
export const CONFLICT_POLICIES: readonly ConflictPolicy[] = ['fail', 'retry'];

/** How many times a turn is re-run on conflicts with `onConflict: 'retry'`, unless told otherwise. */
export const DEFAULT_MAX_CONFLICT_RETRIES = 3;

/** @throws ValidationError naming `onConflict` unless `value` is a policy (or undefined). */
export function checkConflictPolicy(value: unknown): ConflictPolicy | undefined {
  if (value === undefined) return undefined;
  if (!CONFLICT_POLICIES.includes(value as ConflictPolicy)) {
    throw new ValidationError(
      'onConflict',
      `must be one of ${CONFLICT_POLICIES.map((policy) => `'${policy}'`).join(', ')}, got ${JSON.stringify(value) ?? String(value)}`,
    );
  }
  return value as ConflictPolicy;
}

/** @throws ValidationError naming `maxConflictRetries` unless it is an integer from 1 to 100. */
export function checkMaxConflictRetries(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_CONFLICT_RETRIES;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 100) {
    throw new ValidationError(
      'maxConflictRetries',
      `must be an integer from 1 to 100, got ${String(value)}`,
    );
  }
  return value;
}

/**
 * How many times one call may re-run its turn on a conflict: the call's `onConflict` over the
 * client's; 0 for `fail`.
 */
export function conflictRetriesOf(
  clientPolicy: ConflictPolicy,
  maxRetries: number,
  callPolicy: ConflictPolicy | undefined,
): number {
  return (callPolicy ?? clientPolicy) === 'retry' ? maxRetries : 0;
}

/** @throws ValidationError naming `onConflict` when a streamed call asks to retry. */
export function checkStreamConflictPolicy(callPolicy: ConflictPolicy | undefined): void {
  if (callPolicy === 'retry') {
    throw new ValidationError(
      'onConflict',
      "cannot be 'retry' for a streamed call: its tokens are delivered as they arrive, so a turn that conflicts cannot be re-run; it rejects with ConversationConflictError",
    );
  }
}
