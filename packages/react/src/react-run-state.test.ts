import { AgentStoppedError, defineTool, type JsonObject, type SuspendedRun } from '@aigo/ai';
import {
  createClient,
  createSessionRunner,
  inMemoryMemoryStore,
  inMemoryRunStore,
} from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { approvalTools } from '../test/support/approval-tools.js';
import { createReAct } from './create-react.js';

/** A tool that counts its calls in the run's state. */
const count = defineTool({
  name: 'count',
  description: 'Counts',
  execute: (_input, ctx) => {
    const calls = typeof ctx.state.calls === 'number' ? ctx.state.calls : 0;
    ctx.state.calls = calls + 1;
    return { calls: calls + 1 };
  },
});

describe('run state (ctx.state)', () => {
  it('tools, hooks, prepareIteration and validateFinalAnswer read and write one object, returned as result.state', async () => {
    const model = createFakeProvider().toolCall('count', {}).toolCall('count', {}).text('done');
    const seen: string[] = [];
    const agent = createReAct(createClient(model, { env: {}, tools: [count] }), {
      prepareIteration: ({ iteration, state }) => {
        state.phase = `iteration ${iteration}`;
        return undefined;
      },
      beforeToolCall: ({ state }) => {
        seen.push(`before: ${JSON.stringify(state)}`);
        return undefined;
      },
      afterToolCall: ({ state }) => {
        state.last = 'count';
        return undefined;
      },
      validateFinalAnswer: ({ state }) => {
        seen.push(`validate: calls=${String(state.calls)}`);
        return undefined;
      },
    });
    const initial: JsonObject = { user: 'ada' };
    const result = await agent.execute('Count twice', { state: initial });
    expect(result.state).toEqual({ user: 'ada', phase: 'iteration 3', calls: 2, last: 'count' });
    expect(initial).toEqual({ user: 'ada' }); // the option is copied
    expect(seen).toEqual([
      'before: {"user":"ada","phase":"iteration 1"}',
      'before: {"user":"ada","phase":"iteration 2","calls":1,"last":"count"}',
      'validate: calls=2',
    ]);
  });

  it('is kept in the suspended value and is the resumed run’s', async () => {
    const kit = approvalTools();
    const model = createFakeProvider()
      .toolCall('count', {})
      .toolCall('send_money', { to: 'alice', amount: 1 })
      .text('paid');
    const agent = createReAct(createClient(model, { env: {}, tools: [...kit.tools, count] }), {
      approval: ['send_money'],
    });
    const error = await agent.execute('Pay', { state: { cart: ['tea'] } }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!AgentStoppedError.isInstance(error) || error.suspended === undefined) throw error;
    const suspended = JSON.parse(JSON.stringify(error.suspended)) as SuspendedRun;
    expect((suspended.state as { state?: unknown }).state).toEqual({ cart: ['tea'], calls: 1 });
    const resumed = await agent.resume(suspended, { call_2: { approved: true } });
    expect(resumed.state).toEqual({ cart: ['tea'], calls: 1 });
    await expect(
      agent.resume(suspended, { call_2: { approved: true } }, { state: {} }),
    ).rejects.toThrow(expect.objectContaining({ argument: 'state' }));
  });

  it('a state with a function or a cycle: the run option is refused naming the key; a suspension fails naming it', async () => {
    const model = createFakeProvider().toolCall('send_money', { to: 'a', amount: 1 });
    const kit = approvalTools();
    const agent = createReAct(createClient(model, { env: {}, tools: kit.tools }), {
      approval: 'all',
      prepareIteration: ({ state }) => {
        state.cycle = state as never;
        return undefined;
      },
    });
    await expect(agent.execute('Go', { state: { f: (() => 1) as never } })).rejects.toThrow(
      expect.objectContaining({ argument: 'state.f' }),
    );
    const error = await agent.execute('Go').then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(AgentStoppedError.isInstance(error) && error.stopReason).toBe('error');
    expect((error as Error).message).toContain('state.cycle');
    expect(kit.calls).toEqual([]);
  });

  it('a session keeps its state across prompts, in its run store', async () => {
    const model = createFakeProvider()
      .toolCall('count', {})
      .text('one')
      .toolCall('count', {})
      .text('two');
    const runStore = inMemoryRunStore();
    const sessions = createSessionRunner({
      agent: createReAct(createClient(model, { env: {}, tools: [count] })),
      memoryStore: inMemoryMemoryStore(),
      runStore,
    });
    const first = await sessions.run('ada', 'Count');
    expect(first.status === 'completed' && first.result.state).toEqual({ calls: 1 });
    const second = await sessions.run('ada', 'Count again');
    expect(second.status === 'completed' && second.result.state).toEqual({ calls: 2 });
    expect((await runStore.load('session-state:ada'))?.suspended.state).toEqual({ calls: 2 });
    expect(await runStore.load('session-state:bob')).toBeUndefined();
  });
});
