// What the A2A 1.0 specification's normative sections ask of a server, checked on the wire against
// serveA2A (real servers on 127.0.0.1, raw requests): the agent card (1.0 by default, 0.3 on request
// or with legacy: true; Last-Modified), the HTTP+JSON binding's media type and status codes,
// artifacts (a typed answer's data part first; a tool's media as file parts), direct message
// replies (replyAs), and the request as the agent sees it (ctx.a2a, the handler's context).
import {
  type A2ARequest,
  defineTool,
  imagePart,
  imagePartFromUri,
  type Tool,
  withContent,
} from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider, type FakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { type A2AServer, serveA2A } from '../src/index.js';
import { approvalAgent } from './support/test-approval-agent.js';
import { a2aRequest, jsonRpc, type RawAnswer, sendParams, V1 } from './support/test-raw-a2a.js';

const servers: A2AServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(...args: Parameters<typeof serveA2A>): Promise<A2AServer> {
  const server = await serveA2A(...args);
  servers.push(server);
  return server;
}

const json = (answer: RawAnswer): Record<string, unknown> => JSON.parse(answer.body);

// The fields of A2A 1.0's AgentCard (the specification's AgentCard object); its JSON schema allows
// no others.
const CARD_FIELDS = new Set([
  'name',
  'description',
  'supportedInterfaces',
  'provider',
  'version',
  'documentationUrl',
  'capabilities',
  'securitySchemes',
  'securityRequirements',
  'defaultInputModes',
  'defaultOutputModes',
  'skills',
  'signatures',
  'iconUrl',
]);
const LEGACY_FIELDS = ['url', 'preferredTransport', 'protocolVersion', 'additionalInterfaces'];

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A ReAct agent on a scripted model, with tools. */
function agentOn(provider: FakeProvider, tools: Tool[] = []) {
  const client = createClient(provider, { env: {}, defaultModel: 'm', tools });
  return createReAct(client, { name: 'helper', description: 'Answers questions' });
}

/** A tool that returns an image (bytes) and a chart (by URL) besides its output. */
const draw = defineTool({
  name: 'draw',
  description: 'Draws',
  execute: async () =>
    withContent({ drawn: true }, [
      imagePart(PNG, 'image/png', { filename: 'plot.png' }),
      imagePartFromUri('https://example.com/chart.png', 'image/png'),
    ]),
});

/** A task and a message as the wire has them (protobuf JSON), as far as these tests read them. */
interface WireTask {
  readonly id: string;
  readonly contextId: string;
  readonly status: { readonly state: string };
  readonly artifacts: {
    readonly artifactId: string;
    readonly name: string;
    readonly parts: unknown[];
    readonly metadata?: unknown;
  }[];
}
interface WireMessage {
  readonly role: string;
  readonly parts: unknown[];
  readonly metadata?: unknown;
}

/** The JSON-RPC `SendMessage` result: `{ task }` or `{ message }`. */
async function send(
  server: A2AServer,
  params: unknown,
): Promise<{ task?: WireTask; message?: WireMessage }> {
  const answer = await a2aRequest(server.url, '/a2a/jsonrpc', {
    headers: V1,
    body: jsonRpc('SendMessage', params),
  });
  const result = json(answer).result;
  if (result === undefined) throw new Error(answer.body);
  return result as { task?: WireTask; message?: WireMessage };
}

