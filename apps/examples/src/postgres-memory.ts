/**
 * Conversation memory in PostgreSQL with `@aigo/memory-pg`.
 *
 * `pgMemoryStore({ connectionString })` shares one pool between any number of conversations;
 * `store.conversation(id)` is the `MemoryProvider` of one of them, cheap to make per request. The
 * tables are created on first use; each turn is one atomic statement. A second store and client —
 * another process, after a restart — continue the same conversation: the model gets the stored
 * history with the new prompt (a small middleware prints how many messages each request carried).
 *
 * Needs PostgreSQL: set DATABASE_URL. Without it, this example says how to run it and exits.
 *
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/postgres-memory.js`,
 * offline (scripted model) or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type Middleware } from '@aigo/client';
import { pgMemoryStore } from '@aigo/memory-pg';
import { nameAwareModel } from './shared/name-aware-model.js';
import { pickModel, printHeader } from './shared/pick-model.js';

const connectionString = process.env.DATABASE_URL;
if (connectionString === undefined || connectionString === '') {
  console.log(
    [
      'postgres-memory: DATABASE_URL is not set, so this example did not run.',
      'It needs a PostgreSQL server (any version the pg driver supports). For example:',
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/postgres-memory.js',
      'It creates its tables in the schema "aigo_examples" and deletes the conversation it wrote.',
      'No server at hand? packages/pg/README.md ("Testing") shows how to start a throwaway one.',
    ].join('\n'),
  );
  process.exit(0);
}

const { provider, model, label } = pickModel(nameAwareModel);
printHeader('PostgreSQL memory', { label });

// Prints how many messages each request carried: what the client read from PostgreSQL, plus the prompt.
const countMessages: Middleware = {
  name: 'count-messages',
  send(request, options, next) {
    console.log(`   (request carries ${request.messages.length} message(s))`);
    return next(request, options);
  },
};

const conversationId = `example-${randomUUID()}`;

// "Process 1": a store (its own pool) and a client; the memory is passed per call.
console.log('process 1: a store and a client');
const first = pgMemoryStore({ connectionString, schema: 'aigo_examples' });
await first.ready(); // optional: connect and migrate now, to fail early
const client = createClient(provider, { defaultModel: model, middleware: [countMessages] });
console.log(`  you: My name is Ada.`);
const hello = await client.sendMessage('My name is Ada.', {
  memory: first.conversation(conversationId),
});
console.log(`  model: ${hello.content}`);
const afterFirst = await first.conversation(conversationId).allMessages();
console.log(`  stored: ${afterFirst.length} messages`);
await first.close();

// "Process 2": a new store (a new pool), a new model and client, the same conversation id. This
// client holds the conversation's memory itself (one client per conversation).
console.log('\nprocess 2: a new store, a new client, the same conversation id');
const second = pgMemoryStore({ connectionString, schema: 'aigo_examples' });
const memory = second.conversation(conversationId);
const secondModel = pickModel(nameAwareModel);
const secondClient = createClient(secondModel.provider, {
  defaultModel: secondModel.model,
  memory,
  middleware: [countMessages],
});
console.log(`  you: What is my name?`);
const reply = await secondClient.sendMessage('What is my name?');
console.log(`  model: ${reply.content}`);

const stored = await memory.allMessages();
console.log(`\nstored in PostgreSQL (${stored.length} messages):`);
for (const message of stored) console.log(`  ${message.role}: ${message.content}`);

const [summary] = (await second.listConversations({ limit: 50 })).filter(
  (conversation) => conversation.id === conversationId,
);
console.log(`conversation ${conversationId}: ${summary?.messageCount} messages`);

console.log(`deleted: ${await second.deleteConversation(conversationId)}`);
console.log(`messages left: ${(await memory.allMessages()).length}`);
await second.close();
await provider.close?.();
await secondModel.provider.close?.();
