// A 10-node graph whose node 6 SIGKILLs its process on its first execution; a second process
// executes the same run id and resumes it from the PostgreSQL checkpoint: nodes 1–5 are not executed
// again (counted in a table), node 6 runs once more, the output is right and the cost is counted once.
import { describe, expect, it } from 'vitest';
import { pgCheckpointer } from '../src/pg-checkpointer.js';
import { executionCounts } from './support/executions-table.js';
import { processTestFile } from './support/process-test-file.js';
import { startGraphProcess } from './support/processes.js';
import { database } from './support/test-database.js';

const schemas = processTestFile('r');
const { checkpoints } = schemas;

describe(`a run resumed after its process was killed (${database.description})`, () => {
  it('node 6 SIGKILLs the first process; the second resumes: nodes 1–5 not executed again, output and cost of one run', async () => {
    const args = {
      mode: 'execute',
      graph: 'chain',
      runId: 'crash-1',
      url: database.url,
      checkpoints,
      executions: schemas.executions,
      killFirstN6: true,
    };
    const first = startGraphProcess(args);
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const checkpointer = pgCheckpointer({
      connectionString: database.url,
      schema: checkpoints,
      poolSize: 2,
    });
    try {
      const interrupted = await checkpointer.load('crash-1');
      expect(interrupted?.status).toBe('running');
      expect(Object.keys(interrupted?.nodes ?? {}).sort()).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);

      const second = startGraphProcess(args);
      const result = JSON.parse(await second.nextLine()) as {
        data: string;
        usage: { totalTokens: number };
        cost: number;
        requests: number;
      };
      expect(await second.exited).toEqual({ code: 0, signal: null });

      const counts = await executionCounts(schemas.executions);
      const table_ = Object.fromEntries(
        [...counts].map(([key, count]) => [key.slice('crash-1/'.length), count]),
      );
      expect(table_).toEqual({
        n1: 1,
        n2: 1,
        n3: 1,
        n4: 1,
        n5: 1,
        n6: 2,
        n7: 1,
        n8: 1,
        n9: 1,
        n10: 1,
      });
      expect(result.data).toBe(`${'<'.repeat(10)}start${'>'.repeat(10)}`);
      expect(result.requests).toBe(10);
      expect(result.usage.totalTokens).toBe(10 * 110);
      expect(result.cost).toBeCloseTo(10 * (0.1 + 0.02), 10);
      const finished = await checkpointer.load('crash-1');
      expect(finished?.status).toBe('completed');
      expect(finished?.claims).toBe(2);
      expect(finished?.output).toBe(result.data);
    } finally {
      await checkpointer.close();
    }
  });
});