describe('the agent card', () => {
  it('is A2A 1.0 for a request that names no version: no 0.3 field, Last-Modified beside the ETag', async () => {
    const server = await serve(agentOn(createFakeProvider()));
    const answer = await a2aRequest(server.url, '/.well-known/agent-card.json');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const card = json(answer);
    expect(Object.keys(card).filter((key) => !CARD_FIELDS.has(key))).toEqual([]);
    expect(card.supportedInterfaces).toContainEqual(
      expect.objectContaining({ protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' }),
    );
    const lastModified = answer.headers['last-modified'] as string;
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(answer.headers.etag).toBeDefined();
    expect(answer.headers['cache-control']).toMatch(/max-age=/);

    // Either validator makes a conditional request a 304.
    const again = await a2aRequest(server.url, '/.well-known/agent-card.json', {
      headers: { 'if-modified-since': lastModified },
    });
    expect(again.status).toBe(304);
    expect(
      (
        await a2aRequest(server.url, '/.well-known/agent-card.json', {
          headers: { 'if-none-match': answer.headers.etag as string },
        })
      ).status,
    ).toBe(304);
  });

  it('is the 0.3 card for a request that asks for 0.3, or, with legacy: true, names no version', async () => {
    const server = await serve(agentOn(createFakeProvider()));
    const asked = json(
      await a2aRequest(server.url, '/.well-known/agent-card.json', {
        headers: { 'a2a-version': '0.3' },
      }),
    );
    expect(asked.protocolVersion).toMatch(/^0\.3/);
    expect(asked.preferredTransport).toBe('JSONRPC');

    const legacy = await serve(agentOn(createFakeProvider()), { legacy: true });
    const card = json(await a2aRequest(legacy.url, '/.well-known/agent-card.json'));
    expect(card.protocolVersion).toMatch(/^0\.3/);
    const v1 = json(await a2aRequest(legacy.url, '/.well-known/agent-card.json', { headers: V1 }));
    expect(Object.keys(v1).filter((key) => LEGACY_FIELDS.includes(key))).toEqual([]);
  });

  it('with legacy: false, names only A2A 1.0 interfaces', async () => {
    const server = await serve(agentOn(createFakeProvider()), { legacy: false });
    const card = json(await a2aRequest(server.url, '/.well-known/agent-card.json'));
    expect(Object.keys(card).filter((key) => !CARD_FIELDS.has(key))).toEqual([]);
    const versions = (card.supportedInterfaces as { protocolVersion: string }[]).map(
      (entry) => entry.protocolVersion,
    );
    expect(versions).toEqual(['1.0', '1.0']);
  });
});

describe('the HTTP+JSON binding', () => {
  it('answers application/json: a task, and an error', async () => {
    const server = await serve(agentOn(createFakeProvider().text('Fine.')));
    const sent = await a2aRequest(server.url, '/a2a/rest/message:send', {
      headers: V1,
      body: sendParams('How are you?'),
    });
    expect(sent.status).toBe(200);
    expect(sent.headers['content-type']).toMatch(/^application\/json(;|$)/);
    expect(JSON.stringify(json(sent))).toContain('Fine.');

    const missing = await a2aRequest(server.url, '/a2a/rest/tasks/no-such-task', { headers: V1 });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json(;|$)/);
    expect(json(missing)).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });

  it('answers a body that is not JSON 415, reason CONTENT_TYPE_NOT_SUPPORTED, and runs nothing', async () => {
    const provider = createFakeProvider().text('Never said.');
    const server = await serve(agentOn(provider));
    const answer = await a2aRequest(server.url, '/a2a/rest/message:send', {
      headers: { ...V1, 'content-type': 'text/plain' },
      body: JSON.stringify(sendParams('hello')),
    });
    expect(answer.status).toBe(415);
    expect(answer.headers['content-type']).toMatch(/^application\/json(;|$)/);
    expect(json(answer)).toEqual({
      error: {
        code: 415,
        status: 'INVALID_ARGUMENT',
        message: 'The body must be application/json.',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'CONTENT_TYPE_NOT_SUPPORTED',
            domain: 'a2a-protocol.org',
          },
        ],
      },
    });
    expect(provider.requests).toEqual([]);
    // application/a2a+json is JSON too.
    const a2aJson = await a2aRequest(server.url, '/a2a/rest/message:send', {
      headers: { ...V1, 'content-type': 'application/a2a+json' },
      body: JSON.stringify(sendParams('hello')),
    });
    expect(a2aJson.status).toBe(200);
  });
});

