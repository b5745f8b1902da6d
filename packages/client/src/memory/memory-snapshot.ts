import { type Message, ValidationError } from '@aigo/ai';
import { copyMessage } from './copy-message.js';

/** The `format` tag of an aigo memory snapshot. */
export const MEMORY_SNAPSHOT_FORMAT = 'aigo.memory';

/** The snapshot version this package writes. Older versions still load (each has a reader). */
export const MEMORY_SNAPSHOT_VERSION = 1;

/**
 * A conversation's memory as a JSON-serialisable value. Store it anywhere (`JSON.stringify`), and
 * resume the conversation later, in another process, with `inMemoryMemory({ snapshot })`.
 */
export interface MemorySnapshot {
  readonly format: typeof MEMORY_SNAPSHOT_FORMAT;
  readonly version: typeof MEMORY_SNAPSHOT_VERSION;
  /** The messages, oldest first. */
  readonly messages: readonly Message[];
}

/** Readers of every snapshot version ever written, each turning one into checked messages. */
const READERS: { readonly [version: number]: (snapshot: Record<string, unknown>) => Message[] } = {
  1: (snapshot) => {
    const messages = snapshot.messages;
    if (!Array.isArray(messages)) {
      throw new ValidationError('snapshot.messages', 'must be an array of messages');
    }
    return messages.map((message, index) => copyMessage(message, `snapshot.messages[${index}]`));
  },
};

/**
 * Reads a snapshot (the value `snapshot()` returned, or that value after a JSON round trip) into
 * frozen, checked messages.
 *
 * @throws ValidationError when it is not an aigo memory snapshot, has a version this package does not
 *   know (a newer `@aigo/client` wrote it), or holds a malformed message.
 */
export function readMemorySnapshot(snapshot: unknown): Message[] {
  if (snapshot === null || typeof snapshot !== 'object' || Array.isArray(snapshot)) {
    throw new ValidationError(
      'snapshot',
      'must be the object a memory snapshot() returned (parse stored JSON first)',
    );
  }
  const value = snapshot as Record<string, unknown>;
  if (value.format !== MEMORY_SNAPSHOT_FORMAT) {
    throw new ValidationError(
      'snapshot.format',
      `must be "${MEMORY_SNAPSHOT_FORMAT}", got ${JSON.stringify(value.format) ?? 'undefined'}`,
    );
  }
  const version = value.version;
  const reader = typeof version === 'number' ? READERS[version] : undefined;
  if (reader === undefined) {
    const known = Object.keys(READERS).join(', ');
    throw new ValidationError(
      'snapshot.version',
      `${JSON.stringify(version) ?? 'undefined'} is not a memory snapshot version this @aigo/client reads (known: ${known}); a newer @aigo/client probably wrote it`,
    );
  }
  return reader(value);
}
