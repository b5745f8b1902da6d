// A ReAct run driven step by step across processes, against the real PostgreSQL of this run: one
// process starts the run and takes its first step (its conversation in pgMemoryStore, its state in
// pgRunStore) and is killed between two steps; another loads the state from the store and steps it
// to the end. The state the first process stepped, stepped again, is refused: no tool runs twice.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { SuspendedRun } from '@aigo/ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPool, database, realServer, testStore } from './support/test-database.js';

const script = fileURLToPath(new URL('./support/step-agent.mjs', import.meta.url));
const built = fileURLToPath(new URL('../dist/index.js', import.meta.url));

interface Printed {
  readonly state?: SuspendedRun;
  readonly outcome?: string;
  readonly answer?: unknown;
  readonly steps?: number;
  readonly toolRuns: number;
  readonly usage?: { readonly totalTokens: number };
  readonly error?: { readonly name: string; readonly code?: string };
}

/** Starts an agent process; `printed` resolves at its first JSON line, `exited` with its exit. */
function agentProcess(mode: 'first' | 'rest' | 'stale', input: object) {
  const child: ChildProcess = spawn(process.execPath, [script, mode, JSON.stringify(input)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const printed = new Promise<Printed>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as Printed));
    exited.then((code) => reject(new Error(`the ${mode} process exited with ${code}\n${stderr}`)));
  });
  const stepped = new Promise<void>((resolve) => {
    lines.on('line', (line) => {
      if (line === 'stepped') resolve();
    });
  });
  return { child, printed, stepped, exited };
}

beforeAll(() => {
  if (!existsSync(built)) {
    throw new Error(`${built} is missing: the processes run the built package (pnpm build)`);
  }
});

describe.skipIf(!realServer)(
  realServer
    ? `a run stepped across processes (${database.description})`
    : `a run stepped across processes — NOT RUN: ${database.notRealReason}`,
  () => {
    it('steps in one process, is killed between steps, goes on in another: each tool ran once, the answer and usage are whole', async () => {
      const { store, schema } = testStore();
      const input = { url: database.url, schema, conversationId: 'c1', runId: 'run-1' };
      const first = agentProcess('first', input);
      const firstStep = await first.printed;
      await first.stepped;
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull();
      expect(firstStep).toMatchObject({ outcome: 'continue', toolRuns: 1 });
      const saved = await adminPool().query<{ status: string }>(
        `SELECT status FROM "${schema}"."aigo_runs" WHERE run_id = 'run-1'`,
      );
      expect(saved.rows).toEqual([{ status: 'suspended' }]);

      const rest = await agentProcess('rest', input).printed;
      expect(rest).toEqual({
        outcome: 'final',
        answer: { total: 395 },
        steps: 2,
        toolRuns: 1,
        usage: { promptTokens: 30, completionTokens: 15, totalTokens: 45 },
      });
      const stored = await store.conversation('c1').allMessages();
      expect(stored.map((message) => message.role)).toEqual([
        'user',
        'assistant',
        'tool',
        'assistant',
        'tool',
        'assistant',
      ]);
      expect(stored[2]?.content).toBe('{"result":391}');
      const left = await adminPool().query(`SELECT 1 FROM "${schema}"."aigo_runs"`);
      expect(left.rowCount).toBe(0);

      // The first process's state, stepped again elsewhere: refused, nothing runs.
      const stale = await agentProcess('stale', { ...input, state: firstStep.state }).printed;
      expect(stale).toEqual({
        error: { name: 'RunConflictError', code: 'run_conflict' },
        toolRuns: 0,
      });
      expect(await store.conversation('c1').allMessages()).toHaveLength(6);
    }, 60_000);
  },
);
