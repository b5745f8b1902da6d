import {
  type AllMessagesOptions,
  type MemoryProvider,
  type MemoryWriteOptions,
  type Message,
  ROLES,
  type Role,
  throwIfAborted,
  ValidationError,
} from '@aigo/ai';
import { copyMessage } from './copy-message.js';
import {
  MEMORY_SNAPSHOT_FORMAT,
  MEMORY_SNAPSHOT_VERSION,
  type MemorySnapshot,
  readMemorySnapshot,
} from './memory-snapshot.js';

/** Options of `inMemoryMemory`. */
export interface InMemoryMemoryOptions {
  /** Start from a snapshot (`memory.snapshot()`, possibly after a JSON round trip). */
  readonly snapshot?: MemorySnapshot | unknown;
}

/** A conversation memory held in the process, with snapshots to store and resume it. */
export interface InMemoryMemory extends MemoryProvider {
  /** How many messages it holds. */
  readonly size: number;
  /** The whole conversation as a versioned, JSON-serialisable value. */
  snapshot(): MemorySnapshot;
}

/**
 * A memory for one conversation, kept in the process. Every message is checked and copied on the
 * way in (a malformed one rejects the whole `appendMessages` call, which stores all or nothing),
 * and what it returns is frozen, so no caller can change the stored history.
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
  // Frozen messages in a private array: appends push, reads hand out copies of the array.
  const messages: Message[] =
    options.snapshot === undefined ? [] : readMemorySnapshot(options.snapshot);

  const memory: InMemoryMemory = {
    get size() {
      return messages.length;
    },
    async appendMessages(batch: readonly Message[], writeOptions?: MemoryWriteOptions) {
      if (!Array.isArray(batch)) throw new ValidationError('messages', 'must be an array');
      throwIfAborted(writeOptions?.signal);
      if (batch.length === 0) return;
      const copies = batch.map((message, index) => copyMessage(message, `messages[${index}]`));
      for (const copy of copies) messages.push(copy);
    },
    async appendMessage(message: Message, writeOptions?: MemoryWriteOptions) {
      throwIfAborted(writeOptions?.signal);
      const copy = copyMessage(message, 'message');
      messages.push(copy);
    },
    async allMessages(readOptions: AllMessagesOptions = {}) {
      if (readOptions === null || typeof readOptions !== 'object') {
        throw new ValidationError('options', 'must be an object');
      }
      const { limit, offset = 0, roles, signal } = readOptions;
      checkCount(limit, 'limit');
      checkCount(offset, 'offset');
      throwIfAborted(signal);
      let selected: readonly Message[] = messages;
      if (roles !== undefined) {
        const wanted = checkRoles(roles);
        selected = selected.filter((message) => wanted.has(message.role));
      }
      const end = Math.max(0, selected.length - offset);
      const start = limit === undefined ? 0 : Math.max(0, end - limit);
      return selected.slice(start, end);
    },
    async clear(writeOptions?: MemoryWriteOptions) {
      throwIfAborted(writeOptions?.signal);
      messages.length = 0;
    },
    snapshot() {
      return Object.freeze({
        format: MEMORY_SNAPSHOT_FORMAT,
        version: MEMORY_SNAPSHOT_VERSION,
        messages: Object.freeze(messages.slice()),
      });
    },
  };
  return Object.freeze(memory);
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
