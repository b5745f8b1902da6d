import { AgentStoppedError, type InteractionResponses, type SuspendedRun } from '@aigo/ai';
import { createClient, inMemoryMemoryStore } from '@aigo/client';
import { createFakeProvider, createRecordingObserver } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { approvalTools } from '../test/support/approval-tools.js';
import { outline } from '../test/support/helpers.js';
import type { ApprovalPolicy } from './approval/approval-policy.js';
import { createReAct } from './create-react.js';

async function suspendedBy(promise: Promise<unknown>): Promise<AgentStoppedError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!AgentStoppedError.isInstance(error) || error.stopReason !== 'suspended') {
    throw new Error(`expected a suspension, got ${String(error)}`);
  }
  return error;
}

function setup(
  policy: ApprovalPolicy | undefined,
  script: (p: ReturnType<typeof createFakeProvider>) => void,
) {
  const kit = approvalTools();
  const provider = createFakeProvider();
  script(provider);
  const store = inMemoryMemoryStore();
  const observer = createRecordingObserver();
  const client = createClient(provider, { env: {}, tools: kit.tools, observer });
  const agent = createReAct(client, policy === undefined ? {} : { approval: policy });
  return { ...kit, provider, store, observer, agent, memory: store.conversation('c1') };
}

describe('suspending a run for approval', () => {
  it('suspends before any tool of the reply runs; memory holds no unanswered call; resume runs it once', async () => {
    const t = setup(['send_money'], (p) =>
      p
        .toolCalls([
          { name: 'lookup', args: { word: 'bank' } },
          { name: 'send_money', args: { to: 'alice', amount: 20 } },
        ])
        .text('Sent 20 to alice.'),
    );
    const stopped = await suspendedBy(t.agent.execute('Pay alice 20', { memory: t.memory }));
    expect(t.calls).toEqual([]);
    const suspended = stopped.suspended as SuspendedRun;
    expect(suspended.requests).toEqual([
      {
        id: 'call_2',
        type: 'tool_approval',
        toolCall: { id: 'call_2', name: 'send_money', arguments: '{"to":"alice","amount":20}' },
        message: 'Run tool "send_money"?',
      },
    ]);
    // JSON-serialisable: a round trip through JSON changes nothing.
    const stored = JSON.parse(JSON.stringify(suspended)) as SuspendedRun;
    expect(stored).toEqual(suspended);
    expect(await t.memory.allMessages()).toEqual([]);
    expect((stopped.overview as { stopReason: string }).stopReason).toBe('suspended');

    const result = await t.agent.resume(
      stored,
      { call_2: { approved: true } },
      { memory: t.memory },
    );
    expect(result.data).toBe('Sent 20 to alice.');
    expect(t.calls.map((call) => call.tool)).toEqual(['lookup', 'send_money']);
    expect(outline(await t.memory.allMessages())).toEqual([
      'user: Pay alice 20',
      'assistant: calls lookup#call_1, send_money#call_2',
      'tool#call_1: {"meaning":"meaning of bank"}',
      'tool#call_2: {"sent":20,"to":"alice"}',
      'assistant: Sent 20 to alice.',
    ]);
  });

  it('a refusal answers the call with a tool result saying why, and the model goes on', async () => {
    const t = setup('all', (p) =>
      p.toolCall('send_money', { to: 'mallory', amount: 999 }).text('I did not send it.'),
    );
    const stopped = await suspendedBy(t.agent.execute('Pay mallory', { memory: t.memory }));
    const suspended = stopped.suspended as SuspendedRun;
    const result = await t.agent.resume(
      suspended,
      { call_1: { approved: false, reason: 'not a known payee' } },
      { memory: t.memory },
    );
    expect(result.data).toBe('I did not send it.');
    expect(t.calls).toEqual([]);
    const refusal = t.provider.requests[1]?.messages.at(-1);
    expect(refusal?.role).toBe('tool');
    expect(refusal?.content).toContain('"code":"tool_refused"');
    expect(refusal?.content).toContain('not a known payee');
  });

  it('edited arguments run, and the stored reply says what ran', async () => {
    const t = setup('all', (p) =>
      p.toolCall('send_money', { to: 'alice', amount: 200 }).text('Sent.'),
    );
    const stopped = await suspendedBy(t.agent.execute('Pay alice', { memory: t.memory }));
    await t.agent.resume(
      stopped.suspended as SuspendedRun,
      { call_1: { approved: true, arguments: '{"to":"alice","amount":20}' } },
      { memory: t.memory },
    );
    expect(t.calls).toEqual([{ tool: 'send_money', input: { to: 'alice', amount: 20 } }]);
    const stored = await t.memory.allMessages();
    expect(stored[1]?.toolCalls?.[0]?.function.arguments).toBe('{"to":"alice","amount":20}');
  });

  it('a resumed run may suspend again, and usage and cost add up to one uninterrupted run', async () => {
    const script = (p: ReturnType<typeof createFakeProvider>) =>
      p
        .toolCall('send_money', { to: 'a', amount: 1 })
        .toolCall('send_money', { to: 'b', amount: 2 })
        .text('Both sent.');
    const t = setup('all', script);
    const first = await suspendedBy(t.agent.execute('Pay a and b', { memory: t.memory }));
    const second = await suspendedBy(
      t.agent.resume(
        first.suspended as SuspendedRun,
        { call_1: { approved: true } },
        { memory: t.memory },
      ),
    );
    expect(second.suspended?.requests[0]?.toolCall.name).toBe('send_money');
    expect(await t.memory.allMessages()).toEqual([]);
    const result = await t.agent.resume(
      second.suspended as SuspendedRun,
      { call_2: { approved: true } },
      { memory: t.memory },
    );
    expect(result.iterations).toBe(3);

    const plain = setup('none', script);
    const uninterrupted = await plain.agent.execute('Pay a and b', { memory: plain.memory });
    expect(result.totalUsage).toEqual(uninterrupted.totalUsage);
    const cost = result.costSummary();
    const expected = uninterrupted.costSummary();
    expect(cost.totalModelCost).toBeCloseTo(expected.totalModelCost, 12);
    expect(cost.totalToolCost).toBeCloseTo(expected.totalToolCost, 12);
    expect(cost.toolExecutionCount).toEqual(expected.toolExecutionCount);
    expect(outline(await t.memory.allMessages())).toEqual(
      outline(await plain.memory.allMessages()),
    );
  });

  it('a run without a memory carries its conversation in the suspended value', async () => {
    const t = setup('all', (p) => p.toolCall('send_money', { to: 'a', amount: 1 }).text('Done.'));
    const stopped = await suspendedBy(t.agent.execute('Pay a'));
    const result = await t.agent.resume(stopped.suspended as SuspendedRun, {
      call_1: { approved: true },
    });
    expect(result.data).toBe('Done.');
    expect(t.provider.requests[1]?.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
    ]);
  });

  it('ends the agent span ok with a suspended attribute and an interaction event, redacted', async () => {
    const t = setup({ rules: { send_money: { message: 'Send money?', redact: ['pin'] } } }, (p) =>
      p.toolCall('send_money', { to: 'a', amount: 1, pin: '4321' }).text('Done.'),
    );
    const stopped = await suspendedBy(t.agent.execute('Pay a', { memory: t.memory }));
    const request = stopped.suspended?.requests[0];
    expect(request?.message).toBe('Send money?');
    expect(request?.toolCall.arguments).toBe('{"to":"a","amount":1,"pin":"[REDACTED]"}');
    const span = t.observer.spans.find((s) => s.name.startsWith('invoke_agent'));
    expect(span?.status?.status).toBe('ok');
    expect(span?.attributes['aigo.react.suspended']).toBe(true);
    expect(span?.attributes['aigo.react.stop_reason']).toBe('suspended');
    const event = span?.events.find((e) => e.name === 'aigo.interaction.requested');
    expect(JSON.stringify(event)).not.toContain('4321');
    expect(JSON.stringify(stopped)).not.toContain('4321');

    await t.agent.resume(
      stopped.suspended as SuspendedRun,
      { call_1: { approved: true } },
      { memory: t.memory },
    );
    expect(t.calls[0]?.input).toEqual({ to: 'a', amount: 1, pin: '4321' });
    const resumed = t.observer.spans.filter((s) => s.name.startsWith('invoke_agent'))[1];
    expect(resumed?.events.some((e) => e.name === 'aigo.interaction.resumed')).toBe(true);
  });
});

