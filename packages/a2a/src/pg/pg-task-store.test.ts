import { randomUUID } from 'node:crypto';
import { type Task, TaskState } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { ServerCallContext, type User } from '@a2a-js/sdk/server';
import { createClient } from '@aigo/client';
import { testDatabase, withTestSchema } from '@aigo/pg/testing/vitest';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import { answerOf, sendRequest, stateLabel, userText } from '../../test/support/test-sdk.js';
import { serveA2A } from '../server/serve-a2a.js';
import { pgTaskStore } from './pg-task-store.js';

const database = testDatabase();

function store(schema: string) {
  const tasks = pgTaskStore({ connectionString: database.url, schema, poolSize: 2 });
  onTestFinished(() => tasks.close());
  return tasks;
}

function user(name: string): User {
  return { isAuthenticated: true, userName: name };
}

function task(id: string, contextId: string, state: TaskState, timestamp: string): Task {
  return {
    id,
    contextId,
    status: { state, message: undefined, timestamp },
    artifacts: [
      {
        artifactId: 'a',
        name: 'a',
        description: '',
        parts: [
          {
            content: { $case: 'raw', value: Buffer.from([0, 1, 2, 255]) },
            metadata: undefined,
            filename: 'b.bin',
            mediaType: 'application/octet-stream',
          },
        ],
        metadata: undefined,
        extensions: [],
      },
    ],
    history: [],
    metadata: { note: 'kept' },
  };
}

describe('pgTaskStore against a real PostgreSQL', () => {
  it('keeps serveA2A’s tasks across a restart of the server', async () => {
    const schema = await withTestSchema({ create: false });
    const provider = createFakeProvider().text('Stored answer.');
    const agent = createReAct(createClient(provider, { env: {}, defaultModel: 'm' }), {
      name: 'keeper',
    });

    const first = await serveA2A(agent, { taskStore: store(schema) });
    const client = await new ClientFactory().createFromUrl(first.url);
    const sent = await client.sendMessage(sendRequest(userText('Remember this')));
    await first.close();
    if (!('status' in sent)) throw new Error('expected a task');

    const second = await serveA2A(agent, { taskStore: store(schema) });
    onTestFinished(() => second.close());
    const again = await (await new ClientFactory().createFromUrl(second.url)).getTask({
      tenant: '',
      id: sent.id,
    });
    expect(stateLabel(again.status?.state)).toBe('completed');
    expect(answerOf(again)).toBe('Stored answer.');
  });

  it('saves, loads and overwrites a task whole (raw bytes and metadata included), per tenant and owner', async () => {
    const schema = await withTestSchema({ create: false });
    const tasks = store(schema);
    const ada = new ServerCallContext({ user: user('ada') });
    const bob = new ServerCallContext({ user: user('bob') });
    const other = new ServerCallContext({ user: user('ada'), tenant: 'other' });
    const saved = task('t-1', 'c-1', TaskState.TASK_STATE_WORKING, '2026-01-01T00:00:00.000Z');
    await tasks.save(saved, ada);
    expect(await tasks.load('t-1', ada)).toEqual(saved);
    expect(await tasks.load('t-1', bob)).toBeUndefined();
    expect(await tasks.load('t-1', other)).toBeUndefined();
    const done = {
      ...saved,
      status: {
        state: TaskState.TASK_STATE_COMPLETED,
        message: undefined,
        timestamp: '2026-01-01T00:01:00.000Z',
      },
    };
    await tasks.save(done, ada);
    expect((await tasks.load('t-1', ada))?.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it('lists newest first, filtered by context, state and time, in pages', async () => {
    const schema = await withTestSchema({ create: false });
    const tasks = store(schema);
    const ctx = new ServerCallContext({ user: user('ada') });
    for (let i = 0; i < 5; i++) {
      const state = i % 2 === 0 ? TaskState.TASK_STATE_COMPLETED : TaskState.TASK_STATE_FAILED;
      await tasks.save(
        task(`t-${i}`, i < 4 ? 'c-1' : 'c-2', state, `2026-01-01T00:0${i}:00.000Z`),
        ctx,
      );
    }
    const base = {
      tenant: '',
      contextId: '',
      status: TaskState.TASK_STATE_UNSPECIFIED,
      pageToken: '',
      statusTimestampAfter: undefined,
    };
    const all = await tasks.list({ ...base, pageSize: 2 }, ctx);
    expect(all.tasks.map((t) => t.id)).toEqual(['t-4', 't-3']);
    expect(all.totalSize).toBe(5);
    expect(all.tasks[0]?.artifacts).toEqual([]);
    const next = await tasks.list({ ...base, pageSize: 2, pageToken: all.nextPageToken }, ctx);
    expect(next.tasks.map((t) => t.id)).toEqual(['t-2', 't-1']);
    const last = await tasks.list({ ...base, pageSize: 2, pageToken: next.nextPageToken }, ctx);
    expect(last.tasks.map((t) => t.id)).toEqual(['t-0']);
    expect(last.nextPageToken).toBe('');

    const c1Completed = await tasks.list(
      { ...base, contextId: 'c-1', status: TaskState.TASK_STATE_COMPLETED, includeArtifacts: true },
      ctx,
    );
    expect(c1Completed.tasks.map((t) => t.id)).toEqual(['t-2', 't-0']);
    expect(c1Completed.tasks[0]?.artifacts).toHaveLength(1);
    const recent = await tasks.list(
      { ...base, statusTimestampAfter: '2026-01-01T00:02:30.000Z' },
      ctx,
    );
    expect(recent.tasks.map((t) => t.id)).toEqual(['t-4', 't-3']);
  });

  it('two stores starting at once create the table once', async () => {
    const schema = await withTestSchema({ create: false });
    await Promise.all([store(schema).ready(), store(schema).ready(), store(schema).ready()]);
    const ctx = new ServerCallContext();
    const id = randomUUID();
    await store(schema).save(task(id, 'c', TaskState.TASK_STATE_WORKING, ''), ctx);
    expect((await store(schema).load(id, ctx))?.id).toBe(id);
  });

  it('an unreachable server is a MemoryError naming the table, without the password', async () => {
    const tasks = pgTaskStore({
      connectionString: 'postgres://u:hunter2@127.0.0.1:1/db',
      connectTimeoutMs: 2_000,
    });
    onTestFinished(() => tasks.close());
    const error = await tasks.load('x', new ServerCallContext()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'MemoryError', code: 'memory_error' });
    expect(String((error as Error).message)).not.toContain('hunter2');
  });

  it('bad options are ValidationErrors naming the option', () => {
    expect(() => pgTaskStore({ schema: 'pg_x', connectionString: database.url })).toThrow(
      expect.objectContaining({ argument: 'schema' }),
    );
    expect(() => pgTaskStore({ tableName: 'bad name', connectionString: database.url })).toThrow(
      expect.objectContaining({ argument: 'tableName' }),
    );
    expect(() => pgTaskStore({})).toThrow(expect.objectContaining({ name: 'ValidationError' }));
  });
});
