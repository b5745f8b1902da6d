// Every bad input of a resume is a typed error naming what is wrong, and nothing runs: no tool, no
// model call, no memory write, no claim.
import {
  type AgentStoppedError,
  type InteractionResponses,
  RunConflictError,
  type SuspendedRun,
  SuspendedRunError,
  ValidationError,
} from '@aigo/ai';
import { createClient, inMemoryMemoryStore, inMemoryRunStore } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { approvalTools } from '../test/support/approval-tools.js';
import { createReAct } from './create-react.js';

const KEY = 'a signing key of at least 32 bytes!!';

async function suspendedRun(options: { signingKey?: string; name?: string } = {}) {
  const kit = approvalTools();
  const provider = createFakeProvider()
    .toolCalls([
      { name: 'send_money', args: { to: 'alice', amount: 20 } },
      { name: 'delete_file', args: { path: '/tmp/a' } },
    ])
    .text('Done.');
  const client = createClient(provider, { env: {}, tools: kit.tools });
  const runs = inMemoryRunStore();
  const agent = createReAct(client, { approval: 'all', runStore: runs, ...options });
  const memory = inMemoryMemoryStore().conversation('c');
  const stopped = (await agent
    .execute('Pay alice and clean up', { memory })
    .catch((error: unknown) => error)) as AgentStoppedError;
  const suspended = stopped.suspended as SuspendedRun;
  return { ...kit, provider, client, runs, agent, memory, suspended };
}

const approveBoth: InteractionResponses = {
  call_1: { approved: true },
  call_2: { approved: true },
};

async function refused(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('resolved instead of rejecting');
    },
    (error: unknown) => error,
  );
}

async function expectNothingRan(t: Awaited<ReturnType<typeof suspendedRun>>): Promise<void> {
  expect(t.calls).toEqual([]);
  expect(t.provider.callCount).toBe(1);
  expect(await t.memory.allMessages()).toEqual([]);
  expect((await t.runs.load(t.suspended.runId))?.status).toBe('suspended');
}

describe('bad input to resume', () => {
  it('an unknown request id', async () => {
    const t = await suspendedRun();
    const error = await refused(
      t.agent.resume(
        t.suspended,
        { ...approveBoth, call_9: { approved: true } },
        { memory: t.memory },
      ),
    );
    expect(ValidationError.isInstance(error)).toBe(true);
    expect((error as ValidationError).argument).toBe('responses["call_9"]');
    await expectNothingRan(t);
  });

  it('a missing decision', async () => {
    const t = await suspendedRun();
    const error = await refused(
      t.agent.resume(t.suspended, { call_1: { approved: true } }, { memory: t.memory }),
    );
    expect(error).toMatchObject({ code: 'validation', argument: 'responses' });
    expect((error as Error).message).toContain('"call_2"');
    await expectNothingRan(t);
  });

  it('edited arguments that fail the tool schema', async () => {
    const t = await suspendedRun();
    const error = await refused(
      t.agent.resume(
        t.suspended,
        { ...approveBoth, call_1: { approved: true, arguments: '{"to":"alice","amount":-5}' } },
        { memory: t.memory },
      ),
    );
    expect(error).toMatchObject({ code: 'validation', argument: 'responses["call_1"].arguments' });
    expect((error as Error).message).toContain('/amount');
    await expectNothingRan(t);
  });

  it('a malformed response', async () => {
    const t = await suspendedRun();
    for (const [response, argument] of [
      [{ approved: 'yes' }, 'responses["call_1"].approved'],
      [{ approved: false, reason: 7 }, 'responses["call_1"].reason'],
      [{ approved: false, arguments: '{}' }, 'responses["call_1"].arguments'],
      [null, 'responses["call_1"]'],
    ] as const) {
      const error = await refused(
        t.agent.resume(
          t.suspended,
          { ...approveBoth, call_1: response as never },
          { memory: t.memory },
        ),
      );
      expect(error).toMatchObject({ code: 'validation', argument });
    }
    expect(
      await refused(t.agent.resume(t.suspended, null as never, { memory: t.memory })),
    ).toMatchObject({
      argument: 'responses',
    });
    await expectNothingRan(t);
  });

  it('a value of another version', async () => {
    const t = await suspendedRun();
    const error = await refused(
      t.agent.resume({ ...t.suspended, version: 2 }, approveBoth, { memory: t.memory }),
    );
    expect(SuspendedRunError.isInstance(error)).toBe(true);
    expect((error as SuspendedRunError).problem).toBe('version');
    await expectNothingRan(t);
  });

  it('a value of another agent: another name, or tools this agent lacks', async () => {
    const t = await suspendedRun();
    const other = createReAct(t.client, { name: 'other', approval: 'all' });
    expect(
      await refused(other.resume(t.suspended, approveBoth, { memory: t.memory })),
    ).toMatchObject({ code: 'invalid_suspended_run', problem: 'agent' });
    const fewer = createReAct(createClient(t.provider, { env: {}, tools: [t.sendMoney] }), {
      approval: 'all',
    });
    const error = await refused(fewer.resume(t.suspended, approveBoth, { memory: t.memory }));
    expect(error).toMatchObject({ code: 'invalid_suspended_run', problem: 'tools' });
    expect((error as Error).message).toContain('delete_file');
    await expectNothingRan(t);
  });

  it('something that is not a suspended run', async () => {
    const t = await suspendedRun();
    for (const value of [
      null,
      'run',
      { ...t.suspended, format: 'x' },
      { ...t.suspended, state: { iteration: 1 } },
    ]) {
      expect(
        await refused(t.agent.resume(value as never, approveBoth, { memory: t.memory })),
      ).toMatchObject({ code: 'invalid_suspended_run', problem: 'format' });
    }
    await expectNothingRan(t);
  });

  it('a tampered, unsigned or foreign value, with a signing key', async () => {
    const t = await suspendedRun({ signingKey: KEY });
    expect(t.suspended.signature).toMatch(/^hmac-sha256:/);
    const state = t.suspended.state as { turn: { content: string }[] };
    const tampered: SuspendedRun = {
      ...t.suspended,
      state: {
        ...t.suspended.state,
        turn: [{ ...state.turn[0], content: 'Pay mallory' }, ...state.turn.slice(1)] as never,
      },
    };
    const { signature: _signature, ...unsigned } = t.suspended;
    const foreignAgent = createReAct(t.client, {
      approval: 'all',
      signingKey: 'another key of at least thirty-two bytes',
    });
    for (const [agent, value] of [
      [t.agent, tampered],
      [t.agent, unsigned],
      [foreignAgent, t.suspended],
    ] as const) {
      const error = await refused(
        agent.resume(value as SuspendedRun, approveBoth, { memory: t.memory }),
      );
      expect(error).toMatchObject({ code: 'invalid_suspended_run', problem: 'signature' });
    }
    await expectNothingRan(t);
    // The untouched value resumes.
    expect((await t.agent.resume(t.suspended, approveBoth, { memory: t.memory })).data).toBe(
      'Done.',
    );
  });

  it('the wrong memory, or none for a run suspended on a conversation', async () => {
    const t = await suspendedRun();
    expect(await refused(t.agent.resume(t.suspended, approveBoth))).toMatchObject({
      argument: 'memory',
    });
    const elsewhere = inMemoryMemoryStore().conversation('other');
    expect(
      await refused(t.agent.resume(t.suspended, approveBoth, { memory: elsewhere })),
    ).toMatchObject({ argument: 'memory' });
    expect(
      await refused(t.agent.resume(t.suspended, approveBoth, { memory: t.memory, runId: 'x' })),
    ).toMatchObject({ argument: 'runId' });
    await expectNothingRan(t);
  });

  it('bad approval options are refused by createReAct', () => {
    const client = createClient(createFakeProvider(), { env: {} });
    for (const [approval, argument] of [
      ['some', 'approval'],
      [[1], 'approval'],
      [{ allow: 'x' }, 'approval.allow'],
      [{ rules: { a: { mesage: 'typo' } } }, 'approval.rules.a.mesage'],
      [{ rules: {}, extra: 1 }, 'approval.extra'],
    ] as const) {
      expect(() => createReAct(client, { approval: approval as never })).toThrow(
        expect.objectContaining({ argument }),
      );
    }
    expect(() => createReAct(client, { signingKey: 'short' })).toThrow(
      expect.objectContaining({ argument: 'signingKey' }),
    );
    expect(() => createReAct(client, { runStore: {} as never })).toThrow(
      expect.objectContaining({ argument: 'runStore' }),
    );
  });
});

