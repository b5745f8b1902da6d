import { ClientFactory } from '@a2a-js/sdk/client';
import { defineTool, type Tool } from '@aigo/ai';
import { createClient, inMemoryMemoryStore } from '@aigo/client';
import { agentTool, createReAct } from '@aigo/react';
import { createFakeProvider, deferred, type FakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answerOf,
  describeEvent,
  sendRequest,
  stateLabel,
  userText,
} from '../../test/support/test-sdk.js';
import { readParts } from '../shared/a2a-parts.js';
import { type A2AServer, serveA2A } from './serve-a2a.js';

const servers: A2AServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(...args: Parameters<typeof serveA2A>): Promise<A2AServer> {
  const server = await serveA2A(...args);
  servers.push(server);
  return server;
}

function reactAgent(provider: FakeProvider, tools: Tool[] = []) {
  const client = createClient(provider, { env: {}, defaultModel: 'm', tools });
  return createReAct(client, { name: 'helper', description: 'Answers questions' });
}

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a word up',
  input: Type.Object({ word: Type.String() }),
  execute: async ({ word }) => ({ word, meaning: `the meaning of ${word}` }),
});

describe('serveA2A, called by the SDK’s own client', () => {
  it('serves the agent card: name, description, tools as skills, both transports, streaming', async () => {
    const server = await serve(reactAgent(createFakeProvider(), [lookup]));
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = await new ClientFactory().createFromUrl(server.url);
    const card = await client.getAgentCard();
    expect(card.name).toBe('helper');
    expect(card.description).toBe('Answers questions');
    expect(card.skills.map((skill) => [skill.id, skill.description])).toEqual([
      ['lookup', 'Looks a word up'],
    ]);
    expect(card.capabilities?.streaming).toBe(true);
    expect(
      card.supportedInterfaces.map((i) => `${i.protocolBinding} ${i.protocolVersion}`),
    ).toEqual(['JSONRPC 1.0', 'HTTP+JSON 1.0', 'JSONRPC 0.3', 'HTTP+JSON 0.3']);
  });

  it('sends a message: the run’s answer is the completed task’s artifact', async () => {
    const provider = createFakeProvider()
      .toolCall('lookup', { word: 'agent' })
      .text('An agent acts.');
    const server = await serve(reactAgent(provider, [lookup]));
    const client = await new ClientFactory().createFromUrl(server.url);
    const result = await client.sendMessage(sendRequest(userText('What is an agent?')));
    if (!('status' in result)) throw new Error('expected a task');
    expect(stateLabel(result.status?.state)).toBe('completed');
    expect(answerOf(result)).toBe('An agent acts.');
    // The model got the tool's result: the run really ran the tool.
    expect(JSON.stringify(provider.requests[1]?.messages)).toContain('the meaning of agent');
    const stored = await client.getTask({ tenant: '', id: result.id });
    expect(answerOf(stored)).toBe('An agent acts.');
  });

  it('streams a message: status updates for tool calls and progress, then the answer and completed', async () => {
    const progressing = defineTool({
      name: 'count',
      description: 'Counts',
      execute: async (_input, ctx) => {
        ctx.progress({ progress: 1, total: 2, message: 'half way' });
        return { counted: 2 };
      },
    });
    const provider = createFakeProvider().toolCall('count').text('Counted 2.');
    const server = await serve(reactAgent(provider, [progressing]));
    const client = await new ClientFactory().createFromUrl(server.url);
    const events: string[] = [];
    for await (const event of client.sendMessageStream(sendRequest(userText('Count')))) {
      events.push(describeEvent(event));
    }
    expect(events).toEqual([
      'task:submitted',
      'status:working',
      'status:working: Calling count',
      'status:working: count: half way (1/2)',
      'artifact:answer',
      'status:completed',
    ]);
  });

  it('streams a message steered into the run as a working status update with its text', async () => {
    const nudge = defineTool({
      name: 'nudge',
      description: 'Notices something the model must hear',
      execute: (_input, ctx) => ctx.steer('Keep the answer short.'),
    });
    const provider = createFakeProvider().toolCall('nudge').text('Short.');
    const server = await serve(reactAgent(provider, [nudge]));
    const client = await new ClientFactory().createFromUrl(server.url);
    const events: string[] = [];
    for await (const event of client.sendMessageStream(sendRequest(userText('Go')))) {
      events.push(describeEvent(event));
    }
    expect(events).toEqual([
      'task:submitted',
      'status:working',
      'status:working: Calling nudge',
      'status:working: Steered: Keep the answer short.',
      'artifact:answer',
      'status:completed',
    ]);
  });

  it('streams the tool calls of an agent the served agent calls as a tool, named by its path', async () => {
    const count = defineTool({ name: 'count', description: 'Counts', execute: () => ({ n: 2 }) });
    const inner = createFakeProvider().toolCall('count').text('Two.');
    const researcher = createReAct(
      createClient(inner, { env: {}, defaultModel: 'm', tools: [count] }),
      { name: 'researcher', description: 'Counts things' },
    );
    const provider = createFakeProvider().toolCall('researcher', { prompt: 'Count' }).text('2.');
    const server = await serve(reactAgent(provider, [agentTool(researcher)]));
    const client = await new ClientFactory().createFromUrl(server.url);
    const events: string[] = [];
    for await (const event of client.sendMessageStream(sendRequest(userText('Count')))) {
      events.push(describeEvent(event));
    }
    expect(events).toEqual([
      'task:submitted',
      'status:working',
      'status:working: Calling researcher',
      'status:working: researcher: Calling count',
      'artifact:answer',
      'status:completed',
    ]);
  });

  it('streams a typed answer whole: partial answers are not published, one answer artifact is', async () => {
    const provider = createFakeProvider().text(
      '{"word": "agent", "meanings": ["one who acts", "a representative"]}',
    );
    const client = createClient(provider, { env: {}, defaultModel: 'm' });
    const agent = createReAct(client, {
      name: 'dictionary',
      schema: Type.Object({ word: Type.String(), meanings: Type.Array(Type.String()) }),
    });
    // The run does emit partial answers…
    const partials: unknown[] = [];
    for await (const event of agent.executeStream('Define agent')) {
      if (event.type === 'partial_answer') partials.push(event.partial);
    }
    expect(partials.length).toBeGreaterThan(2);
    provider.text('{"word": "agent", "meanings": ["one who acts", "a representative"]}');
    const server = await serve(agent);
    const a2a = await new ClientFactory().createFromUrl(server.url);
    const events: string[] = [];
    let data: unknown;
    for await (const event of a2a.sendMessageStream(sendRequest(userText('Define agent')))) {
      events.push(describeEvent(event));
      if (event.payload?.$case === 'artifactUpdate') {
        data = readParts(event.payload.value.artifact?.parts).data[0];
      }
    }
    // …which the task does not carry: the answer artifact comes once, whole, with its typed data.
    expect(events).toEqual([
      'task:submitted',
      'status:working',
      'artifact:answer',
      'status:completed',
    ]);
    expect(JSON.stringify(data)).toContain('a representative');
  });

  it('cancels a task: the running tool’s signal aborts and the task ends canceled', async () => {
    const started = deferred();
    const aborted = deferred<unknown>();
    const slow = defineTool({
      name: 'slow',
      description: 'Takes its time',
      execute: (_input, ctx) =>
        new Promise((_resolve, reject) => {
          started.resolve();
          ctx.signal.addEventListener('abort', () => {
            aborted.resolve(ctx.signal.reason);
            reject(ctx.signal.reason);
          });
        }),
    });
    const provider = createFakeProvider().toolCall('slow').text('never');
    const server = await serve(reactAgent(provider, [slow]));
    const client = await new ClientFactory().createFromUrl(server.url);
    const stream = client.sendMessageStream(sendRequest(userText('Go slowly')));
    const first = await stream.next();
    if (first.value?.payload?.$case !== 'task') throw new Error('expected the task first');
    const taskId = first.value.payload.value.id;
    await started.promise;
    const cancelled = await client.cancelTask({ tenant: '', id: taskId, metadata: undefined });
    expect(stateLabel(cancelled.status?.state)).toBe('canceled');
    await aborted.promise;
    const rest: string[] = [];
    for await (const event of stream) rest.push(describeEvent(event));
    expect(rest.at(-1)).toMatch(/^status:canceled/);
    expect(stateLabel((await client.getTask({ tenant: '', id: taskId })).status?.state)).toBe(
      'canceled',
    );
  });

  it('keeps one memory per A2A context id', async () => {
    const provider = createFakeProvider()
      .text('Hello Ada.')
      .text('You are Ada.')
      .text('I do not know.');
    const server = await serve(reactAgent(provider), { memory: inMemoryMemoryStore() });
    const client = await new ClientFactory().createFromUrl(server.url);
    await client.sendMessage(sendRequest(userText('I am Ada.', { contextId: 'ctx-1' })));
    await client.sendMessage(sendRequest(userText('Who am I?', { contextId: 'ctx-1' })));
    await client.sendMessage(sendRequest(userText('Who am I?', { contextId: 'ctx-2' })));
    const seen = (index: number) => JSON.stringify(provider.requests[index]?.messages);
    expect(seen(1)).toContain('I am Ada.');
    expect(seen(1)).toContain('Hello Ada.');
    expect(seen(2)).not.toContain('I am Ada.');
  });

  it('serves a function of a message: its reply is a message, no task', async () => {
    const server = await serve((prompt) => `echo: ${String(prompt)}`, { name: 'echo' });
    const client = await new ClientFactory().createFromUrl(server.url);
    const reply = await client.sendMessage(sendRequest(userText('hi')));
    if (!('messageId' in reply)) throw new Error('expected a message');
    expect(describeEvent({ payload: { $case: 'message', value: reply } })).toBe(
      'message: echo: hi',
    );
  });

  it('serves A2A 0.3 clients: the 0.3 card to a request that asks for it, and message/send', async () => {
    const provider = createFakeProvider().text('Old but fine.');
    const server = await serve(reactAgent(provider));
    const card = (await (
      await fetch(`${server.url}/.well-known/agent-card.json`, {
        headers: { 'a2a-version': '0.3' },
      })
    ).json()) as {
      url: string;
      protocolVersion: string;
      preferredTransport: string;
    };
    expect(card.protocolVersion).toMatch(/^0\.3/);
    expect(card.preferredTransport).toBe('JSONRPC');
    const response = await fetch(card.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'message/send',
        params: {
          message: {
            kind: 'message',
            role: 'user',
            messageId: 'm-1',
            parts: [{ kind: 'text', text: 'Hi' }],
          },
        },
      }),
    });
    const body = (await response.json()) as {
      result: {
        kind: string;
        status: { state: string };
        artifacts: { parts: { kind: string; text: string }[] }[];
      };
    };
    expect(body.result.kind).toBe('task');
    expect(body.result.status.state).toBe('completed');
    expect(body.result.artifacts[0]?.parts[0]).toMatchObject({
      kind: 'text',
      text: 'Old but fine.',
    });
  });
});
