// A second process continuing a conversation (used by test/client-end-to-end.test.ts): its own pool,
// the same conversation id, @aigo/client with a scripted fake provider. Prints what it sent to the
// model and what it got back, as JSON. Runs the built package (Node 20 does not run TypeScript).
//
//   node test/support/continue-conversation.mjs '{"url":"postgres://…","schema":"…","conversationId":"…","prompt":"…","reply":"…"}'
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { pgMemory } from '../../dist/index.js';

const { url, schema, conversationId, prompt, reply, preparedStatements } = JSON.parse(
  process.argv[2] ?? '{}',
);
const memory = pgMemory({
  connectionString: url,
  conversationId,
  schema,
  poolSize: 1,
  preparedStatements,
});
try {
  const provider = createFakeProvider().text(reply);
  const client = createClient(provider, { defaultModel: 'test-model', memory });
  const response = await client.sendMessage(prompt);
  process.stdout.write(
    JSON.stringify({
      pid: process.pid,
      sent: provider.lastRequest?.messages ?? [],
      content: response.content,
    }),
  );
} finally {
  await memory.close();
}