describe('exactly-once with a run store', () => {
  it('the run is saved on suspension, claimed on resume (a second resume is refused) and deleted when done', async () => {
    const t = await suspendedRun();
    expect((await t.runs.load(t.suspended.runId))?.revision).toBe(1);
    const [first, second] = await Promise.allSettled([
      t.agent.resume(t.suspended, approveBoth, { memory: t.memory }),
      t.agent.resume(t.suspended, approveBoth, { memory: t.memory }),
    ]);
    const outcomes = [first, second];
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const loser = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(RunConflictError.isInstance(loser.reason)).toBe(true);
    expect(t.calls.map((call) => call.tool)).toEqual(['send_money', 'delete_file']);
    expect(await t.runs.load(t.suspended.runId)).toBeUndefined();
    // Resuming a finished run again: refused, nothing runs.
    expect(
      RunConflictError.isInstance(
        await refused(t.agent.resume(t.suspended, approveBoth, { memory: t.memory })),
      ),
    ).toBe(true);
    expect(t.calls).toHaveLength(2);
  });

  it('a stale value (the run was resumed and suspended again since) is refused', async () => {
    const kit = approvalTools();
    const provider = createFakeProvider()
      .toolCall('send_money', { to: 'a', amount: 1 })
      .toolCall('send_money', { to: 'b', amount: 2 })
      .text('Done.');
    const runs = inMemoryRunStore();
    const agent = createReAct(createClient(provider, { env: {}, tools: kit.tools }), {
      approval: 'all',
      runStore: runs,
    });
    const first = (await agent.execute('Pay').catch((e: unknown) => e)) as AgentStoppedError;
    const firstRun = first.suspended as SuspendedRun;
    const second = (await agent
      .resume(firstRun, { call_1: { approved: true } })
      .catch((e: unknown) => e)) as AgentStoppedError;
    expect(second.stopReason).toBe('suspended');
    expect(await runs.load(firstRun.runId)).toMatchObject({ revision: 3, status: 'suspended' });
    const stale = await refused(agent.resume(firstRun, { call_1: { approved: true } }));
    expect(RunConflictError.isInstance(stale)).toBe(true);
    expect(kit.calls).toHaveLength(1);
    const done = await agent.resume(second.suspended as SuspendedRun, {
      call_2: { approved: true },
    });
    expect(done.data).toBe('Done.');
  });

  it('a stream of a refused resume ends with an error event carrying the error', async () => {
    const t = await suspendedRun();
    const events: string[] = [];
    const stream = t.agent.resumeStream(t.suspended, {}, { memory: t.memory });
    for await (const event of stream) events.push(event.type);
    expect(events).toEqual(['error']);
    await expect(stream.collect()).rejects.toMatchObject({ argument: 'responses' });
    await expectNothingRan(t);
  });
});
