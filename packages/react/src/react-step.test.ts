import {
  type AgentEvent,
  ConversationConflictError,
  defineTool,
  RunConflictError,
  SuspendedRunError,
  userMessage,
} from '@aigo/ai';
import { createClient, inMemoryMemoryStore, inMemoryRunStore } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvalTools } from '../test/support/approval-tools.js';
import { calculator, outline } from '../test/support/helpers.js';
import { createReAct } from './create-react.js';
import type { ReActRunState, ReActStepResult } from './step/step-types.js';

const KEY = 'a signing key of at least thirty-two bytes!';
const usage = { promptTokens: 10, completionTokens: 5, totalTokens: 15 };

/** The same scripted run, on a fresh model: two tool rounds and a typed answer. */
function scripted() {
  return createFakeProvider()
    .toolCall('calculator', { a: 17, op: '*', b: 23 }, { usage })
    .toolCall('calculator', { a: 391, op: '+', b: 4 }, { usage })
    .text('{"total": 395}', { usage });
}

function makeAgent(model: ReturnType<typeof createFakeProvider>, extra: object = {}) {
  const client = createClient(model, {
    env: {},
    tools: [calculator],
    modelCost: { inputCostPerMillion: 1_000_000, outputCostPerMillion: 2_000_000 },
    computeCost: { costPerSecond: 1 },
  });
  return createReAct(client, {
    schema: Type.Object({ total: Type.Number() }),
    signingKey: KEY,
    ...extra,
  });
}

