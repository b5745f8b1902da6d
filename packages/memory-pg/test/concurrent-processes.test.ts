// 4 processes × 25 concurrent turns on one conversation, against the real server: each process
// serialises its own turns (the store's turn lock); across processes, versioned writes refuse a turn
// built on a stale history (ConversationConflictError), and the process runs it again.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminPool,
  database,
  realServer,
  testPreparedStatements,
  testStore,
} from './support/test-database.js';

const script = fileURLToPath(new URL('./support/concurrent-turns.mjs', import.meta.url));
const built = fileURLToPath(new URL('../dist/index.js', import.meta.url));

interface ProcessFigures {
  readonly pid: number;
  readonly label: string;
  readonly acknowledged: string[];
  readonly conflicts: number;
  readonly modelCalls: number;
}

/** Starts a process; resolves once it is connected, with a function that starts its turns. */
function startProcess(input: object): Promise<{ go(): Promise<ProcessFigures> }> {
  const child: ChildProcess = spawn(process.execPath, [script, JSON.stringify(input)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const failed = (what: string) => new Error(`${what}\n${stderr}`);
  return new Promise((resolve, reject) => {
    let ready = false;
    let figures: ProcessFigures | undefined;
    lines.on('line', (line) => {
      if (!ready && line === 'ready') {
        ready = true;
        resolve({
          async go() {
            child.stdin?.end('go\n');
            const code = await exited;
            if (code !== 0 || figures === undefined)
              throw failed(`the process exited with ${code}`);
            return figures;
          },
        });
      } else if (ready) {
        figures = JSON.parse(line) as ProcessFigures;
      }
    });
    exited.then((code) => {
      if (!ready) reject(failed(`the process exited with ${code} before it was ready`));
    });
  });
}

beforeAll(() => {
  if (!existsSync(built)) {
    throw new Error(`${built} is missing: the processes run the built package (pnpm build)`);
  }
});

describe.skipIf(!realServer)(
  realServer
    ? `turns of several processes on one conversation (${database.description})`
    : `turns of several processes — NOT RUN: ${database.notRealReason}`,
  () => {
    it('4 processes × 25 concurrent turns: every turn built on the full history, 0 lost, 0 duplicated, every conflict surfaced', async () => {
      const { store, schema } = testStore();
      await store.ready();
      const processes = await Promise.all(
        [0, 1, 2, 3].map((index) =>
          startProcess({
            url: database.url,
            schema,
            conversationId: 'shared',
            turns: 25,
            label: `p${index}`,
            preparedStatements: testPreparedStatements,
          }),
        ),
      );
      const figures = await Promise.all(processes.map((child) => child.go()));

      const stored = await adminPool().query<{ seq: number; role: string; content: string }>(
        `SELECT seq::int AS seq, role, body->>'content' AS content FROM "${schema}"."aigo_messages"
         WHERE conversation_id = 'shared' ORDER BY seq`,
      );
      const rows = stored.rows;
      // Gap-free, alternating prompt and reply, each reply built on everything before it.
      expect(rows.map((row) => row.seq)).toEqual(rows.map((_, index) => index + 1));
      const builtOnStale = rows.filter(
        (row, index) => row.role === 'assistant' && row.content !== String(index),
      );
      expect(builtOnStale).toEqual([]);
      const prompts = rows.filter((row) => row.role === 'user').map((row) => row.content);
      const acknowledged = figures.flatMap((child) => child.acknowledged);
      const lost = acknowledged.filter((prompt) => !prompts.includes(prompt));
      const duplicated = prompts.length - new Set(prompts).size;
      const conflicts = figures.reduce((sum, child) => sum + child.conflicts, 0);
      const modelCalls = figures.reduce((sum, child) => sum + child.modelCalls, 0);
      process.stdout.write(
        `[4 processes × 25 turns] acknowledged ${acknowledged.length}, stored ${prompts.length}, lost ${lost.length}, duplicated ${duplicated}, conflicts surfaced ${conflicts} (each re-run by its process), model calls ${modelCalls}; per process: ${figures
          .map((child) => `${child.label} ${child.conflicts} conflicts`)
          .join(', ')}\n`,
      );
      expect(new Set(figures.map((child) => child.pid)).size).toBe(4);
      expect(acknowledged).toHaveLength(100);
      expect(prompts).toHaveLength(100);
      expect(lost).toEqual([]);
      expect(duplicated).toBe(0);
      // Every refused turn reached its caller as a ConversationConflictError: one model call per
      // attempt, each attempt stored or surfaced.
      expect(modelCalls).toBe(acknowledged.length + conflicts);
      // Four processes writing one conversation at once do collide.
      expect(conflicts).toBeGreaterThan(0);
    }, 180_000);
  },
);
