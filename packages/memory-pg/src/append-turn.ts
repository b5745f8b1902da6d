import {
  type CheckedMemoryWriteOptions,
  ConversationConflictError,
  MESSAGE_FORMAT_VERSION,
  MemoryError,
} from '@aigo/ai';
import type { EncodedBatch } from './message-codec.js';
import type { PgStoreCore } from './pg-store-core.js';

/** `turnStatus` rows: the version now (int8 as text; NULL: holds nothing) and whether the turn is stored. */
type TurnStatusRow = [version: string | null, stored: boolean];

/**
 * Stores an encoded batch (at least one message) as one statement: plainly, or — with
 * `expectedVersion` — only if the conversation is still at that version. A batch whose `turnId` is
 * stored already resolves without a second copy (the unique index refuses it, or the status read
 * after a versioned write that stored nothing finds it).
 *
 * @throws ConversationConflictError when the conversation is at another version (nothing stored).
 * @throws MemoryError when PostgreSQL fails; a lost connection leaves the outcome unknown, and the
 *   same call (same `turnId`) may be sent again.
 */
export async function appendTurn(
  core: PgStoreCore,
  conversationId: string,
  batch: EncodedBatch,
  options: CheckedMemoryWriteOptions,
): Promise<void> {
  const { expectedVersion, turnId, signal } = options;
  const { statements } = core;
  const operation = `Appending to ${core.label}`;
  const values: unknown[] = [
    conversationId,
    batch.count,
    MESSAGE_FORMAT_VERSION,
    batch.json,
    batch.escaped,
    turnId ?? null,
    batch.runningTokens,
  ];
  try {
    if (expectedVersion === undefined) {
      await core.write(operation, statements.append, values, signal);
      return;
    }
    values.push(expectedVersion);
    const statement =
      expectedVersion === 0
        ? statements.appendVersioned.fromEmpty
        : statements.appendVersioned.fromVersion;
    // A second round only when the conversation went back to the expected version meanwhile (it
    // was deleted while this write waited on it, and expectedVersion is 0).
    for (let round = 1; ; round++) {
      if ((await core.write(operation, statement, values, signal)) > 0) return;
      const [status] = await core.read<TurnStatusRow>(
        `Checking a turn in ${core.label}`,
        statements.turnStatus,
        [conversationId, turnId ?? null],
        signal,
      );
      if (status?.[1] === true) return;
      const actualVersion = status?.[0] == null ? 0 : Number(status[0]);
      if (actualVersion !== expectedVersion || round >= 3) {
        throw new ConversationConflictError({ conversationId, expectedVersion, actualVersion });
      }
    }
  } catch (error) {
    if (isStoredTurn(error, core.names.turnKey)) return;
    throw error;
  }
}

/** Whether a write failed because its turn id is stored already (the unique index of turn ids). */
function isStoredTurn(error: unknown, turnKey: string): boolean {
  if (!MemoryError.isInstance(error) || error.pgCode !== '23505') return false;
  const cause = error.cause as { constraint?: unknown } | undefined;
  return cause?.constraint === turnKey;
}
