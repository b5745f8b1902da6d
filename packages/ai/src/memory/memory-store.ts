import type { MemoryProvider, MemoryWriteOptions } from './memory.js';

/** A conversation as a store's `listConversations` reports it. */
export interface ConversationSummary {
  /** The conversation id. */
  readonly id: string;
  /** How many messages it holds. */
  readonly messageCount: number;
  /** When its first message was stored (since it was last cleared). */
  readonly createdAt: Date;
  /** When its last message was stored: its last activity. */
  readonly lastActivityAt: Date;
}

/** Options of a store's `listConversations`. */
export interface ListConversationsOptions {
  /** At most this many (the most recently active). Default: all. */
  readonly limit?: number;
  /** Skip this many of the most recently active first. Default 0. */
  readonly offset?: number;
  readonly signal?: AbortSignal;
}

/** Options of a store's `ready`. */
export interface ReadyOptions {
  readonly signal?: AbortSignal;
}

/** The memory of one conversation of a store: it knows its id. */
export interface ConversationMemory extends MemoryProvider {
  /** The conversation this memory reads and writes. */
  readonly conversationId: string;
}

/**
 * Many conversations in one place, by id (`inMemoryMemoryStore` of `@aigo/client`, `pgMemoryStore`
 * of `@aigo/memory-pg`). The memories it hands out for one id share one turn lock
 * (`acquireTurn`), so any number of them — and of clients using them — serialise their turns.
 */
export interface MemoryStore {
  /**
   * The memory of one conversation (creating nothing until its first write). Cheap: call it per
   * request. It has no `close()`: the store owns what it uses.
   *
   * @throws ValidationError when the id is not a usable conversation id.
   */
  conversation(conversationId: string): ConversationMemory;
  /** Conversations that hold messages, most recently active first. */
  listConversations(options?: ListConversationsOptions): Promise<ConversationSummary[]>;
  /**
   * Deletes a conversation and all its messages, atomically.
   *
   * @returns whether it existed.
   */
  deleteConversation(conversationId: string, options?: MemoryWriteOptions): Promise<boolean>;
  /** Prepares the store now (connect, migrate); every other method does it on first use. */
  ready(options?: ReadyOptions): Promise<void>;
  /** Stops the store; later calls reject with `MemoryError`. Idempotent. */
  close(): Promise<void>;
}
