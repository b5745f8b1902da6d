import { ValidationError } from '@aigo/ai';
import { checkConversationId, checkStoreOptions } from './check-arguments.js';
import { pgConversationMemory } from './pg-conversation-memory.js';
import type { PgMemory, PgMemoryOptions } from './pg-memory-options.js';
import { PgStoreCore } from './pg-store-core.js';

/**
 * The memory of one conversation in PostgreSQL — a `MemoryProvider` for `createClient(…, { memory })`.
 * It has a store of its own: with `connectionString` it creates a pool that its `close()` ends; with
 * `pool` it uses yours. For many conversations, share one `pgMemoryStore` instead.
 *
 * @example
 * const memory = pgMemory({ connectionString: process.env.DATABASE_URL, conversationId: 'user-42' });
 * const client = createClient(openai(), { defaultModel: 'gpt-4o-mini', memory });
 * await client.sendMessage('My name is Ada.');
 * await memory.close();
 *
 * @throws ValidationError naming the first bad option, before any SQL runs.
 */
export function pgMemory(options: PgMemoryOptions): PgMemory {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError(
      'options',
      'must be an object with conversationId and pool or connectionString',
    );
  }
  checkStoreOptions(options, 'pgMemory()');
  const conversationId = checkConversationId(options.conversationId);
  const core = new PgStoreCore(options);
  const close = () => core.close();
  return Object.assign(pgConversationMemory(core, conversationId), { close });
}