describe('artifacts carry what the agent made', () => {
  it('a typed answer leads with its data part, its text after', async () => {
    const provider = createFakeProvider().text('{"word":"agent","letters":5}');
    const client = createClient(provider, { env: {}, defaultModel: 'm' });
    const agent = createReAct(client, {
      name: 'counter',
      schema: Type.Object({ word: Type.String(), letters: Type.Number() }),
    });
    const server = await serve(agent);
    const { task } = await send(server, sendParams('Count the letters of agent'));
    const [answer] = task?.artifacts ?? [];
    expect(answer?.artifactId).toBe('answer');
    expect(answer?.parts).toEqual([
      { data: { word: 'agent', letters: 5 }, mediaType: 'application/json' },
      { text: '{"word":"agent","letters":5}' },
    ]);
  });

  it('images and audio the model made follow the answer in its artifact, as file parts', async () => {
    const provider = createFakeProvider().response({
      content: 'A cat, and its purr.',
      images: [{ mimeType: 'image/png', data: PNG.toString('base64') }],
      audio: [{ mimeType: 'audio/wav', uri: 'https://example.com/purr.wav', transcript: 'purr' }],
    });
    const server = await serve(agentOn(provider));
    const { task } = await send(server, sendParams('Draw a cat and let it purr'));
    const [answer] = task?.artifacts ?? [];
    expect(answer?.parts).toEqual([
      { text: 'A cat, and its purr.' },
      { raw: PNG.toString('base64'), mediaType: 'image/png' },
      { url: 'https://example.com/purr.wav', mediaType: 'audio/wav' },
    ]);
  });

  it('media a tool returns become file parts: bytes inline, a URL by reference', async () => {
    const provider = createFakeProvider().toolCall('draw', {}).text('Here is the plot.');
    const server = await serve(agentOn(provider, [draw]));
    const { task } = await send(server, sendParams('Plot it'));
    const artifacts = task?.artifacts ?? [];
    expect(artifacts.map((artifact) => artifact.name)).toEqual(['draw', 'answer']);
    expect(artifacts[0]?.artifactId).toMatch(/^tool-/);
    expect(artifacts[0]?.parts).toEqual([
      { raw: PNG.toString('base64'), filename: 'plot.png', mediaType: 'image/png' },
      { url: 'https://example.com/chart.png', mediaType: 'image/png' },
    ]);
    expect(artifacts[1]?.parts).toEqual([{ text: 'Here is the plot.' }]);
  });
});

describe('direct message replies: replyAs', () => {
  it('task (the default) answers a one-step run with a task', async () => {
    const server = await serve(agentOn(createFakeProvider().text('Hello.')));
    const result = await send(server, sendParams('Hi'));
    expect(Object.keys(result)).toEqual(['task']);
  });

  it('auto answers a one-step run with a message, a run that calls a tool with a task', async () => {
    const provider = createFakeProvider().text('Hello.').toolCall('draw', {}).text('Drawn.');
    const server = await serve(agentOn(provider, [draw]), { replyAs: 'auto' });
    const direct = await send(server, sendParams('Hi'));
    expect(direct.message).toMatchObject({ role: 'ROLE_AGENT', parts: [{ text: 'Hello.' }] });
    expect(direct.task).toBeUndefined();
    const tasked = await send(server, sendParams('Draw'));
    expect(tasked.task).toMatchObject({ status: { state: 'TASK_STATE_COMPLETED' } });
  });

  it('auto streams a one-step run as one message, and nothing before it', async () => {
    const server = await serve(agentOn(createFakeProvider().text('Streamed hello.')), {
      replyAs: 'auto',
    });
    const answer = await a2aRequest(server.url, '/a2a/jsonrpc', {
      headers: V1,
      body: jsonRpc('SendStreamingMessage', sendParams('Hi')),
    });
    const events = answer.body
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => JSON.parse(line.slice(5)).result);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ message: { parts: [{ text: 'Streamed hello.' }] } });
  });

  it('message answers a run with tools with one message: the answer, then the tools’ media', async () => {
    const provider = createFakeProvider().toolCall('draw', {}).text('Drawn.');
    const server = await serve(agentOn(provider, [draw]), { replyAs: 'message' });
    const { message } = await send(server, sendParams('Draw'));
    expect(message?.parts).toEqual([
      { text: 'Drawn.' },
      { raw: PNG.toString('base64'), filename: 'plot.png', mediaType: 'image/png' },
      { url: 'https://example.com/chart.png', mediaType: 'image/png' },
    ]);
  });
});

