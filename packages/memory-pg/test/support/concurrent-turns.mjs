// One of the processes of test/concurrent-processes.test.ts: `turns` concurrent turns on one
// conversation through @aigo/client and a pgMemoryStore of its own, with a scripted model that
// answers with the number of messages it was sent. Turns of this process are serialised by the
// store's turn lock; against the other processes, a stale turn is refused with
// ConversationConflictError, which this script counts and answers by running the turn again.
// Prints "ready" once connected, starts when a line arrives on stdin, and prints its figures as JSON.
// Runs the built package.
//
//   node test/support/concurrent-turns.mjs '{"url":"postgres://…","schema":"…","conversationId":"…","turns":25,"label":"p0"}'
import { createInterface } from 'node:readline';
import { ConversationConflictError } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { pgMemoryStore } from '../../dist/index.js';

const { url, schema, conversationId, turns, label, preparedStatements } = JSON.parse(
  process.argv[2] ?? '{}',
);
// A connection string of its own (the application name differs), as a process on another machine.
const store = pgMemoryStore({
  connectionString: url,
  schema,
  poolSize: 4,
  applicationName: `aigo-turns-${label}`,
  preparedStatements,
});
const provider = createFakeProvider().onRequest((request) => ({
  content: String(request.messages.length),
}));
const client = createClient(provider, { defaultModel: 'test-model' });
let conflicts = 0;
const acknowledged = [];
try {
  await store.ready();
  process.stdout.write('ready\n');
  const go = createInterface({ input: process.stdin });
  await new Promise((resolve) => go.once('line', resolve));
  go.close();
  await Promise.all(
    Array.from({ length: turns }, async (_, index) => {
      const prompt = `${label} turn ${index}`;
      for (;;) {
        try {
          await client.sendMessage(prompt, { memory: store.conversation(conversationId) });
          acknowledged.push(prompt);
          return;
        } catch (error) {
          if (!ConversationConflictError.isInstance(error) || conflicts > 100_000) throw error;
          conflicts += 1;
        }
      }
    }),
  );
} finally {
  await store.close();
}
process.stdout.write(
  `${JSON.stringify({ pid: process.pid, label, acknowledged, conflicts, modelCalls: provider.callCount })}\n`,
);
