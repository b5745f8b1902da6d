import type { Message, Role } from '../messages/message.js';
import type {
  ContextReadOptions,
  ContextWindow,
  SaveSummaryOptions,
  StoredSummary,
} from './context-memory.js';

/** What to read from a memory. `limit` and `offset` count from the newest message. */
export interface AllMessagesOptions {
  /** At most this many messages (the newest ones). */
  readonly limit?: number;
  /** Skip this many of the newest messages first. */
  readonly offset?: number;
  /** Only messages with these roles (applied before limit and offset). */
  readonly roles?: readonly Role[];
  readonly signal?: AbortSignal;
}

/**
 * Options of memory writes. `expectedVersion` and `turnId` are for memories with versioned reads
 * (`readVersioned`); a memory without them ignores both, as memories written before they existed do.
 */
export interface MemoryWriteOptions {
  readonly signal?: AbortSignal;
  /**
   * Store the batch only if the conversation is still at this version (what `readVersioned`
   * returned); otherwise reject with `ConversationConflictError` and store nothing. Checked
   * atomically with the write, so two writers that read the same version cannot both succeed.
   */
  readonly expectedVersion?: number;
  /**
   * An id of this turn, unique in the conversation (a UUID). When a batch with this id is already
   * stored, the write resolves without storing a second copy — also when `expectedVersion` is stale
   * by then — so a write whose outcome is unknown (the connection was lost around the commit) can be
   * sent again safely.
   */
  readonly turnId?: string;
  /**
   * The token count of each message of the batch, in order, for memories that store counts
   * (`readContext`); others ignore it. A memory that stores counts estimates the missing ones.
   */
  readonly tokenCounts?: readonly number[];
}

/** Messages read together with the version of the conversation they were read at. */
export interface VersionedMessages {
  /** The messages, oldest first (as `allMessages` returns them). */
  readonly messages: Message[];
  /**
   * The conversation's version when they were read: `0` for a conversation that holds nothing, and
   * another value after every change (append, clear). Opaque: compare versions for equality only.
   */
  readonly version: number;
}

/** Options of `acquireTurn`. */
export interface AcquireTurnOptions {
  /** Stops the wait with `AbortError` (and gives up the place in line). */
  readonly signal?: AbortSignal;
}

/** Ends a turn taken with `acquireTurn`. Safe to call more than once. */
export type ReleaseTurn = () => void;

/**
 * One conversation's memory. `appendMessages` is atomic: all of the messages are stored, or none.
 * Results come oldest first.
 *
 * Three optional capabilities let a client serialise turns on one conversation (read the history,
 * call the model, store the turn, with no other turn in between):
 * - `acquireTurn`: an in-process lock per conversation, shared by every memory object of one store;
 * - `readVersioned` with `expectedVersion` / `turnId` on `appendMessages`: optimistic concurrency
 *   across processes (a stale write is refused with `ConversationConflictError`; a retried write of
 *   a stored turn is a no-op). A memory that has `readVersioned` must honour both write options;
 * - `conversationId`: which conversation it holds (traces carry it as `gen_ai.conversation.id`).
 *
 * Two more let a client keep a turn's cost independent of the conversation's length:
 * - `readContext`: a bounded read — the newest messages that fit a token budget, after the stored
 *   summary, with their stored token counts and the version (memories that have it store a count
 *   per message: `tokenCounts` of the write options, else their own estimate);
 * - `saveSummary`: keeps a summary of the older messages with the conversation.
 */
export interface MemoryProvider {
  /** The conversation this memory holds, when it is one of many in a store. */
  readonly conversationId?: string;
  appendMessages(messages: readonly Message[], options?: MemoryWriteOptions): Promise<void>;
  appendMessage(message: Message, options?: MemoryWriteOptions): Promise<void>;
  allMessages(options?: AllMessagesOptions): Promise<Message[]>;
  /**
   * Like `allMessages`, with the conversation's version read atomically with the messages; pass it
   * back as `expectedVersion` to store a turn built on exactly this history.
   */
  readVersioned?(options?: AllMessagesOptions): Promise<VersionedMessages>;
  /**
   * Waits until no other turn on this conversation holds it — through any memory object of the same
   * store, in this process — then resolves to the function that ends this turn. Plain reads and
   * writes do not take it; a client holds it from reading the history to storing the turn.
   */
  acquireTurn?(options?: AcquireTurnOptions): Promise<ReleaseTurn>;
  /**
   * The newest messages after the conversation's summary that fit `maxTokens` by their stored
   * counts, with the counts, the summary and the version — in one read whose cost does not grow
   * with the conversation's length.
   */
  readContext?(options: ContextReadOptions): Promise<ContextWindow>;
  /** Stores `summary` as the conversation's summary (replacing any earlier one). */
  saveSummary?(summary: StoredSummary, options?: SaveSummaryOptions): Promise<void>;
  /** Deletes this conversation's messages (and only this conversation's). */
  clear(options?: MemoryWriteOptions): Promise<void>;
  close?(): Promise<void>;
}
