// The README's examples, run as they are written there (imports adjusted to the source tree,
// `console.log` replaced by assertions on what it would print).

import { ServerCallContext } from '@a2a-js/sdk/server';
import { createClient, inMemoryMemoryStore } from '@aigo/client';
import { testDatabase, withTestSchema } from '@aigo/pg/testing/vitest';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { a2aTools } from '../src/client/a2a-tools.js';
import { pgTaskStore } from '../src/pg/pg-task-store.js';
import { serveA2A } from '../src/server/serve-a2a.js';

describe('README examples', () => {
  it('the opening example: a ReAct agent calls a remote agent served over A2A', async () => {
    const dictionary = createReAct(
      createClient(createFakeProvider().text('An agent acts on behalf of someone.'), {
        defaultModel: 'm',
        env: {},
      }),
      { name: 'dictionary', description: 'Defines words' },
    );
    const server = await serveA2A(dictionary);

    const tools = await a2aTools({ url: server.url });
    const model = createFakeProvider()
      .toolCall('dictionary', { message: 'What does "agent" mean?' })
      .text('An agent is someone (or something) acting on behalf of someone.');
    const writer = createReAct(createClient(model, { defaultModel: 'm', tools, env: {} }));

    const result = await writer.execute('Define "agent".');
    expect(result.data).toBe('An agent is someone (or something) acting on behalf of someone.');
    expect(model.requests[1]?.messages.at(-1)?.content).toBe(
      '{"answer":"An agent acts on behalf of someone."}',
    );

    await server.close();
  });

  it('serveA2A with a memory store: the card is at the URL', async () => {
    const agent = createReAct(createClient(createFakeProvider(), { defaultModel: 'm', env: {} }), {
      name: 'helper',
    });
    const server = await serveA2A(agent, { memory: inMemoryMemoryStore() });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const card = await (
      await fetch(`${server.url}/.well-known/agent-card.json`, {
        headers: { 'A2A-Version': '1.0' },
      })
    ).json();
    expect(card).toMatchObject({ name: 'helper' });
    await server.close();
  });

  it('the PostgreSQL task store', async () => {
    const schema = await withTestSchema({ create: false }); // README: 'agents'
    const taskStore = pgTaskStore({ connectionString: testDatabase().url, schema });
    const agent = createReAct(
      createClient(createFakeProvider().text('Stored.'), { defaultModel: 'm', env: {} }),
      { name: 'helper' },
    );
    const server = await serveA2A(agent, { taskStore });
    const [tool] = await a2aTools({ url: server.url });
    await tool?.call('{"message":"hi"}');
    await server.close();
    const listed = await taskStore.list(
      { tenant: '', contextId: '', status: 0, pageToken: '', statusTimestampAfter: undefined },
      new ServerCallContext(),
    );
    expect(listed.totalSize).toBe(1);
    await taskStore.close();
  });
});
