import {
  type AllMessagesOptions,
  MESSAGE_FORMAT_VERSION,
  type MemoryWriteOptions,
  type Message,
  throwIfAborted,
} from '@aigo/ai';
import { checkReadOptions } from './check-arguments.js';
import { decodeMessage, encodeMessages } from './message-codec.js';
import type { PgConversationMemory } from './pg-memory-options.js';
import type { PgStoreCore } from './pg-store-core.js';

/** `special`: NULL for a row in the current format, not escaped; else `format * 2 + escaped`. */
type MessageRow = [body: unknown, special: number | null];

function decodeRows(rows: readonly MessageRow[], newestFirst: boolean): Message[] {
  const messages = new Array<Message>(rows.length);
  const last = rows.length - 1;
  for (let index = 0; index <= last; index++) {
    const [body, special] = rows[index] as MessageRow;
    messages[newestFirst ? last - index : index] =
      special === null ? (body as Message) : decodeMessage(body, special >> 1, (special & 1) === 1);
  }
  return messages;
}

/**
 * The memory of one conversation of a store. `conversationId` must be checked already. Internal:
 * `pgMemory` and `store.conversation` hand these out.
 */
export function pgConversationMemory(
  core: PgStoreCore,
  conversationId: string,
): PgConversationMemory {
  const { statements } = core;
  const memory: PgConversationMemory = {
    conversationId,

    async appendMessages(messages: readonly Message[], options?: MemoryWriteOptions) {
      throwIfAborted(options?.signal);
      const batch = encodeMessages(messages);
      if (batch.count === 0) return;
      await core.write(
        `Appending to ${core.label}`,
        statements.append,
        [conversationId, batch.count, MESSAGE_FORMAT_VERSION, batch.json, batch.escaped],
        options?.signal,
      );
    },

    appendMessage(message: Message, options?: MemoryWriteOptions) {
      return memory.appendMessages([message], options);
    },

    async allMessages(options?: AllMessagesOptions) {
      const signal = options?.signal;
      throwIfAborted(signal);
      const { limit, offset, roles } = checkReadOptions(options);
      if (limit === 0 || roles?.length === 0) return [];
      const operation = `Reading from ${core.label}`;
      const read = statements.read;
      if (limit === undefined && offset === 0) {
        const rows =
          roles === undefined
            ? await core.read<MessageRow>(operation, read.all, [conversationId], signal)
            : await core.read<MessageRow>(
                operation,
                read.allOfRoles,
                [conversationId, roles],
                signal,
              );
        return decodeRows(rows, false);
      }
      const rows =
        roles === undefined
          ? await core.read<MessageRow>(
              operation,
              read.window,
              [conversationId, limit ?? null, offset],
              signal,
            )
          : await core.read<MessageRow>(
              operation,
              read.windowOfRoles,
              [conversationId, roles, limit ?? null, offset],
              signal,
            );
      return decodeRows(rows, true);
    },

    async clear(options?: MemoryWriteOptions) {
      await core.transaction(
        `Clearing a conversation of ${core.label}`,
        [
          { statement: statements.deleteConversation, values: [conversationId] },
          { statement: statements.deleteMessages, values: [conversationId] },
        ],
        options?.signal,
      );
    },
  };
  return memory;
}