/** Steps a state until the run ends; every state goes through JSON on the way. */
async function stepToEnd<T>(
  agent: { step(state: ReActRunState, options?: object): Promise<ReActStepResult<T>> },
  first: ReActRunState,
  options: object = {},
): Promise<{ last: ReActStepResult<T>; steps: number }> {
  let state = first;
  for (let steps = 1; ; steps++) {
    const next = await agent.step(JSON.parse(JSON.stringify(state)) as ReActRunState, options);
    if (next.outcome !== 'continue') return { last: next, steps };
    state = next.state;
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('driving a run step by step', () => {
  it('a step() loop gives what execute gives: data, iterations, usage, cost and run time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Each tool run takes one (fake) second of run time.
    const slow = defineTool({
      name: 'calculator',
      description: calculator.description.description,
      input: Type.Object({ a: Type.Number(), op: Type.String(), b: Type.Number() }),
      metrics: { amount: 0.001, currency: 'USD' },
      execute: ({ a, op, b }) => {
        vi.advanceTimersByTime(1000);
        return { result: op === '*' ? a * b : a + b };
      },
    });
    const run = (model: ReturnType<typeof createFakeProvider>) =>
      createReAct(
        createClient(model, {
          env: {},
          tools: [slow],
          modelCost: { inputCostPerMillion: 1_000_000, outputCostPerMillion: 2_000_000 },
          computeCost: { costPerSecond: 1 },
        }),
        { schema: Type.Object({ total: Type.Number() }), signingKey: KEY },
      );
    const executed = await run(scripted()).execute('What is 17 * 23 + 4?', { memory: null });
    const agent = run(scripted());
    const started = await agent.start('What is 17 * 23 + 4?', { memory: null });
    vi.advanceTimersByTime(60_000); // waiting between steps is not run time
    const { last, steps } = await stepToEnd(agent, started, { memory: null });
    if (last.outcome !== 'final') throw new Error(`expected final, got ${last.outcome}`);
    const stepped = last.result;
    expect(steps).toBe(3);
    expect(stepped.data).toEqual(executed.data);
    expect(stepped.iterations).toBe(executed.iterations);
    expect(stepped.totalUsage).toEqual(executed.totalUsage);
    expect(stepped.toolCallStats).toEqual(executed.toolCallStats);
    expect(stepped.costSummary()).toEqual(executed.costSummary());
    expect(stepped.costSummary().computeCost).toBe(2);
    expect(stepped.responses.map((response) => response.content)).toEqual(
      executed.responses.map((response) => response.content),
    );
  });

  it('one step is one iteration: its events as a streamed run emits them', async () => {
    const agent = makeAgent(scripted());
    const events: AgentEvent<unknown>[] = [];
    const started = await agent.start('What is 17 * 23 + 4?', { memory: null });
    const first = await agent.step(started, {
      memory: null,
      onEvent: (event) => {
        events.push(event);
      },
    });
    expect(first.outcome).toBe('continue');
    expect(events.map((event) => event.type)).toEqual([
      'iteration_start',
      'tool_call',
      'tool_result',
    ]);
  });

  it('each step writes its messages as execute does; a conversation that moved on fails the next step before any tool runs', async () => {
    const store = inMemoryMemoryStore();
    const memory = store.conversation('c1');
    const ran: string[] = [];
    const counted = defineTool({
      name: 'calculator',
      description: 'Computes',
      input: Type.Object({ a: Type.Number(), op: Type.String(), b: Type.Number() }),
      execute: ({ a, b }) => {
        ran.push(`${a},${b}`);
        return { result: a * b };
      },
    });
    const model = scripted();
    const agent = createReAct(createClient(model, { env: {}, tools: [counted] }), {
      schema: Type.Object({ total: Type.Number() }),
    });
    const started = await agent.start('What is 17 * 23 + 4?', { memory });
    const first = await agent.step(started, { memory });
    expect(outline(await memory.allMessages())).toEqual([
      'user: What is 17 * 23 + 4?',
      'assistant: calls calculator#call_1',
    ]);
    expect(ran).toEqual(['17,23']);
    await memory.appendMessage(userMessage('meanwhile, elsewhere'));
    await expect(agent.step(first.state, { memory })).rejects.toBeInstanceOf(
      ConversationConflictError,
    );
    expect(ran).toEqual(['17,23']);
    expect(model.callCount).toBe(1);
  });

  it('a state stepped twice runs its tools once: with a run store the second step is refused', async () => {
    const runStore = inMemoryRunStore();
    const { calls, tools } = approvalTools();
    const model = createFakeProvider()
      .toolCall('lookup', { word: 'bank' })
      .toolCall('lookup', { word: 'river' })
      .text('done');
    const agent = createReAct(createClient(model, { env: {}, tools }), { runStore });
    const started = await agent.start('Look up bank', { memory: null, runId: 'run-twice' });
    expect((await runStore.load('run-twice'))?.status).toBe('suspended');
    const first = await agent.step(started, { memory: null });
    expect(calls).toHaveLength(1);
    await expect(agent.step(started, { memory: null })).rejects.toBeInstanceOf(RunConflictError);
    const second = await agent.step(first.state, { memory: null });
    expect(second.outcome).toBe('continue');
    await expect(agent.step(first.state, { memory: null })).rejects.toBeInstanceOf(
      RunConflictError,
    );
    expect(calls).toHaveLength(2);
    const third = await agent.step(second.state, { memory: null });
    expect(third.outcome).toBe('final');
    expect(await runStore.load('run-twice')).toBeUndefined();
  });

  it('stepping a finished state answers final again and runs nothing', async () => {
    const model = scripted();
    const agent = makeAgent(model);
    const { last } = await stepToEnd(agent, await agent.start('Sum?', { memory: null }), {
      memory: null,
    });
    if (last.outcome !== 'final') throw new Error('expected final');
    const again = await agent.step(last.state, { memory: null });
    expect(again.outcome).toBe('final');
    if (again.outcome !== 'final') return;
    expect(again.result.data).toEqual({ total: 395 });
    expect(again.result.totalUsage).toEqual(last.result.totalUsage);
    expect(again.state).toBe(last.state);
    expect(model.callCount).toBe(3);
  });

  it('a changed, foreign or other-version state is refused with SuspendedRunError before anything runs', async () => {
    const model = scripted();
    const agent = makeAgent(model);
    const started = await agent.start('Sum?', { memory: null });
    const problem = async (state: unknown) =>
      agent.step(state as ReActRunState, { memory: null }).then(
        () => 'stepped',
        (error: unknown) =>
          SuspendedRunError.isInstance(error) ? error.problem : `other: ${String(error)}`,
      );
    const tampered = { ...started, state: { ...started.state, iteration: 5 } };
    expect(await problem(tampered)).toBe('signature');
    expect(await problem({ ...started, version: 2 })).toBe('version');
    const other = makeAgent(createFakeProvider(), { name: 'other' });
    expect(await problem(await other.start('Sum?', { memory: null }))).toBe('agent');
    expect(await problem({ ...started, format: 'x' })).toBe('format');
    expect(model.callCount).toBe(0);
  });

  it('a run that suspends between steps: the step says so; a step with the responses runs the waiting tools', async () => {
    const kit = approvalTools();
    const model = createFakeProvider()
      .toolCall('send_money', { to: 'alice', amount: 20 })
      .text('Sent.');
    const agent = createReAct(createClient(model, { env: {}, tools: kit.tools }), {
      approval: ['send_money'],
    });
    const started = await agent.start('Pay alice 20', { memory: null, state: { budget: 50 } });
    const first = await agent.step(started, { memory: null });
    expect(first.outcome).toBe('suspended');
    const waiting = await agent.step(first.state, { memory: null });
    expect(waiting.outcome).toBe('suspended');
    expect(kit.calls).toEqual([]);
    const ran = await agent.step(first.state, {
      memory: null,
      responses: { call_1: { approved: true } },
    });
    expect(ran.outcome).toBe('continue');
    expect(kit.calls.map((call) => call.tool)).toEqual(['send_money']);
    const last = await agent.step(ran.state, { memory: null });
    expect(last.outcome).toBe('final');
    if (last.outcome === 'final') expect(last.result.state).toEqual({ budget: 50 });
  });

  it('bad options and a ctx.state that is not JSON: typed errors naming what is wrong', async () => {
    const model = createFakeProvider().toolCall('keep', {}).text('done');
    const keep = defineTool({
      name: 'keep',
      description: 'Keeps a function in the state',
      execute: (_input, ctx) => {
        (ctx.state as Record<string, unknown>).callback = () => 1;
        return 'kept';
      },
    });
    const agent = createReAct(createClient(model, { env: {}, tools: [keep] }));
    await expect(agent.start('Go', { memory: null, bogus: 1 } as never)).rejects.toThrow(
      expect.objectContaining({ argument: 'bogus' }),
    );
    await expect(agent.start('Go', { state: { at: new Date() } as never })).rejects.toThrow(
      expect.objectContaining({ argument: 'state.at' }),
    );
    const started = await agent.start('Go', { memory: null });
    const step = await agent.step(started, { memory: null });
    expect(step.outcome).toBe('stopped');
    if (step.outcome !== 'stopped') return;
    expect(step.error.message).toContain('state.callback');
    expect((step.error.cause as { argument?: string }).argument).toBe('state.callback');
    const again = await agent.step(step.state, { memory: null });
    expect(again.outcome).toBe('stopped');
    expect(model.callCount).toBe(1);
  });
});
