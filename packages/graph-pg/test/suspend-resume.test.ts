// A graph run whose agent node suspends for approval, against the real PostgreSQL: suspended in one
// process, resumed in another (the tool runs once, counted in a table), two processes racing to
// resume it (one proceeds), and the worker path — submit, a worker suspends the run, awaitGraphRun
// reports it, resumeGraphRun queues the resume, a worker completes it.
import type { GraphRunResponses, SuspendedRun } from '@aigo/ai';
import { awaitGraphRun, resumeGraphRun, submitGraphRun } from '@aigo/graph';
import { describe, expect, it } from 'vitest';
import { pgCheckpointer } from '../src/pg-checkpointer.js';
import { pgGraphRunQueue } from '../src/pg-graph-run-queue.js';
import { executionCounts } from './support/executions-table.js';
import { processTestFile } from './support/process-test-file.js';
import { startGraphProcess } from './support/processes.js';
import { database } from './support/test-database.js';

const schemas = processTestFile('s');
const { checkpoints, queues } = schemas;

const base = { graph: 'approval', url: database.url, checkpoints };

interface Printed {
  readonly data?: string;
  readonly cost?: number;
  readonly usage?: { totalTokens: number };
  readonly suspended?: { nodeId: string; suspended: SuspendedRun }[];
  readonly refused?: string;
}

/** Runs one process to its end and returns what it printed. */
async function run(args: object): Promise<Printed> {
  const child = startGraphProcess({ ...base, executions: schemas.executions, ...args });
  const line = await child.nextLine();
  expect(await child.exited, child.stderr()).toEqual({ code: 0, signal: null });
  return JSON.parse(line) as Printed;
}

/** Approves every request of the printed suspension. */
function approveAll(printed: Printed): GraphRunResponses {
  const responses: Record<string, Record<string, { approved: true }>> = {};
  for (const { nodeId, suspended } of printed.suspended ?? []) {
    responses[nodeId] = Object.fromEntries(
      suspended.requests.map((request) => [request.id, { approved: true as const }]),
    );
  }
  return responses;
}

/** Node executions of one run: `{ node: count }`. */
async function countsOf(runId: string): Promise<Record<string, number>> {
  const counts = await executionCounts(schemas.executions);
  return Object.fromEntries(
    [...counts]
      .filter(([key]) => key.startsWith(`${runId}/`))
      .map(([key, count]) => [key.slice(runId.length + 1), count]),
  );
}

