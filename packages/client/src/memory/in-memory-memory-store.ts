import {
  type ConversationSummary,
  checkMemoryWriteOptions,
  type ListConversationsOptions,
  MemoryError,
  type MemoryStore,
  TurnLocks,
  throwIfAborted,
  ValidationError,
} from '@aigo/ai';
import { ConversationLog } from './conversation-log.js';
import { type InMemoryMemory, logMemory } from './log-memory.js';

/** The memory of one conversation of an in-memory store. */
export interface InMemoryConversationMemory extends InMemoryMemory {
  /** The conversation this memory reads and writes. */
  readonly conversationId: string;
}

/** Conversations held in the process, by id: the in-process twin of `pgMemoryStore`. */
export interface InMemoryMemoryStore extends MemoryStore {
  conversation(conversationId: string): InMemoryConversationMemory;
}

/**
 * A store of conversations held in the process, shaped like `pgMemoryStore` of `@aigo/memory-pg`
 * (`conversation(id)`, `listConversations`, `deleteConversation`, `ready`, `close`), for tests,
 * prototypes and single-process servers. `store.conversation(id)` is cheap: call it per request.
 * Every memory object it hands out for one id shares that conversation's turn lock, so concurrent
 * requests on one conversation — through any number of memory objects and clients — run their turns
 * one after another, each built on the history the previous one stored.
 *
 * @example
 * const store = inMemoryMemoryStore();
 * const client = createClient(provider, { defaultModel: 'gpt-4o-mini' });
 * // Two requests on one conversation at once: the second turn waits for the first.
 * await Promise.all([
 *   client.sendMessage('Hello', { memory: store.conversation('user-42') }),
 *   client.sendMessage('Are you there?', { memory: store.conversation('user-42') }),
 * ]);
 */
export function inMemoryMemoryStore(): InMemoryMemoryStore {
  const logs = new Map<string, ConversationLog>();
  const locks = new TurnLocks<string>();
  // One counter for the whole store: versions never repeat, also across delete and re-create, and
  // order conversations by their last activity.
  let versions = 0;
  const nextVersion = () => ++versions;
  let closed = false;

  const checkOpen = (operation: string) => {
    if (closed) {
      throw new MemoryError(`${operation} failed: the in-memory memory store is closed`);
    }
  };

  const store: InMemoryMemoryStore = {
    conversation(conversationId) {
      const id = checkConversationId(conversationId);
      return logMemory(
        {
          find: () => logs.get(id),
          write(work) {
            let log = logs.get(id);
            const created = log === undefined;
            if (log === undefined) {
              log = new ConversationLog(nextVersion);
              logs.set(id, log);
            }
            const version = log.version;
            try {
              return work(log);
            } finally {
              if (created && log.size === 0) logs.delete(id);
              else if (log.version !== version) log.touch();
            }
          },
          clear: () => {
            logs.get(id)?.clear();
            logs.delete(id);
          },
          checkOpen: (operation) => checkOpen(`${operation} conversation ${JSON.stringify(id)}`),
          acquire: (signal) => locks.acquire(id, signal),
        },
        id,
      ) as InMemoryConversationMemory;
    },

    async listConversations(options?: ListConversationsOptions) {
      const { limit, offset, signal } = checkListOptions(options);
      throwIfAborted(signal);
      checkOpen('Listing conversations');
      const active = [...logs.entries()].filter(([, log]) => log.size > 0);
      active.sort(([, a], [, b]) => b.version - a.version);
      const end = limit === undefined ? undefined : offset + limit;
      return active.slice(offset, end).map(
        ([id, log]): ConversationSummary => ({
          id,
          messageCount: log.size,
          createdAt: log.createdAt as Date,
          lastActivityAt: log.lastActivityAt as Date,
        }),
      );
    },

    async deleteConversation(conversationId, options) {
      const id = checkConversationId(conversationId);
      const { signal } = checkMemoryWriteOptions(options);
      throwIfAborted(signal);
      checkOpen(`Deleting conversation ${JSON.stringify(id)}`);
      const log = logs.get(id);
      if (log === undefined) return false;
      const existed = log.size > 0;
      log.clear();
      logs.delete(id);
      return existed;
    },

    async ready(options) {
      if (options !== undefined && (options === null || typeof options !== 'object')) {
        throw new ValidationError('options', 'must be an object');
      }
      throwIfAborted(options?.signal);
      checkOpen('Preparing the store');
    },

    async close() {
      closed = true;
    },
  };
  return Object.freeze(store);
}

function checkConversationId(conversationId: unknown): string {
  if (typeof conversationId !== 'string' || conversationId === '') {
    throw new ValidationError('conversationId', 'must be a non-empty string');
  }
  return conversationId;
}

function checkListOptions(options: ListConversationsOptions | undefined): {
  limit: number | undefined;
  offset: number;
  signal: AbortSignal | undefined;
} {
  if (options === undefined) return { limit: undefined, offset: 0, signal: undefined };
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  const { limit, offset = 0, signal } = options;
  for (const [name, value] of [
    ['limit', limit],
    ['offset', offset],
  ] as const) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw new ValidationError(name, `must be a non-negative integer, got ${String(value)}`);
    }
  }
  return { limit, offset, signal };
}
