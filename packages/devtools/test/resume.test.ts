import { afterEach, describe, expect, it } from 'vitest';
import { type DevtoolsObserver, devtools, type RunDetail } from '../src/index.js';
import { decide } from './support/test-decisions.js';
import { payerAgent, runStore, SUSPENDED, traceSuspension } from './support/test-suspended-run.js';

const opened: DevtoolsObserver[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((tools) => tools.close()));
});

async function start(options: Parameters<typeof devtools>[0]): Promise<DevtoolsObserver> {
  const tools = await devtools({ print: false, ...options });
  opened.push(tools);
  return tools;
}

async function detail(tools: DevtoolsObserver): Promise<RunDetail> {
  const url = new URL(tools.url);
  const runs = (await (await fetch(new URL(`/api/runs${url.search}`, url))).json()) as {
    id: string;
  }[];
  return (await (
    await fetch(new URL(`/api/runs/${runs[0]?.id}${url.search}`, url))
  ).json()) as RunDetail;
}

describe('suspended runs: approvals', () => {
  it('shows a suspended run’s approvals read-only without a run store and agents', async () => {
    const tools = await start({ captureContent: true });
    traceSuspension(tools);
    const found = await detail(tools);
    expect(found.run.status).toBe('suspended');
    expect(found.canResume).toBe(false);
    expect(found.approvals).toEqual([
      { id: 'req-1', toolName: 'pay', arguments: '{"amount":120,"to":"ACME"}' },
    ]);
    const answer = await decide(tools, found.run.id, '{"req-1":{"approved":true}}');
    expect(answer.status).toBe(409);
    expect(answer.body).toContain('read-only');
  });

  it('hides the requested arguments without content capture', async () => {
    const tools = await start({});
    traceSuspension(tools);
    expect((await detail(tools)).approvals).toEqual([{ id: 'req-1', toolName: 'pay' }]);
  });

  it('resumes the run with the agent of its name when both are given, once', async () => {
    const { agent, resumed } = payerAgent();
    const tools = await start({ runStore, agents: [agent] });
    traceSuspension(tools);
    const found = await detail(tools);
    expect(found.canResume).toBe(true);
    const id = found.run.id;
    expect((await decide(tools, id, '[]')).status).toBe(400);
    expect((await decide(tools, id, '{}')).status).toBe(400);
    expect((await decide(tools, id, '{"req-1":{"approved":"yes"}}')).status).toBe(400);
    expect(
      (await decide(tools, id, '{"req-1":{"approved":true},"req-9":{"approved":true}}')).status,
    ).toBe(400);
    expect((await decide(tools, 'nope', '{"req-1":{"approved":true}}')).status).toBe(404);
    const answer = await decide(tools, id, '{"req-1":{"approved":false,"reason":"too much"}}');
    expect(answer.status).toBe(202);
    const call = await resumed;
    expect(call.suspended).toEqual(SUSPENDED);
    expect(call.responses).toEqual({ 'req-1': { approved: false, reason: 'too much' } });
    expect((await decide(tools, id, '{"req-1":{"approved":true}}')).status).toBe(409);
    expect((await detail(tools)).approvals).toEqual([]);
  });

  it('names a bad runStore or agent', async () => {
    await expect(devtools({ print: false, runStore: {} as never })).rejects.toMatchObject({
      argument: 'options.runStore',
    });
    await expect(
      devtools({ print: false, agents: [{ name: 'x' }] as never }),
    ).rejects.toMatchObject({
      argument: 'options.agents[0]',
    });
  });
});
