// Sessions (createSessionRunner of @aigo/client) over a ReAct agent with approvals: run a prompt in a
// session, get the pending requests, resume the session by id.
import { RunConflictError } from '@aigo/ai';
import {
  createClient,
  createSessionRunner,
  inMemoryMemoryStore,
  inMemoryRunStore,
} from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { approvalTools } from '../test/support/approval-tools.js';
import { outline } from '../test/support/helpers.js';
import { createReAct } from './create-react.js';

function sessions() {
  const kit = approvalTools();
  const provider = createFakeProvider()
    .toolCall('delete_file', { path: '/invoices/2019' })
    .text('Deleted.')
    .text('You are welcome.');
  const agent = createReAct(createClient(provider, { env: {}, tools: kit.tools }));
  const memoryStore = inMemoryMemoryStore();
  const runStore = inMemoryRunStore();
  return {
    ...kit,
    memoryStore,
    runStore,
    runner: createSessionRunner({ agent, memoryStore, runStore }),
  };
}

describe('sessions', () => {
  it('a prompt in a session returns the pending requests; resuming the session by id finishes it', async () => {
    const t = sessions();
    const first = await t.runner.run('user-42', 'Delete my 2019 invoices');
    expect(first.status).toBe('suspended');
    if (first.status !== 'suspended') return;
    expect(first.requests.map((r) => r.toolCall.name)).toEqual(['delete_file']);
    expect(await t.runner.pending('user-42')).toEqual(first.requests);
    expect(t.calls).toEqual([]);

    await expect(t.runner.run('user-42', 'Something else')).rejects.toSatisfy((error) =>
      RunConflictError.isInstance(error),
    );

    const done = await t.runner.resume('user-42', {
      [first.requests[0]?.id as string]: { approved: true },
    });
    expect(done.status).toBe('completed');
    if (done.status === 'completed') expect(done.result.data).toBe('Deleted.');
    expect(t.calls).toEqual([{ tool: 'delete_file', input: { path: '/invoices/2019' } }]);
    expect(await t.runner.pending('user-42')).toBeUndefined();

    const next = await t.runner.run('user-42', 'Thanks');
    expect(next.status).toBe('completed');
    expect(outline(await t.memoryStore.conversation('user-42').allMessages())).toEqual([
      'user: Delete my 2019 invoices',
      'assistant: calls delete_file#call_1',
      'tool#call_1: {"deleted":"/invoices/2019"}',
      'assistant: Deleted.',
      'user: Thanks',
      'assistant: You are welcome.',
    ]);
  });

  it('resuming a session with nothing waiting is a typed error; bad arguments are named', async () => {
    const t = sessions();
    await expect(t.runner.resume('nobody', {})).rejects.toSatisfy((error) =>
      RunConflictError.isInstance(error),
    );
    await expect(t.runner.run('', 'x')).rejects.toMatchObject({ argument: 'sessionId' });
    expect(() =>
      createSessionRunner({ agent: {} as never, memoryStore: t.memoryStore, runStore: t.runStore }),
    ).toThrow(expect.objectContaining({ argument: 'agent' }));
  });
});
