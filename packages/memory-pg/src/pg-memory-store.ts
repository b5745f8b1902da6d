import type { MemoryWriteOptions } from '@aigo/ai';
import { raceAbort, throwIfAborted } from '@aigo/ai';
import { checkConversationId, checkListOptions, checkStoreOptions } from './check-arguments.js';
import { pgConversationMemory } from './pg-conversation-memory.js';
import type {
  ConversationSummary,
  ListConversationsOptions,
  PgConversationMemory,
  PgMemoryStore,
  PgMemoryStoreOptions,
  ReadyOptions,
} from './pg-memory-options.js';
import { PgStoreCore } from './pg-store-core.js';

type ConversationRow = [id: string, lastSeq: string, createdAt: Date, updatedAt: Date];

/**
 * A store of conversation memories in PostgreSQL: one pool, one set of tables, any number of
 * conversations. Nothing connects until the first call (or `ready()`); the tables are created or
 * brought up to date then, once per store.
 *
 * @example
 * const store = pgMemoryStore({ connectionString: process.env.DATABASE_URL });
 * const client = createClient(openai(), { defaultModel: 'gpt-4o-mini' });
 * await client.sendMessage('Hello', { memory: store.conversation(userId) });
 * await store.close();
 *
 * @throws ValidationError naming the first bad option (table and schema names included), before
 *   any SQL runs.
 */
export function pgMemoryStore(options: PgMemoryStoreOptions): PgMemoryStore {
  checkStoreOptions(options);
  const core = new PgStoreCore(options);
  return {
    conversation(conversationId: string): PgConversationMemory {
      return pgConversationMemory(core, checkConversationId(conversationId));
    },

    async listConversations(listOptions?: ListConversationsOptions) {
      const signal = listOptions?.signal;
      throwIfAborted(signal);
      const { limit, offset } = checkListOptions(listOptions);
      if (limit === 0) return [];
      const rows = await core.read<ConversationRow>(
        `Listing the conversations of ${core.label}`,
        core.statements.listConversations,
        [limit ?? null, offset],
        signal,
      );
      return rows.map(
        ([id, lastSeq, createdAt, updatedAt]): ConversationSummary => ({
          id,
          messageCount: Number(lastSeq),
          createdAt,
          lastActivityAt: updatedAt,
        }),
      );
    },

    async deleteConversation(conversationId: string, writeOptions?: MemoryWriteOptions) {
      const id = checkConversationId(conversationId);
      const [deleted] = await core.transaction(
        `Deleting a conversation of ${core.label}`,
        [
          { statement: core.statements.deleteConversation, values: [id] },
          { statement: core.statements.deleteMessages, values: [id] },
        ],
        writeOptions?.signal,
      );
      return (deleted?.length ?? 0) > 0;
    },

    async ready(readyOptions?: ReadyOptions) {
      throwIfAborted(readyOptions?.signal);
      await raceAbort(core.ready(), readyOptions?.signal);
    },

    close: () => core.close(),
  };
}
