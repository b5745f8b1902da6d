// The README's examples, run as they are written there (imports adjusted to the source tree,
// `console.log` replaced by assertions on what it would print).

import { ServerCallContext } from '@a2a-js/sdk/server';
import { defineTool } from '@aigo/ai';
import { createClient, inMemoryMemoryStore } from '@aigo/client';
import { testDatabase, withTestSchema } from '@aigo/pg/testing/vitest';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { a2aTools } from '../src/client/a2a-tools.js';
import { pgTaskStore } from '../src/pg/pg-task-store.js';
import { serveA2A } from '../src/server/serve-a2a.js';
import { a2aRequest, jsonRpc, sendParams, V1 } from './support/test-raw-a2a.js';

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

  it('the agent sees the request: a tool reads ctx.a2a, authorize names the caller, answerMetadata', async () => {
    process.env.ALICE_TOKEN = 'alice-token-0123456789';
    const provider = createFakeProvider().toolCall('who_asks', {}).text('It is alice.');
    const whoAsks = defineTool({
      name: 'who_asks',
      description: 'Says who is asking, and for which route',
      execute: async (_input, ctx) => ({
        principal: ctx.a2a?.principal,
        route: ctx.a2a?.metadata?.route,
      }),
    });
    // Tokens by user (a real application compares them in constant time, as bearerAuth does).
    const users = new Map([[process.env.ALICE_TOKEN, 'alice']]);
    const server = await serveA2A(
      createReAct(createClient(provider, { tools: [whoAsks], defaultModel: 'm', env: {} }), {
        name: 'desk',
      }),
      {
        authorize: (request) => {
          const user = users.get(request.headers.authorization?.replace(/^Bearer /, '') ?? '');
          return user === undefined ? false : { principal: user };
        },
        answerMetadata: ({ request }) => ({ answeredFor: request.principal ?? 'anyone' }),
        replyAs: 'auto',
      },
    );
    try {
      const params = sendParams('Who asks?');
      const answer = await a2aRequest(server.url, '/a2a/jsonrpc', {
        headers: { ...V1, authorization: `Bearer ${process.env.ALICE_TOKEN}` },
        body: jsonRpc('SendMessage', {
          message: { ...params.message, metadata: { route: 'desk' } },
        }),
      });
      const task = JSON.parse(answer.body).result.task;
      expect(task.artifacts.at(-1)).toMatchObject({
        parts: [{ text: 'It is alice.' }],
        metadata: { answeredFor: 'alice' },
      });
      expect(provider.requests[1]?.messages.at(-1)?.content).toBe(
        '{"principal":"alice","route":"desk"}',
      );
      const refused = await a2aRequest(server.url, '/a2a/jsonrpc', {
        headers: V1,
        body: jsonRpc('SendMessage', sendParams('Who asks?')),
      });
      expect(refused.status).toBe(401);
    } finally {
      delete process.env.ALICE_TOKEN;
      await server.close();
    }
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