describe('direct message replies: what a message cannot be', () => {
  it('message: a run that waits for a decision becomes a task (input-required), answered in it', async () => {
    const agent = approvalAgent();
    const server = await serve(agent, { replyAs: 'message' });
    const { task } = await send(server, sendParams('Delete /tmp/old.log'));
    expect(task?.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const ids = { taskId: task?.id ?? '', contextId: task?.contextId ?? '' };
    const answered = await send(server, sendParams('yes', ids));
    expect(answered.task?.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('auto: a run that fails in its first step becomes a failed task', async () => {
    const provider = createFakeProvider().error(new Error('the model is down'));
    const server = await serve(agentOn(provider), { replyAs: 'auto' });
    const { task, message } = await send(server, sendParams('Hi'));
    expect(message).toBeUndefined();
    expect(task?.status.state).toBe('TASK_STATE_FAILED');
  });
});

describe('the agent sees the request', () => {
  it('a tool reads ctx.a2a: message id, context, task, referenced tasks, metadata, principal; answerMetadata goes on the answer', async () => {
    const seen: (A2ARequest | undefined)[] = [];
    const inspect = defineTool({
      name: 'inspect',
      description: 'Looks at the request',
      execute: async (_input, ctx) => {
        seen.push(ctx.a2a);
        return { ok: true };
      },
    });
    const provider = createFakeProvider().toolCall('inspect', {}).text('Seen.');
    const server = await serve(agentOn(provider, [inspect]), {
      authorize: (request) =>
        request.headers.authorization === 'Bearer alice-token-0123456789'
          ? { principal: 'alice' }
          : false,
      answerMetadata: ({ result, request }) => ({
        echoed: request.messageId,
        result: String(result),
      }),
    });
    const params = sendParams('Look');
    const message = {
      ...params.message,
      contextId: 'ctx-audit',
      referenceTaskIds: ['task-earlier'],
      metadata: { route: 'billing', priority: 2 },
    };
    const answer = await a2aRequest(server.url, '/a2a/jsonrpc', {
      headers: { ...V1, authorization: 'Bearer alice-token-0123456789' },
      body: jsonRpc('SendMessage', { message }),
    });
    const task = (json(answer).result as { task: { id: string; artifacts: unknown[] } }).task;
    expect(seen).toEqual([
      {
        messageId: message.messageId,
        contextId: 'ctx-audit',
        taskId: task.id,
        referenceTaskIds: ['task-earlier'],
        metadata: { route: 'billing', priority: 2 },
        principal: 'alice',
      },
    ]);
    expect(task.artifacts).toContainEqual(
      expect.objectContaining({
        artifactId: 'answer',
        metadata: { echoed: message.messageId, result: 'Seen.' },
      }),
    );
  });

  it('a handler function gets the request as context.a2a; its reply message carries answerMetadata', async () => {
    const seen: A2ARequest[] = [];
    const server = await serve(
      (_prompt, context) => {
        seen.push(context.a2a);
        return 'noted';
      },
      { name: 'notary', answerMetadata: () => ({ receipt: 'r-1' }) },
    );
    const params = sendParams('Note this');
    const result = await send(server, params);
    expect(seen).toEqual([
      expect.objectContaining({
        messageId: params.message.messageId,
        referenceTaskIds: [],
        metadata: undefined,
        principal: undefined,
      }),
    ]);
    expect(result.message).toMatchObject({
      parts: [{ text: 'noted' }],
      metadata: { receipt: 'r-1' },
    });
  });
});
