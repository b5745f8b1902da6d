import { TurnLocks, ValidationError } from '@aigo/ai';
import { ConversationLog } from './conversation-log.js';
import { type InMemoryMemory, logMemory } from './log-memory.js';
import { type MemorySnapshot, readMemorySnapshot } from './memory-snapshot.js';

export type { InMemoryMemory } from './log-memory.js';

/** Options of `inMemoryMemory`. */
export interface InMemoryMemoryOptions {
  /** Start from a snapshot (`memory.snapshot()`, possibly after a JSON round trip). */
  readonly snapshot?: MemorySnapshot | unknown;
}

/**
 * A memory for one conversation, kept in the process. Every message is checked and copied on the
 * way in (a malformed one rejects the whole `appendMessages` call, which stores all or nothing),
 * and what it returns is frozen, so no caller can change the stored history. For many conversations
 * by id, use `inMemoryMemoryStore()`.
 *
 * @example
 * const memory = inMemoryMemory();
 * const client = createClient(provider, { memory });
 * await client.sendMessage('My name is Ada.');
 * const saved = JSON.stringify(memory.snapshot());
 * // later, maybe in another process:
 * const resumed = inMemoryMemory({ snapshot: JSON.parse(saved) });
 */
export function inMemoryMemory(options: InMemoryMemoryOptions = {}): InMemoryMemory {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  let versions = 0;
  const log = new ConversationLog(
    () => ++versions,
    options.snapshot === undefined ? [] : readMemorySnapshot(options.snapshot),
  );
  const locks = new TurnLocks<ConversationLog>();
  return logMemory(
    {
      find: () => log,
      write: (work) => work(log),
      clear: () => log.clear(),
      checkOpen: () => undefined,
      acquire: (signal) => locks.acquire(log, signal),
    },
    undefined,
  );
}
