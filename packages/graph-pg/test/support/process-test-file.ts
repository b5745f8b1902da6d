// What every test file whose graphs run in child processes sets up: the check that the package is
// built (the processes load it), schemas of its own for checkpoints and queues, and the table the
// processes count node executions in — dropped after the file.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { executionsTable } from './executions-table.js';
import { dropSchema, uniqueSchema } from './test-database.js';

/** The schemas of one test file. */
export interface ProcessTestSchemas {
  /** The checkpoints' schema. */
  readonly checkpoints: string;
  /** The pg-boss queues' schema. */
  readonly queues: string;
  /** The schema of the executions table (read it in a test or hook: it is made before them). */
  readonly executions: string;
}

/** Registers the file's setup and teardown; `tag` makes its schema names recognisable. */
export function processTestFile(tag: string): ProcessTestSchemas {
  const built = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
  const checkpoints = uniqueSchema(`gc${tag}`);
  const queues = uniqueSchema(`gq${tag}`);
  let table: Awaited<ReturnType<typeof executionsTable>> | undefined;
  beforeAll(async () => {
    if (!existsSync(built))
      throw new Error(`${built} is missing: the processes run the built package (pnpm build)`);
    table = await executionsTable();
  });
  afterAll(async () => {
    await table?.drop();
    await dropSchema(checkpoints);
    await dropSchema(queues);
  });
  return {
    checkpoints,
    queues,
    get executions() {
      if (table === undefined) throw new Error('the executions table is made before the tests');
      return table.schema;
    },
  };
}
