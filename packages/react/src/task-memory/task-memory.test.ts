import { ValidationError } from '@aigo/ai';
import { inMemoryVectorStore } from '@aigo/retrieval';
import { createFakeEmbedder } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { createTaskMemory } from './task-memory.js';
import type { TaskRecord } from './task-record.js';
import { taskValue, thresholdWritePolicy } from './write-policy.js';

function setUp(options: { namespace?: string; duplicateThreshold?: number } = {}) {
  const embedder = createFakeEmbedder({ dimensions: 128 });
  const store = inMemoryVectorStore({ dimensions: 128 });
  const memory = createTaskMemory({
    store,
    embedder: { provider: embedder, model: 'fake' },
    ...options,
  });
  return { embedder, store, memory };
}

const task = (question: string, patch: Partial<TaskRecord> = {}): TaskRecord => ({
  question,
  answer: 'The capital of Italy is Rome.',
  toolsUsed: ['search'],
  outcome: 'success',
  ...patch,
});

describe('createTaskMemory', () => {
  it('saves a task and finds it again for a similar question', async () => {
    const { memory, embedder } = setUp();
    const result = await memory.save(
      task('What is the capital of Italy?', { metadata: { user: 'ada' } }),
    );
    expect(result.saved).toBe(true);
    expect(embedder.calls.map((call) => call.purpose)).toEqual(['document']);
    const [match] = await memory.search('capital of Italy');
    expect(match?.task).toMatchObject({
      question: 'What is the capital of Italy?',
      answer: 'The capital of Italy is Rome.',
      toolsUsed: ['search'],
      outcome: 'success',
      metadata: { user: 'ada' },
    });
    expect(match?.task.savedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(embedder.calls.at(-1)?.purpose).toBe('query');
  });

  it('skips a duplicate of a stored task', async () => {
    const { memory, store } = setUp();
    const first = await memory.save(task('What is the capital of Italy?'));
    const again = await memory.save(task('what is the capital of italy'));
    expect(again).toMatchObject({
      saved: false,
      reason: 'duplicate',
      duplicateOf: first.saved ? first.id : '',
    });
    const other = await memory.save(
      task('How tall is the Eiffel tower?', { answer: 'About 330 metres tall.' }),
    );
    expect(other.saved).toBe(true);
    expect((await store.query(new Array(128).fill(0.1), { topK: 10 })).length).toBe(2);
  });

  it('lets the write policy turn tasks down (failures and empty answers by default)', async () => {
    const { memory } = setUp();
    expect(await memory.save(task('Failed task', { outcome: 'failure' }))).toEqual({
      saved: false,
      reason: 'policy',
    });
    expect(await memory.save(task('No answer', { answer: ' ' }))).toEqual({
      saved: false,
      reason: 'policy',
    });
    expect(taskValue(task('q'))).toBe(1);
    expect(taskValue(task('q', { toolsUsed: [], answer: 'yes' }))).toBe(0.5);
    const strict = thresholdWritePolicy({ minValue: 0.75 });
    expect(await strict(task('q', { toolsUsed: [], answer: 'yes' }))).toBe(false);
    expect(await strict(task('q', { answer: 'yes' }))).toBe(true);
  });

  it('keeps namespaces apart in one store', async () => {
    const embedder = createFakeEmbedder({ dimensions: 128 });
    const store = inMemoryVectorStore({ dimensions: 128 });
    const settings = { provider: embedder, model: 'fake' };
    const ada = createTaskMemory({ store, embedder: settings, namespace: 'ada' });
    const bob = createTaskMemory({ store, embedder: settings, namespace: 'bob' });
    await ada.save(task('What is the capital of Italy?'));
    expect(await bob.search('capital of Italy')).toEqual([]);
    expect((await bob.save(task('What is the capital of Italy?'))).saved).toBe(true);
    expect(await ada.search('capital of Italy')).toHaveLength(1);
  });

  it.each<[string, unknown, string]>([
    ['no question', { ...task(''), question: '' }, 'task.question'],
    ['tools not names', { ...task('q'), toolsUsed: [1] }, 'task.toolsUsed'],
    ['no outcome', { ...task('q'), outcome: '' }, 'task.outcome'],
  ])('rejects a task with %s', async (_label, bad, argument) => {
    await expect(setUp().memory.save(bad as TaskRecord)).rejects.toMatchObject({ argument });
  });

  it('rejects bad options', () => {
    const embedder = { provider: createFakeEmbedder(), model: 'fake' };
    expect(() => createTaskMemory({ embedder } as never)).toThrow(ValidationError);
    expect(() =>
      createTaskMemory({ store: inMemoryVectorStore({ dimensions: 2 }), embedder, namespace: '' }),
    ).toThrow('options.namespace');
  });
});