describe('approval policies', () => {
  const reply = (p: ReturnType<typeof createFakeProvider>) =>
    p
      .toolCalls([
        { name: 'send_money', args: { to: 'a', amount: 1 } },
        { name: 'delete_file', args: { path: '/tmp/x' } },
        { name: 'lookup', args: { word: 'secret' } },
        { name: 'lookup', args: { word: 'plain' } },
      ])
      .text('Done.');
  const asked = async (policy: ApprovalPolicy | undefined): Promise<string[]> => {
    const t = setup(policy, reply);
    const outcome = await t.agent.execute('Go', { memory: t.memory }).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (outcome === undefined) return [];
    const stopped = outcome as AgentStoppedError;
    expect(stopped.stopReason).toBe('suspended');
    return (stopped.suspended?.requests ?? []).map(
      (r) => `${r.toolCall.name}:${r.toolCall.arguments}`,
    );
  };

  it('without a policy, the tools decide (needsApproval true, or as a function of the input)', async () => {
    expect(await asked(undefined)).toEqual([
      'delete_file:{"path":"/tmp/x"}',
      'lookup:{"word":"secret"}',
    ]);
  });
  it("'all' asks for every call; 'none' for none, whatever tools declare", async () => {
    expect(await asked('all')).toHaveLength(4);
    expect(await asked('none')).toEqual([]);
  });
  it('a list of names asks for those, and the tools decide for the others', async () => {
    expect(await asked(['send_money'])).toEqual([
      'send_money:{"to":"a","amount":1}',
      'delete_file:{"path":"/tmp/x"}',
      'lookup:{"word":"secret"}',
    ]);
  });
  it('an allow-list asks for everything else', async () => {
    expect(await asked({ allow: ['lookup'] })).toEqual([
      'send_money:{"to":"a","amount":1}',
      'delete_file:{"path":"/tmp/x"}',
    ]);
  });
  it('rules per tool override the tools; default covers the rest', async () => {
    expect(await asked({ rules: { delete_file: false, send_money: true } })).toEqual([
      'send_money:{"to":"a","amount":1}',
      'lookup:{"word":"secret"}',
    ]);
    expect(await asked({ rules: { delete_file: false }, default: false })).toEqual([]);
  });
  it('a predicate sees the parsed arguments and the run context', async () => {
    const seen: unknown[] = [];
    const t = setup((call) => {
      seen.push(call.context);
      if (call.name === 'send_money') return (call.arguments as { amount: number }).amount > 0;
      return false;
    }, reply);
    const stopped = await suspendedBy(
      t.agent.execute('Go', { memory: t.memory, context: { user: 'u1' } }),
    );
    expect(stopped.suspended?.requests.map((r) => r.toolCall.name)).toEqual(['send_money']);
    expect(seen[0]).toEqual({ user: 'u1' });
  });
  it('a reply that needs no decision runs at once', async () => {
    const t = setup(['send_money'], (p) => p.toolCall('lookup', { word: 'x' }).text('Done.'));
    expect((await t.agent.execute('Go', { memory: t.memory })).data).toBe('Done.');
  });
});

describe('streams', () => {
  it('executeStream ends with interaction_requested (no error); resumeStream starts with interaction_resumed', async () => {
    const t = setup('all', (p) => p.toolCall('send_money', { to: 'a', amount: 1 }).text('Done.'));
    const types: string[] = [];
    let suspended: SuspendedRun | undefined;
    const stream = t.agent.executeStream('Pay a', { memory: t.memory });
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'interaction_requested') suspended = event.suspended;
    }
    expect(types).toEqual(['iteration_start', 'interaction_requested']);
    await expect(stream.collect()).rejects.toMatchObject({ stopReason: 'suspended' });
    const responses: InteractionResponses = { call_1: { approved: true } };
    const resumed: string[] = [];
    const again = t.agent.resumeStream(suspended as SuspendedRun, responses, { memory: t.memory });
    for await (const event of again) resumed.push(event.type);
    expect(resumed).toEqual([
      'interaction_resumed',
      'tool_call',
      'tool_result',
      'iteration_start',
      'content',
      'final_answer',
    ]);
    expect((await again.collect()).data).toBe('Done.');
  });
});
