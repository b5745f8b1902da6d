// A node whose agent suspends suspends the graph run; graph.resume continues it with the responses.
// A real createReAct agent (scripted model) with a tool that needs approval, the in-memory
// checkpointer, and the in-memory queue for the worker path.
import {
  GraphChangedError,
  GraphRunNotSuspendedError,
  type InteractionResponses,
  RunConflictError,
  ValidationError,
} from '@aigo/ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvalGraph, CALL_COST, rejectionOf } from '../../test/support/test-approval-graph.js';
import { agentNode } from '../agent-node.js';
import type { GraphEvent } from '../events/graph-events.js';
import { GraphStoppedError } from '../graph-errors.js';
import { createGraph } from '../plan/create-graph.js';
import { awaitGraphRun, cancelGraphRun, resumeGraphRun, submitGraphRun } from './graph-runs.js';
import { createGraphWorker } from './graph-worker.js';
import { inMemoryGraphRunQueue } from './in-memory-graph-run-queue.js';

afterEach(() => {
  vi.useRealTimers();
});

/** The suspension `promise` rejects with. */
async function suspensionOf(promise: Promise<unknown>): Promise<GraphStoppedError> {
  const error = await rejectionOf(promise);
  if (!(error instanceof GraphStoppedError) || error.reason !== 'suspended') throw error;
  return error;
}

/** Approves (or refuses) every request of node b's suspension. */
function answers(error: GraphStoppedError, approved = true): { b: InteractionResponses } {
  const b = error.suspensions.find((each) => each.nodeId === 'b');
  if (b === undefined) throw new Error('node b is not suspended');
  const responses: Record<string, InteractionResponses[string]> = {};
  for (const request of b.suspended.requests) {
    responses[request.id] = approved
      ? { approved: true }
      : { approved: false, reason: 'over budget' };
  }
  return { b: responses };
}

