/**
 * Stateless and stateful clients.
 *
 * Without a memory, every call is on its own: the request holds just the prompt (plus the system
 * prompt and tools). With one (`inMemoryMemory()` here, `@aigo/memory-pg` for PostgreSQL — see
 * `postgres-memory.ts`), each call sends the stored conversation and stores its turn (the prompt and
 * the reply, atomically, once the reply is complete). One client can serve many conversations: pass
 * `memory` per call. A memory's `snapshot()` is plain JSON, to store anywhere and resume later.
 *
 * A small middleware prints how many messages each request carried.
 *
 * Run: `node dist/stateless-vs-stateful.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { createClient, inMemoryMemory, type Middleware } from '@aigo/client';
import { nameAwareModel } from './shared/name-aware-model.js';
import { pickModel, printHeader } from './shared/pick-model.js';

const { provider, model, label } = pickModel(nameAwareModel);
printHeader('Stateless vs stateful', { label });

const countMessages: Middleware = {
  name: 'count-messages',
  send(request, options, next) {
    console.log(`   (request carries ${request.messages.length} message(s))`);
    return next(request, options);
  },
};

// 1. Stateless: the second call knows nothing of the first.
const stateless = createClient(provider, { defaultModel: model, middleware: [countMessages] });
console.log('stateless client');
for (const prompt of ['My name is Ada.', 'What is my name?']) {
  console.log(`  you: ${prompt}`);
  console.log(`  model: ${(await stateless.sendMessage(prompt)).content}`);
}

// 2. Stateful: the same calls with a memory.
const memory = inMemoryMemory();
const stateful = createClient(provider, {
  defaultModel: model,
  memory,
  middleware: [countMessages],
});
console.log('\nstateful client (inMemoryMemory)');
for (const prompt of ['My name is Ada.', 'What is my name?']) {
  console.log(`  you: ${prompt}`);
  console.log(`  model: ${(await stateful.sendMessage(prompt)).content}`);
}
console.log(`  the memory holds ${memory.size} messages`);

// 3. Save the conversation as JSON and resume it in a new memory (another process, say).
const saved = JSON.stringify(memory.snapshot());
const resumed = inMemoryMemory({ snapshot: JSON.parse(saved) });
console.log(`\nresumed from ${saved.length} bytes of JSON: ${resumed.size} messages`);
console.log(`  you: What is my name?`);
const answer = await stateful.sendMessage('What is my name?', { memory: resumed });
console.log(`  model: ${answer.content}`);

// 4. One client, a per-call memory; `memory: null` makes a call stateless.
console.log('\none call with memory: null');
const once = await stateful.sendMessage('What is my name?', { memory: null });
console.log(`  model: ${once.content}`);
await provider.close?.();
