import type { Message, Role } from '../messages/message.js';

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

/** Options of memory writes. */
export interface MemoryWriteOptions {
  readonly signal?: AbortSignal;
}

/**
 * One conversation's memory. `appendMessages` is atomic: all of the messages are stored, or none.
 * Results come oldest first.
 */
export interface MemoryProvider {
  appendMessages(messages: readonly Message[], options?: MemoryWriteOptions): Promise<void>;
  appendMessage(message: Message, options?: MemoryWriteOptions): Promise<void>;
  allMessages(options?: AllMessagesOptions): Promise<Message[]>;
  /** Deletes this conversation's messages (and only this conversation's). */
  clear(options?: MemoryWriteOptions): Promise<void>;
  close?(): Promise<void>;
}
