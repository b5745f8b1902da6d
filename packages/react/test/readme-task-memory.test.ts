// The README's "Task memory" example, run as written there (imports adjusted to the source tree).
import { createClient } from '@aigo/client';
import { inMemoryVectorStore } from '@aigo/retrieval';
import { createFakeEmbedder, createFakeProvider } from '@aigo/testing';
import { expect, it } from 'vitest';
import { createReAct } from '../src/create-react.js';
import { createTaskMemory } from '../src/task-memory/task-memory.js';

it('README: task memory saves a run, recalls it, and skips the duplicate', async () => {
  const store = inMemoryVectorStore({ dimensions: 128 });
  const taskMemory = createTaskMemory({
    store, // or pgVectorStore of @aigo/vector-pg
    embedder: { provider: createFakeEmbedder({ dimensions: 128 }), model: 'fake' },
  });
  const model = createFakeProvider().text('Rome.').text('Rome, as before.');
  const agent = createReAct(createClient(model, { defaultModel: 'test-model' }), {
    taskMemory: { memory: taskMemory, minScore: 0.5 },
  });

  await agent.execute('What is the capital of Italy?'); // saved
  await agent.execute('what is the capital of italy'); // recalls the first; not saved again (duplicate)

  expect(model.requests[1]?.systemPrompt).toContain(
    '- Task: What is the capital of Italy?\n  Answer: Rome.',
  );
  expect(await store.query(new Array(128).fill(1), { topK: 10 })).toHaveLength(1);
});
