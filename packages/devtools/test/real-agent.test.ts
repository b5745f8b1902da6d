// End to end with the real human-in-the-loop agent: a `createReAct` agent (scripted model) that
// suspends for approval, `inMemoryRunStore`, and the devtools server's decisions endpoint.
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { type DevtoolsObserver, devtools, type RunDetail, type RunSummary } from '../src/index.js';
import { decide } from './support/test-decisions.js';
import { payingSetup, suspend } from './support/test-real-payer.js';

const opened: DevtoolsObserver[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((tools) => tools.close()));
});

async function setup() {
  const setup = await payingSetup();
  opened.push(setup.tools);
  return setup;
}

async function api<T>(tools: DevtoolsObserver, path: string): Promise<T> {
  const url = new URL(tools.url);
  return (await (await fetch(new URL(`${path}${url.search}`, url))).json()) as T;
}

describe('a real createReAct agent, suspended and resumed from the devtools', () => {
  it('shows the pending approval; approving resumes it, the tool runs once, the run answers', async () => {
    const { tools, spans, payments, model, runStore, agent } = await setup();
    const suspended = await suspend(agent);
    expect(payments).toEqual([]);
    expect((await runStore.load(suspended.runId))?.status).toBe('suspended');

    const runs = await api<RunSummary[]>(tools, '/api/runs');
    expect(runs).toHaveLength(1);
    const id = runs[0]?.id ?? '';
    const found = await api<RunDetail>(tools, `/api/runs/${id}`);
    expect(found.run.status).toBe('suspended');
    expect(found.canResume).toBe(true);
    const requestId = suspended.requests[0]?.id ?? '';
    expect(found.approvals).toEqual([
      { id: requestId, toolName: 'pay', arguments: '{"amount":120,"to":"ACME"}' },
    ]);

    const answer = await decide(tools, id, JSON.stringify({ [requestId]: { approved: true } }));
    expect(answer.status).toBe(202);
    await spans.ended(2); // the resumed run's agent span
    expect(payments).toEqual([{ amount: 120, to: 'ACME' }]);
    expect(model.requests).toHaveLength(2);
    // The run ended with its answer: the store forgot it, the page shows the resumed run done.
    expect(await runStore.load(suspended.runId)).toBeUndefined();
    const after = await api<RunSummary[]>(tools, '/api/runs');
    expect(after).toHaveLength(2);
    const resumed = after.find((run) => run.id !== id);
    expect(resumed?.status).toBe('done');
    const resumedDetail = await api<RunDetail>(tools, `/api/runs/${resumed?.id}`);
    expect(JSON.stringify(resumedDetail)).toContain('Paid ACME 120 EUR.');
    expect((await api<RunDetail>(tools, `/api/runs/${id}`)).approvals).toEqual([]);

    // A second decision is refused; the tool still ran once.
    expect(
      (await decide(tools, id, JSON.stringify({ [requestId]: { approved: true } }))).status,
    ).toBe(409);
    expect(payments).toHaveLength(1);
  });

  it('refusing resumes the run without running the tool; the model reads the refusal', async () => {
    const { tools, spans, payments, model, runStore, agent } = await setup();
    const suspended = await suspend(agent);
    const [run] = await api<RunSummary[]>(tools, '/api/runs');
    const requestId = suspended.requests[0]?.id ?? '';
    const answer = await decide(
      tools,
      run?.id ?? '',
      JSON.stringify({ [requestId]: { approved: false, reason: 'too much' } }),
    );
    expect(answer.status).toBe(202);
    await spans.ended(2);
    expect(payments).toEqual([]);
    expect(model.requests[1]?.messages.at(-1)?.content).toContain('tool_refused');
    expect(model.requests[1]?.messages.at(-1)?.content).toContain('too much');
    expect(await runStore.load(suspended.runId)).toBeUndefined();
  });

  it('a run resumed elsewhere first is not resumed again from the page', async () => {
    const { tools, spans, payments, runStore, agent } = await setup();
    const suspended = await suspend(agent);
    const [run] = await api<RunSummary[]>(tools, '/api/runs');
    const requestId = suspended.requests[0]?.id ?? '';
    await agent.resume(suspended, { [requestId]: { approved: true } });
    expect(payments).toHaveLength(1);
    expect(await runStore.load(suspended.runId)).toBeUndefined();
    const answer = await decide(
      tools,
      run?.id ?? '',
      JSON.stringify({ [requestId]: { approved: true } }),
    );
    expect(answer.status).toBe(409);
    await spans.ended(2);
    expect(payments).toHaveLength(1);
  });
});

describe('a real createReAct agent whose typed answer streams', () => {
  it('shows how the answer streamed: partial answers, model calls, the first one', async () => {
    const tools = await devtools({ print: false });
    opened.push(tools);
    const model = createFakeProvider().text('{"city": "Rome", "days": 3, "sights": ["Forum"]}');
    const agent = createReAct(
      createClient(model, { defaultModel: 'm', env: {}, observer: tools }),
      {
        name: 'planner',
        schema: Type.Object({
          city: Type.String(),
          days: Type.Integer(),
          sights: Type.Array(Type.String()),
        }),
      },
    );
    let partials = 0;
    for await (const event of agent.executeStream('Plan a trip.')) {
      if (event.type === 'partial_answer') partials++;
    }

    const [run] = await api<RunSummary[]>(tools, '/api/runs');
    const detail = await api<RunDetail>(tools, `/api/runs/${run?.id}`);
    expect(partials).toBeGreaterThan(1);
    expect(detail.run.status).toBe('done');
    expect(detail.answer).toMatchObject({ partialAnswers: partials, streamedCalls: 1 });
    expect(detail.answer?.firstPartialMs).toBeGreaterThanOrEqual(0);
  });
});
