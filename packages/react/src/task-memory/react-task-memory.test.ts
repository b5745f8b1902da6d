// createReAct with task memory, on the scripted model: a successful run is saved, a later similar
// run recalls it into its system prompt, a repeat is not saved twice, a failed run is not saved, and
// a failing memory never fails the run.
import { AgentStoppedError, ValidationError } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { inMemoryVectorStore } from '@aigo/retrieval';
import { createFakeEmbedder, createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { calculator } from '../../test/support/helpers.js';
import { createReAct } from '../create-react.js';
import { createTaskMemory, type TaskMemory } from './task-memory.js';

function memory() {
  const embedder = createFakeEmbedder({ dimensions: 128 });
  const store = inMemoryVectorStore({ dimensions: 128 });
  return {
    store,
    memory: createTaskMemory({ store, embedder: { provider: embedder, model: 'fake' } }),
  };
}

async function tasksIn(store: ReturnType<typeof inMemoryVectorStore>): Promise<number> {
  return (await store.query(new Array(128).fill(1), { topK: 100 })).length;
}

describe('createReAct with taskMemory', () => {
  it('saves a successful run, recalls it for a similar task, and does not save the repeat', async () => {
    const { store, memory: taskMemory } = memory();
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 17, op: '*', b: 23 })
      .text('17 times 23 is 391.')
      .text('It is 391, as before.');
    const client = createClient(provider, {
      env: {},
      defaultModel: 'test-model',
      tools: [calculator],
    });
    const agent = createReAct(client, { taskMemory: { memory: taskMemory, minScore: 0.5 } });

    const first = await agent.execute('What is 17 times 23?');
    expect(first.data).toBe('17 times 23 is 391.');
    expect(provider.requests[0]?.systemPrompt).not.toContain('Similar tasks');
    const [saved] = await taskMemory.search('17 times 23', { topK: 1 });
    expect(saved?.task).toMatchObject({
      question: 'What is 17 times 23?',
      answer: '17 times 23 is 391.',
      toolsUsed: ['calculator'],
      outcome: 'success',
    });

    const stream = agent.executeStream('what is 17 times 23');
    const second = await stream.collect();
    expect(second.data).toBe('It is 391, as before.');
    const recalled = provider.requests[2]?.systemPrompt ?? '';
    expect(recalled).toContain('Similar tasks you solved before');
    expect(recalled).toContain(
      '- Task: What is 17 times 23?\n  Answer: 17 times 23 is 391.\n  Tools used: calculator',
    );
    expect(await tasksIn(store)).toBe(1);
  });

  it('does not save a run that ends without a final answer', async () => {
    const { store, memory: taskMemory } = memory();
    const provider = createFakeProvider().toolCall('calculator', { a: 1, op: '+', b: 1 });
    const client = createClient(provider, {
      env: {},
      defaultModel: 'test-model',
      tools: [calculator],
    });
    const agent = createReAct(client, { maxIterations: 1, taskMemory: { memory: taskMemory } });
    await expect(agent.execute('What is 1 + 1?')).rejects.toBeInstanceOf(AgentStoppedError);
    expect(await tasksIn(store)).toBe(0);
  });

  it('runs on when the memory fails, telling onError', async () => {
    const broken: TaskMemory = {
      save: async () => {
        throw new Error('store down (save)');
      },
      search: async () => {
        throw new Error('store down (search)');
      },
    };
    const errors: string[] = [];
    const provider = createFakeProvider().text('Fine.');
    const client = createClient(provider, { env: {}, defaultModel: 'test-model' });
    const agent = createReAct(client, {
      taskMemory: {
        memory: broken,
        onError: (error, phase) => errors.push(`${phase}: ${(error as Error).message}`),
      },
    });
    expect((await agent.execute('Hello?')).data).toBe('Fine.');
    expect(errors).toEqual(['recall: store down (search)', 'save: store down (save)']);
  });

  it('can recall without saving', async () => {
    const { store, memory: taskMemory } = memory();
    const provider = createFakeProvider().text('ok');
    const client = createClient(provider, { env: {}, defaultModel: 'test-model' });
    await createReAct(client, { taskMemory: { memory: taskMemory, save: false } }).execute(
      'Anything?',
    );
    expect(await tasksIn(store)).toBe(0);
  });

  it.each<[string, unknown, string]>([
    ['not an object', 3, 'taskMemory'],
    ['no memory', {}, 'taskMemory.memory'],
    ['topK 0', { topK: 0 }, 'taskMemory.topK'],
    ['recall not a boolean', { recall: 'yes' }, 'taskMemory.recall'],
  ])('rejects a taskMemory option with %s', (_label, patch, argument) => {
    const client = createClient(createFakeProvider(), { env: {}, defaultModel: 'test-model' });
    const option =
      typeof patch === 'object' &&
      patch !== null &&
      !('memory' in patch) &&
      Object.keys(patch).length > 0
        ? { memory: memory().memory, ...patch }
        : patch;
    try {
      createReAct(client, { taskMemory: option as never });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).argument).toBe(argument);
    }
  });
});
