import {
  type AcquireTurnOptions,
  type AllMessagesOptions,
  type ContextReadOptions,
  type ContextWindow,
  checkContextReadOptions,
  checkMemoryWriteOptions,
  checkSaveSummary,
  type MemoryProvider,
  type MemoryWriteOptions,
  type Message,
  type ReleaseTurn,
  type SaveSummaryOptions,
  type StoredSummary,
  throwIfAborted,
  ValidationError,
  type VersionedMessages,
} from '@aigo/ai';
import type { ConversationLog } from './conversation-log.js';
import { copyMessage } from './copy-message.js';
import {
  MEMORY_SNAPSHOT_FORMAT,
  MEMORY_SNAPSHOT_VERSION,
  type MemorySnapshot,
} from './memory-snapshot.js';
import { checkReadOptions } from './read-window.js';

/** How a memory object reaches its conversation's log. Internal. */
export interface LogAccess {
  /** The log to read; `undefined` when the conversation holds nothing. */
  find(): ConversationLog | undefined;
  /** Runs a write on the log (created when missing; dropped again if the write left it empty). */
  write<T>(work: (log: ConversationLog) => T): T;
  /** Empties the conversation. */
  clear(): void;
  /** Throws `MemoryError` when the store was closed. */
  checkOpen(operation: string): void;
  /** The conversation's turn lock. */
  acquire(signal: AbortSignal | undefined): Promise<ReleaseTurn>;
}

/**
 * A conversation memory held in the process, with snapshots to store and resume it. It has every
 * optional capability of `MemoryProvider`: `readVersioned` and `appendMessages(…, { expectedVersion,
 * turnId })`, and `acquireTurn` (one turn lock per conversation, shared by every memory object of
 * it and every client that uses them).
 */
export interface InMemoryMemory extends MemoryProvider {
  readVersioned(options?: AllMessagesOptions): Promise<VersionedMessages>;
  acquireTurn(options?: AcquireTurnOptions): Promise<ReleaseTurn>;
  readContext(options: ContextReadOptions): Promise<ContextWindow>;
  saveSummary(summary: StoredSummary, options?: SaveSummaryOptions): Promise<void>;
  /** How many messages it holds. */
  readonly size: number;
  /** The whole conversation as a versioned, JSON-serialisable value. */
  snapshot(): MemorySnapshot;
}

/**
 * A memory object over a conversation log: checks and copies every message on the way in, hands out
 * frozen messages in new arrays, versions every change, and takes the conversation's turn lock for
 * `acquireTurn`. Internal: `inMemoryMemory` and `inMemoryMemoryStore` build their memories with it.
 */
export function logMemory(access: LogAccess, conversationId: string | undefined): InMemoryMemory {
  const read = (options: AllMessagesOptions | undefined): VersionedMessages => {
    const checked = checkReadOptions(options);
    throwIfAborted(checked.signal);
    access.checkOpen('Reading');
    const log = access.find();
    return log === undefined
      ? { messages: [], version: 0 }
      : { messages: log.read(checked), version: log.version };
  };
  const append = (batch: readonly Message[], options: MemoryWriteOptions | undefined): void => {
    const { signal, expectedVersion, turnId, tokenCounts } = checkMemoryWriteOptions(options);
    if (!Array.isArray(batch)) throw new ValidationError('messages', 'must be an array');
    throwIfAborted(signal);
    access.checkOpen('Appending');
    const copies = batch.map((message, index) => copyMessage(message, `messages[${index}]`));
    if (copies.length === 0) return;
    access.write((log) => log.append(copies, expectedVersion, turnId, conversationId, tokenCounts));
  };

  const memory: InMemoryMemory = {
    ...(conversationId === undefined ? {} : { conversationId }),
    get size() {
      return access.find()?.size ?? 0;
    },
    async appendMessages(batch, options) {
      append(batch, options);
    },
    async appendMessage(message, options) {
      const { signal, expectedVersion, turnId } = checkMemoryWriteOptions(options);
      throwIfAborted(signal);
      access.checkOpen('Appending');
      const copy = copyMessage(message, 'message');
      access.write((log) => log.append([copy], expectedVersion, turnId, conversationId));
    },
    async allMessages(options) {
      return read(options).messages;
    },
    async readVersioned(options) {
      return read(options);
    },
    async readContext(options) {
      const { maxTokens, maxMessages, signal } = checkContextReadOptions(options);
      throwIfAborted(signal);
      access.checkOpen('Reading');
      const log = access.find();
      return log === undefined
        ? { messages: [], tokenCounts: [], start: 1, total: 0, version: 0, summary: undefined }
        : log.readContext(maxTokens, maxMessages);
    },
    async saveSummary(summary, options) {
      const checked = checkSaveSummary(summary, options);
      access.checkOpen('Storing a summary in');
      const log = access.find();
      if (log === undefined || checked.through > log.size) {
        throw new ValidationError(
          'summary.through',
          `must be the position of a stored message (the conversation holds ${log?.size ?? 0})`,
        );
      }
      log.summary = checked;
    },
    acquireTurn(options) {
      if (options !== undefined && (options === null || typeof options !== 'object')) {
        return Promise.reject(new ValidationError('options', 'must be an object'));
      }
      return access.acquire(options?.signal);
    },
    async clear(options) {
      const { signal } = checkMemoryWriteOptions(options);
      throwIfAborted(signal);
      access.checkOpen('Clearing');
      access.clear();
    },
    snapshot() {
      return Object.freeze({
        format: MEMORY_SNAPSHOT_FORMAT,
        version: MEMORY_SNAPSHOT_VERSION,
        messages: Object.freeze((access.find()?.messages ?? []).slice()),
      });
    },
  };
  return Object.freeze(memory);
}