describe('a node whose agent suspends (in-memory checkpointer)', () => {
  it('suspends the run; independent nodes run once; resume runs the tool once and counts the cost once', async () => {
    const t = approvalGraph();
    const stopped = await suspensionOf(t.graph.execute({}, { runId: 'pay-1' }));
    expect(stopped.stopReason).toBe('suspended');
    expect(stopped.code).toBe('agent_stopped');
    expect(stopped.runId).toBe('pay-1');
    expect(stopped.suspensions.map((each) => each.nodeId)).toEqual(['b']);
    const request = stopped.suspensions[0]?.suspended.requests[0];
    expect(request?.toolCall.name).toBe('pay');
    expect(stopped.message).toMatch(/graph\.resume/);
    expect(t.counts).toEqual({ a: 1, b: 1, c: 0, d: 1 });
    expect(t.payments).toEqual([]);
    expect(stopped.overview.totalUsage.totalTokens).toBe(110);
    expect(stopped.overview.nodes.b?.status).toBe('suspended');
    expect(stopped.overview.nodes.c?.status).toBe('pending');
    expect(stopped.overview.nodes.d?.status).toBe('completed');
    // Secret-free: the agent's state (its conversation) is not in the JSON.
    const json = JSON.stringify(stopped);
    expect(json).toContain('"suspensions"');
    expect(json).not.toContain('"state"');
    expect(json).not.toContain('Pay invoice 42');

    const record = await t.checkpointer?.load('pay-1');
    expect(record?.status).toBe('suspended');
    expect(record?.suspendedAt).toBeTypeOf('number');
    expect(record?.nodes.b?.status).toBe('suspended');
    expect(record?.nodes.b?.suspended?.requests).toEqual(
      stopped.suspensions[0]?.suspended.requests,
    );
    expect(record?.nodes.b?.calls).toHaveLength(1);
    expect(record?.nodes.c).toBeUndefined();
    // The node that does not depend on b ran and was checkpointed.
    expect(record?.nodes.d?.status).toBe('completed');
    expect(record?.nodes.d?.output).toBe('audited');

    const result = await t.graph.resume('pay-1', answers(stopped));
    expect(result.data).toBe('Paid ACME 120 EUR. (audited)');
    expect(result.status).toBe('completed');
    expect(t.payments).toEqual([{ amount: 120, to: 'ACME' }]);
    expect(t.counts).toEqual({ a: 1, b: 1, c: 1, d: 1 });
    expect(result.totalUsage.totalTokens).toBe(220);
    expect(result.costSummary().totalModelCost).toBeCloseTo(2 * CALL_COST, 10);
    const finished = await t.checkpointer?.load('pay-1');
    expect(finished?.status).toBe('completed');
    expect(finished?.nodes.b?.status).toBe('completed');
    expect(finished?.nodes.b?.calls).toHaveLength(2);

    // Executing the finished run again restores it: nothing runs, the cost is the same.
    const again = await t.graph.execute({}, { runId: 'pay-1' });
    expect(again.costSummary().totalModelCost).toBeCloseTo(2 * CALL_COST, 10);
    expect(t.payments).toHaveLength(1);
    // A second resume is refused with a typed error; nothing runs.
    const refused = await rejectionOf(t.graph.resume('pay-1', answers(stopped)));
    expect(GraphRunNotSuspendedError.isInstance(refused)).toBe(true);
    expect((refused as GraphRunNotSuspendedError).status).toBe('completed');
    expect(t.payments).toHaveLength(1);
  });

  it('a refusal reaches the model as a refused tool result; the tool never runs', async () => {
    const t = approvalGraph({ script: ['pay', 'I did not pay ACME.'] });
    const stopped = await suspensionOf(t.graph.execute({}, { runId: 'refuse-1' }));
    const result = await t.graph.resume('refuse-1', answers(stopped, false));
    expect(result.data).toBe('I did not pay ACME. (audited)');
    expect(t.payments).toEqual([]);
    const toolMessage = t.provider.requests[1]?.messages.find((message) => message.role === 'tool');
    expect(JSON.stringify(toolMessage)).toContain('over budget');
  });

  it('executing a suspended run reports the suspension again: nothing runs, nothing is claimed', async () => {
    const t = approvalGraph();
    const first = await suspensionOf(t.graph.execute({}, { runId: 'replay-1' }));
    const token = (await t.checkpointer?.status('replay-1'))?.fencingToken;
    const second = await suspensionOf(t.graph.execute({}, { runId: 'replay-1' }));
    expect(second.suspensions).toEqual(first.suspensions);
    expect(t.counts).toEqual({ a: 1, b: 1, c: 0, d: 1 });
    expect(await t.checkpointer?.status('replay-1')).toEqual({
      status: 'suspended',
      fencingToken: token,
      cancelRequested: false,
    });
    expect(second.overview.totalUsage.totalTokens).toBe(110);
  });

  it('two concurrent resumes: one proceeds, the other rejects with RunConflictError; the tool runs once', async () => {
    const t = approvalGraph();
    const stopped = await suspensionOf(t.graph.execute({}, { runId: 'race-1' }));
    const outcomes = await Promise.allSettled([
      t.graph.resume('race-1', answers(stopped)),
      t.graph.resume('race-1', answers(stopped)),
    ]);
    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const rejected = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(RunConflictError.isInstance((rejected[0] as PromiseRejectedResult).reason)).toBe(true);
    expect(t.payments).toHaveLength(1);
  });

  it('responses that miss a node or a request, or name another, are refused before anything runs', async () => {
    const t = approvalGraph();
    const stopped = await suspensionOf(t.graph.execute({}, { runId: 'bad-1' }));
    const token = (await t.checkpointer?.status('bad-1'))?.fencingToken;
    const requestId = stopped.suspensions[0]?.suspended.requests[0]?.id as string;
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'responses["b"]'],
      [{ ...answers(stopped), x: {} }, 'responses["x"]'],
      [{ b: {} }, `responses["b"][${JSON.stringify(requestId)}]`],
      [{ b: { ...answers(stopped).b, other: { approved: true } } }, 'responses["b"]["other"]'],
      [{ b: { [requestId]: { yes: 1 } } }, `responses["b"][${JSON.stringify(requestId)}]`],
    ];
    for (const [responses, argument] of cases) {
      const error = await rejectionOf(t.graph.resume('bad-1', responses as never));
      expect(ValidationError.isInstance(error), argument).toBe(true);
      expect((error as ValidationError).argument).toBe(argument);
    }
    expect(() => t.graph.resumeStream('', {})).toThrow(ValidationError);
    expect(await t.checkpointer?.status('bad-1')).toEqual({
      status: 'suspended',
      fencingToken: token,
      cancelRequested: false,
    });
    expect(t.payments).toEqual([]);
    await t.graph.resume('bad-1', answers(stopped));
    expect(t.payments).toHaveLength(1);
  });

  it('a resumed node that suspends again suspends the run again; cost adds up once', async () => {
    const t = approvalGraph({ script: ['pay', 'pay', 'Paid twice.'] });
    const first = await suspensionOf(t.graph.execute({}, { runId: 'twice-1' }));
    const second = await suspensionOf(t.graph.resume('twice-1', answers(first)));
    expect(t.payments).toHaveLength(1);
    expect(second.suspensions[0]?.suspended.requests[0]?.id).not.toBe(
      first.suspensions[0]?.suspended.requests[0]?.id,
    );
    expect(second.overview.totalUsage.totalTokens).toBe(220);
    expect((await t.checkpointer?.load('twice-1'))?.nodes.b?.calls).toHaveLength(2);
    // The first suspension's responses no longer fit.
    const stale = await rejectionOf(t.graph.resume('twice-1', answers(first)));
    expect(ValidationError.isInstance(stale)).toBe(true);
    const result = await t.graph.resume('twice-1', answers(second));
    expect(result.data).toBe('Paid twice. (audited)');
    expect(t.payments).toHaveLength(2);
    expect(result.costSummary().totalModelCost).toBeCloseTo(3 * CALL_COST, 10);
    expect(t.counts).toEqual({ a: 1, b: 1, c: 1, d: 1 });
  });

  it('streams: node_suspended and graph_complete "suspended"; resumeStream runs to the output', async () => {
    const t = approvalGraph();
    const events: GraphEvent[] = [];
    const stream = t.graph.executeStream({}, { runId: 'stream-1' });
    const error = await rejectionOf(
      (async () => {
        for await (const event of stream) events.push(event);
      })(),
    );
    expect(error).toBeInstanceOf(GraphStoppedError);
    const suspended = events.find((event) => event.type === 'node_suspended');
    expect(suspended?.type === 'node_suspended' && suspended.nodeId).toBe('b');
    expect(events.at(-1)).toMatchObject({ type: 'graph_complete', status: 'suspended' });
    const resumed: GraphEvent[] = [];
    const again = t.graph.resumeStream('stream-1', answers(error as GraphStoppedError));
    for await (const event of again) resumed.push(event);
    expect(resumed.filter((event) => event.type === 'node_start').map((e) => e.nodeId)).toEqual([
      'b',
      'c',
    ]);
    expect(resumed.at(-1)).toMatchObject({ type: 'graph_complete', status: 'completed' });
    expect((await again.collect()).data).toBe('Paid ACME 120 EUR. (audited)');
  });

  it('without a checkpointer the execution suspends but cannot be resumed, and says so', async () => {
    const t = approvalGraph({ checkpointer: null });
    const stopped = await suspensionOf(t.graph.execute({}));
    expect(stopped.message).toMatch(/without a checkpointer/);
    const refused = await rejectionOf(t.graph.resume('any', answers(stopped)));
    expect(ValidationError.isInstance(refused)).toBe(true);
    expect((refused as ValidationError).argument).toBe('checkpointer');
  });

  it('the time a run spends suspended does not count against its timeout', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const t = approvalGraph({ executionTimeout: 60_000 });
    const stopped = await suspensionOf(t.graph.execute({}, { runId: 'late-1' }));
    const deadline = (await t.checkpointer?.load('late-1'))?.deadline as number;
    // A person answers the next day.
    vi.setSystemTime(new Date('2026-01-02T00:00:00Z'));
    const result = await t.graph.resume('late-1', answers(stopped));
    expect(result.data).toBe('Paid ACME 120 EUR. (audited)');
    expect((await t.checkpointer?.load('late-1'))?.deadline).toBe(deadline + 86_400_000);
  });

  it('a suspended run is cancelled at once; its resume is refused', async () => {
    const t = approvalGraph();
    const stopped = await suspensionOf(t.graph.execute({}, { runId: 'cancel-1' }));
    expect(await cancelGraphRun({ checkpointer: t.checkpointer as never }, 'cancel-1')).toBe(true);
    expect((await t.checkpointer?.load('cancel-1'))?.status).toBe('cancelled');
    const refused = await rejectionOf(t.graph.resume('cancel-1', answers(stopped)));
    expect(GraphRunNotSuspendedError.isInstance(refused)).toBe(true);
    expect(t.payments).toEqual([]);
  });

  it('a suspended run executed or resumed by another version of the graph is refused; nothing runs', async () => {
    const t = approvalGraph();
    const stopped = await suspensionOf(t.graph.execute({}, { runId: 'changed-1' }));
    const other = createGraph<string>('c', {
      name: 'approval',
      version: '2',
      checkpointer: t.checkpointer as NonNullable<typeof t.checkpointer>,
    })
      .addNode('c', () => 'other')
      .addNode('b', () => 'other');
    other.addEdge('b', 'c');
    const executed = await rejectionOf(other.execute({}, { runId: 'changed-1' }));
    expect(executed).toBeInstanceOf(GraphStoppedError);
    expect(GraphChangedError.isInstance((executed as GraphStoppedError).cause)).toBe(true);
    const resumed = await rejectionOf(other.resume('changed-1', answers(stopped)));
    expect(GraphChangedError.isInstance(resumed)).toBe(true);
    expect((await t.checkpointer?.load('changed-1'))?.status).toBe('suspended');
    expect(t.payments).toEqual([]);
  });

  it('agentNode checks its arguments', () => {
    const t = approvalGraph();
    expect(() => agentNode({} as never, { prompt: 'x' })).toThrow(ValidationError);
    expect(() => agentNode(t.agent, {} as never)).toThrow(/options\.prompt/);
    expect(() => agentNode(t.agent, { prompt: 'x', output: 1 as never })).toThrow(
      /options\.output/,
    );
  });

  it('workers: a suspension ends the job, awaitGraphRun reports it, resumeGraphRun completes it', async () => {
    const t = approvalGraph();
    const checkpointer = t.checkpointer as NonNullable<typeof t.checkpointer>;
    const queue = inMemoryGraphRunQueue();
    const worker = createGraphWorker({ queue, checkpointer, graphs: [t.graph] });
    await worker.start();
    const handle = await submitGraphRun({ queue, checkpointer, graph: t.graph, runId: 'job-1' });
    const events = [];
    for await (const event of handle.watch({ pollMs: 1 })) events.push(event.type);
    expect(events.at(-1)).toBe('run_suspended');
    const suspended = await handle.result({ pollMs: 1 });
    expect(suspended.status).toBe('suspended');
    const requests = suspended.nodes.b?.suspended?.requests ?? [];
    expect(requests).toHaveLength(1);
    const responses = { b: { [requests[0]?.id as string]: { approved: true as const } } };
    await expect(
      resumeGraphRun({ queue, checkpointer, runId: 'job-1', responses: { x: {} } }),
    ).rejects.toThrow(/responses\["b"\]/);
    const resumed = await resumeGraphRun({ queue, checkpointer, runId: 'job-1', responses });
    const done = await resumed.result({ pollMs: 1 });
    expect(done.status).toBe('completed');
    expect(done.output).toBe('Paid ACME 120 EUR. (audited)');
    expect((await awaitGraphRun(checkpointer, 'job-1')).status).toBe('completed');
    expect(t.payments).toHaveLength(1);
    expect(t.counts).toEqual({ a: 1, b: 1, c: 1, d: 1 });
    await worker.stop();
    await queue.close();
  });
});
