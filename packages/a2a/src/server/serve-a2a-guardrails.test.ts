import { ClientFactory } from '@a2a-js/sdk/client';
import { defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { describeEvent, sendRequest, userText } from '../../test/support/test-sdk.js';
import { type A2AServer, serveA2A } from './serve-a2a.js';

const servers: A2AServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a word up',
  input: Type.Object({ word: Type.String() }),
  execute: async ({ word }) => ({ word, meaning: `the meaning of ${word}` }),
});

describe('serveA2A: guardrails and tool authorization in the task', () => {
  it('a denied call and a tripped guardrail are working updates with their reasons; the task fails with the trip', async () => {
    const provider = createFakeProvider()
      .toolCall('lookup', { word: 'secret' })
      .text('The password is hunter2');
    const client = createClient(provider, { env: {}, defaultModel: 'm', tools: [lookup] });
    const agent = createReAct(client, {
      name: 'helper',
      authorizeTool: () => ({ decision: 'deny', reason: 'lookups are off today' }),
      guardrails: {
        output: [
          {
            name: 'secrets',
            check: ({ content }) => ({
              tripwire: content.includes('password'),
              reason: 'a password',
            }),
          },
        ],
      },
    });
    const server = await serveA2A(agent);
    servers.push(server);
    const a2a = await new ClientFactory().createFromUrl(server.url);
    const events: string[] = [];
    for await (const event of a2a.sendMessageStream(sendRequest(userText('Go')))) {
      events.push(describeEvent(event));
    }
    expect(events).toEqual([
      'task:submitted',
      'status:working',
      'status:working: Calling lookup',
      'status:working: Denied lookup: lookups are off today',
      'status:working: The output guardrail "secrets" stopped the run: a password',
      'status:failed: Output guardrail "secrets" tripped: a password',
    ]);
  });
});
