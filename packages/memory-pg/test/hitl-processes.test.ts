// Human in the loop across processes, against the real PostgreSQL of this run: a run suspends in one
// child process (its conversation in pgMemoryStore, the suspended run in pgRunStore) and resumes in
// another; two resumes racing in two processes run the tool once between them.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type SuspendedRun, userMessage } from '@aigo/ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPool, database, realServer, testStore } from './support/test-database.js';

const script = fileURLToPath(new URL('./support/hitl-agent.mjs', import.meta.url));
const built = fileURLToPath(new URL('../dist/index.js', import.meta.url));

interface Outcome {
  readonly suspended?: SuspendedRun;
  readonly answer?: string;
  readonly error?: { readonly name: string; readonly code?: string; readonly message?: string };
  readonly toolRuns: number;
}

/** Starts the agent process; `release()` (with `gate`) lets it go on; `done` is its outcome. */
function agentProcess(mode: 'suspend' | 'resume', input: object) {
  const child: ChildProcess = spawn(process.execPath, [script, mode, JSON.stringify(input)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  let signalReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    signalReady = resolve;
  });
  let outcome: Outcome | undefined;
  lines.on('line', (line) => {
    if (line === 'ready') signalReady();
    else outcome = JSON.parse(line) as Outcome;
  });
  const done = new Promise<Outcome>((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0 && outcome !== undefined) resolve(outcome);
      else reject(new Error(`the ${mode} process exited with ${code}\n${stderr}`));
    });
  });
  return { ready, done, release: () => child.stdin?.end('go\n') };
}

beforeAll(() => {
  if (!existsSync(built)) {
    throw new Error(`${built} is missing: the processes run the built package (pnpm build)`);
  }
});

describe.skipIf(!realServer)(
  realServer
    ? `human in the loop across processes (${database.description})`
    : `human in the loop across processes — NOT RUN: ${database.notRealReason}`,
  () => {
    it('suspends in one process, resumes in another: the tool ran exactly once, the answer is the expected one', async () => {
      const { store, schema } = testStore();
      const input = { url: database.url, schema, conversationId: 'c1', runId: 'run-1' };
      const first = await agentProcess('suspend', input).done;
      expect(first.toolRuns).toBe(0);
      expect(first.suspended?.requests.map((request) => request.toolCall.name)).toEqual([
        'send_money',
      ]);
      expect(await store.conversation('c1').allMessages()).toEqual([]);
      const saved = await adminPool().query<{ status: string }>(
        `SELECT status FROM "${schema}"."aigo_runs" WHERE run_id = 'run-1'`,
      );
      expect(saved.rows).toEqual([{ status: 'suspended' }]);

      const requestId = first.suspended?.requests[0]?.id as string;
      const second = await agentProcess('resume', {
        ...input,
        responses: { [requestId]: { approved: true } },
      }).done;
      expect(second).toEqual({ answer: 'Sent 20 to alice.', toolRuns: 1 });
      const stored = await store.conversation('c1').allMessages();
      expect(stored.map((message) => message.role)).toEqual([
        'user',
        'assistant',
        'tool',
        'assistant',
      ]);
      expect(stored[2]?.content).toBe('{"sent":20,"to":"alice"}');
      const left = await adminPool().query(`SELECT 1 FROM "${schema}"."aigo_runs"`);
      expect(left.rowCount).toBe(0);
    }, 60_000);

    it('two resumes racing in two processes: exactly one proceeds, the tool runs once, the loser gets RunConflictError', async () => {
      const { schema } = testStore();
      const input = { url: database.url, schema, conversationId: 'c2', runId: 'run-2' };
      const first = await agentProcess('suspend', input).done;
      const requestId = first.suspended?.requests[0]?.id as string;
      const resume = { ...input, responses: { [requestId]: { approved: true } }, gate: true };
      const racers = [agentProcess('resume', resume), agentProcess('resume', resume)];
      await Promise.all(racers.map((racer) => racer.ready));
      for (const racer of racers) racer.release();
      const outcomes = await Promise.all(racers.map((racer) => racer.done));
      const winners = outcomes.filter((outcome) => outcome.answer !== undefined);
      const losers = outcomes.filter((outcome) => outcome.error !== undefined);
      expect(winners).toEqual([{ answer: 'Sent 20 to alice.', toolRuns: 1 }]);
      expect(losers).toHaveLength(1);
      expect(losers[0]).toMatchObject({
        error: { name: 'RunConflictError', code: 'run_conflict' },
        toolRuns: 0,
      });
    }, 60_000);

    it('resuming after the conversation moved on fails with ConversationConflictError, nothing run', async () => {
      const { store, schema } = testStore();
      const input = { url: database.url, schema, conversationId: 'c3', runId: 'run-3' };
      const first = await agentProcess('suspend', input).done;
      await store.conversation('c3').appendMessage(userMessage('meanwhile, elsewhere'));
      const requestId = first.suspended?.requests[0]?.id as string;
      const second = await agentProcess('resume', {
        ...input,
        responses: { [requestId]: { approved: true } },
      }).done;
      expect(second).toMatchObject({
        error: { name: 'ConversationConflictError', code: 'conversation_conflict' },
        toolRuns: 0,
      });
      const saved = await adminPool().query<{ status: string }>(
        `SELECT status FROM "${schema}"."aigo_runs" WHERE run_id = 'run-3'`,
      );
      expect(saved.rows).toEqual([{ status: 'suspended' }]);
    }, 60_000);
  },
);
