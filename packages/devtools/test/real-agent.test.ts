// End to end with the real human-in-the-loop agent: a `createReAct` agent (scripted model) that
// suspends for approval, `inMemoryRunStore`, and the devtools server's decisions endpoint.
import { request as httpRequest } from 'node:http';
import {
  AgentStoppedError,
  combineObservers,
  defineTool,
  type Observer,
  type Span,
  type SuspendedRun,
} from '@aigo/ai';
import { createClient, inMemoryRunStore } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider, deferred } from '@aigo/testing';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { type DevtoolsObserver, devtools, type RunDetail, type RunSummary } from '../src/index.js';

const opened: DevtoolsObserver[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((tools) => tools.close()));
});

const tokenOf = (tools: DevtoolsObserver) => new URL(tools.url).searchParams.get('token') ?? '';

async function api<T>(tools: DevtoolsObserver, path: string): Promise<T> {
  const url = new URL(tools.url);
  return (await (await fetch(new URL(`${path}${url.search}`, url))).json()) as T;
}

/** POSTs decisions the way the page does: token header, the page's own Origin. */
function decide(tools: DevtoolsObserver, runId: string, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: tools.port,
        method: 'POST',
        path: `/api/runs/${runId}/decisions`,
        headers: {
          'content-type': 'application/json',
          'x-aigo-devtools-token': tokenOf(tools),
          origin: `http://127.0.0.1:${tools.port}`,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const NOOP = { add() {}, record() {} };

/**
 * An observer that only tells when `invoke_agent` spans end: `ended(n)` settles when the `n`th one
 * has ended (no polling, no sleeps).
 */
function agentSpanEnds() {
  const waiting = new Map<number, () => void>();
  let count = 0;
  const observer: Observer = {
    startSpan(name): Span {
      return {
        setAttributes() {},
        addEvent() {},
        recordError() {},
        setStatus() {},
        end() {
          if (!name.startsWith('invoke_agent')) return;
          count += 1;
          waiting.get(count)?.();
        },
      };
    },
    counter: () => NOOP,
    histogram: () => NOOP,
    trace() {},
    debug() {},
    info() {},
    warn() {},
    error() {},
  };
  const ended = (n: number): Promise<void> => {
    if (count >= n) return Promise.resolve();
    const done = deferred<void>();
    waiting.set(n, () => done.resolve());
    return done.promise;
  };
  return { observer, ended };
}

/**
 * An observer that forwards to one given later: the devtools need the agents when they start, and
 * the agents' client needs the devtools as its observer.
 */
function lateObserver() {
  let target: Observer | undefined;
  const to = (): Observer => {
    if (target === undefined) throw new Error('no observer yet');
    return target;
  };
  const observer: Observer = {
    captureContent: true, // as the devtools below
    startSpan: (name, options) => to().startSpan(name, options),
    counter: (name, options) => to().counter(name, options),
    histogram: (name, options) => to().histogram(name, options),
    trace: (message, attributes) => to().trace(message, attributes),
    debug: (message, attributes) => to().debug(message, attributes),
    info: (message, attributes) => to().info(message, attributes),
    warn: (message, attributes) => to().warn(message, attributes),
    error: (message, attributes) => to().error(message, attributes),
  };
  return {
    observer,
    use(next: Observer) {
      target = next;
    },
  };
}

/** A real ReAct agent whose `pay` calls wait for approval, watched by devtools that may resume it. */
async function payingSetup() {
  const spans = agentSpanEnds();
  const late = lateObserver();
  const payments: { amount: number; to: string }[] = [];
  const pay = defineTool({
    name: 'pay',
    description: 'Pays a supplier',
    input: Type.Object({ amount: Type.Number(), to: Type.String() }),
    execute: ({ amount, to }) => {
      payments.push({ amount, to });
      return { paid: amount, to };
    },
  });
  const model = createFakeProvider()
    .toolCall('pay', { amount: 120, to: 'ACME' })
    .text('Paid ACME 120 EUR.');
  const client = createClient(model, {
    defaultModel: 'test-model',
    tools: [pay],
    observer: combineObservers(late.observer, spans.observer),
  });
  const runStore = inMemoryRunStore();
  const agent = createReAct(client, {
    name: 'payer',
    approval: ['pay'],
    runStore,
    signingKey: 'a-signing-key-of-at-least-32-bytes!!',
  });
  const tools = await devtools({ print: false, captureContent: true, runStore, agents: [agent] });
  opened.push(tools);
  late.use(tools);
  return { tools, spans, payments, model, runStore, agent };
}

async function suspend(agent: {
  execute(prompt: string): Promise<unknown>;
}): Promise<SuspendedRun> {
  const error = await agent.execute('Pay ACME 120 EUR').then(
    () => {
      throw new Error('the run did not suspend');
    },
    (thrown: unknown) => thrown,
  );
  if (!AgentStoppedError.isInstance(error) || error.suspended === undefined) throw error;
  expect(error.stopReason).toBe('suspended');
  return error.suspended;
}

describe('a real createReAct agent, suspended and resumed from the devtools', () => {
  it('shows the pending approval; approving resumes it, the tool runs once, the run answers', async () => {
    const { tools, spans, payments, model, runStore, agent } = await payingSetup();
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
    const { tools, spans, payments, model, runStore, agent } = await payingSetup();
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
    const { tools, spans, payments, runStore, agent } = await payingSetup();
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
