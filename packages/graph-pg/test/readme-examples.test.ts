// The README's first example, run as it is written there (imports adjusted to the source tree; in a
// schema of its own, dropped after it; console output asserted instead of printed).
import { createGraph } from '@aigo/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { pgCheckpointer } from '../src/index.js';
import { database, dropSchema, uniqueSchema } from './support/test-database.js';

const schema = uniqueSchema('readme');

afterEach(async () => {
  await dropSchema(schema);
});

describe('README examples', () => {
  it('a durable run: executed twice, its nodes run once; its record read back', async () => {
    const checkpointer = pgCheckpointer({ connectionString: database.url, schema });

    let executions = 0;
    const graph = createGraph<string>('summary', { name: 'report', checkpointer })
      .addNode('facts', () => {
        executions++;
        return 'Lisbon has trams.';
      })
      .addNode('summary', ({ upstreamResults }) => `In short: ${upstreamResults.facts?.output}`)
      .addEdge('facts', 'summary');

    const first = await graph.execute({ city: 'Lisbon' }, { runId: 'report-42' });
    const again = await graph.execute({ city: 'Lisbon' }, { runId: 'report-42' });
    expect([first.data, again.data, executions]).toEqual([
      'In short: Lisbon has trams.',
      'In short: Lisbon has trams.',
      1,
    ]);

    const record = await checkpointer.load('report-42');
    expect([record?.status, Object.keys(record?.nodes ?? {}).sort()]).toEqual([
      'completed',
      ['facts', 'summary'],
    ]);
    await checkpointer.close();
  });
});