describe(`a graph run suspended for approval (${database.description})`, () => {
  it('suspends in one process and resumes in another: the tool runs once, cost counted once', async () => {
    const suspended = await run({ mode: 'execute', runId: 'hitl-1' });
    expect(suspended.suspended?.map((each) => each.nodeId)).toEqual(['b']);
    expect(suspended.usage?.totalTokens).toBe(110);
    const checkpointer = pgCheckpointer({
      connectionString: database.url,
      schema: checkpoints,
      poolSize: 2,
    });
    try {
      const record = await checkpointer.load('hitl-1');
      expect(record?.status).toBe('suspended');
      expect(record?.nodes.b?.status).toBe('suspended');
      expect(record?.nodes.b?.suspended?.requests[0]?.toolCall.name).toBe('pay');
      expect(await countsOf('hitl-1')).toEqual({ a: 1, b: 1, d: 1 });

      const resumed = await run({
        mode: 'resume',
        runId: 'hitl-1',
        responses: approveAll(suspended),
      });
      expect(resumed.data).toBe('Paid ACME 120 EUR. (audited)');
      expect(resumed.usage?.totalTokens).toBe(220);
      expect(resumed.cost).toBeCloseTo(2 * 0.12, 10);
      expect(await countsOf('hitl-1')).toEqual({ a: 1, b: 2, c: 1, d: 1, pay: 1 });
      const finished = await checkpointer.load('hitl-1');
      expect(finished?.status).toBe('completed');
      expect(finished?.claims).toBe(2);
      // Resuming it again is refused; nothing runs.
      expect(
        await run({ mode: 'resume', runId: 'hitl-1', responses: approveAll(suspended) }),
      ).toEqual({ refused: 'GraphRunNotSuspendedError' });
      expect((await countsOf('hitl-1')).pay).toBe(1);
    } finally {
      await checkpointer.close();
    }
  });

  it('a process killed mid-resume: another executes the run, which resumes the node with the recorded responses', async () => {
    const suspended = await run({ mode: 'execute', runId: 'hitl-crash' });
    const killed = startGraphProcess({
      ...base,
      executions: schemas.executions,
      mode: 'resume',
      runId: 'hitl-crash',
      responses: approveAll(suspended),
      killInPay: true,
    });
    expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const checkpointer = pgCheckpointer({
      connectionString: database.url,
      schema: checkpoints,
      poolSize: 2,
    });
    try {
      const interrupted = await checkpointer.load('hitl-crash');
      expect(interrupted?.status).toBe('running');
      expect(interrupted?.responses).toEqual(approveAll(suspended));
      expect(interrupted?.nodes.b?.status).toBe('suspended');
      // A plain execution of the run (a worker's redelivery does the same) resumes node b.
      const result = await run({ mode: 'execute', runId: 'hitl-crash' });
      expect(result.data).toBe('Paid ACME 120 EUR. (audited)');
      expect(result.cost).toBeCloseTo(2 * 0.12, 10);
      // The payment ran once per crash that interrupted it, plus once; a, d not again.
      expect(await countsOf('hitl-crash')).toEqual({ a: 1, b: 3, c: 1, d: 1, pay: 2 });
      expect((await checkpointer.load('hitl-crash'))?.status).toBe('completed');
    } finally {
      await checkpointer.close();
    }
  });

  it('two processes resume the same suspension at once: one proceeds, the other is refused; the tool runs once', async () => {
    const suspended = await run({ mode: 'execute', runId: 'hitl-race' });
    const responses = approveAll(suspended);
    const outcomes = await Promise.all([
      run({ mode: 'resume', runId: 'hitl-race', responses }),
      run({ mode: 'resume', runId: 'hitl-race', responses }),
    ]);
    const completed = outcomes.filter((outcome) => outcome.data !== undefined);
    const refused = outcomes.filter((outcome) => outcome.refused !== undefined);
    expect(completed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    // The loser either found it running (RunConflictError) or, if the winner already finished,
    // completed (GraphRunNotSuspendedError): either way it ran nothing.
    expect(['RunConflictError', 'GraphRunNotSuspendedError']).toContain(refused[0]?.refused);
    expect((await countsOf('hitl-race')).pay).toBe(1);
  });

  it('workers: the run suspends on a worker, awaitGraphRun reports it, resumeGraphRun has a worker complete it', async () => {
    const checkpointer = pgCheckpointer({
      connectionString: database.url,
      schema: checkpoints,
      poolSize: 2,
    });
    const queue = pgGraphRunQueue({
      connectionString: database.url,
      schema: queues,
      queueName: 'approvals',
      pollingIntervalSeconds: 0.5,
      poolSize: 2,
    });
    const worker = startGraphProcess({
      ...base,
      executions: schemas.executions,
      mode: 'worker',
      queues,
      queueName: 'approvals',
      concurrency: 2,
    });
    try {
      expect(await worker.nextLine()).toBe('ready');
      const handle = await submitGraphRun({
        queue,
        checkpointer,
        graph: 'approval',
        runId: 'hitl-job',
      });
      const suspended = await handle.result({ pollMs: 50 });
      expect(suspended.status).toBe('suspended');
      const requests = suspended.nodes.b?.suspended?.requests ?? [];
      expect(requests).toHaveLength(1);
      const responses = { b: { [requests[0]?.id as string]: { approved: true as const } } };
      const resumed = await resumeGraphRun({ queue, checkpointer, runId: 'hitl-job', responses });
      // Queued once per suspension: a second call for the same one adds no job.
      await resumeGraphRun({ queue, checkpointer, runId: 'hitl-job', responses }).catch(
        () => undefined,
      );
      const done = await resumed.result({ pollMs: 50 });
      expect(done.status).toBe('completed');
      expect(done.output).toBe('Paid ACME 120 EUR. (audited)');
      expect((await awaitGraphRun(checkpointer, 'hitl-job')).status).toBe('completed');
      expect(await countsOf('hitl-job')).toEqual({ a: 1, b: 2, c: 1, d: 1, pay: 1 });
    } finally {
      worker.child.stdin?.end();
      await worker.exited;
      await queue.close();
      await checkpointer.close();
    }
  });
});
