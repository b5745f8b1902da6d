import { ClientFactory } from '@a2a-js/sdk/client';
import { afterEach, describe, expect, it } from 'vitest';
import { approvalAgent } from '../../test/support/test-approval-agent.js';
import {
  answerOf,
  sendRequest,
  stateLabel,
  textsOf,
  userText,
} from '../../test/support/test-sdk.js';
import { a2aTools } from '../client/a2a-tools.js';
import { inProcessRunStore } from './run-store.js';
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

describe('serveA2A: a run waiting for decisions is input-required, and the answer resumes it', () => {
  it('the SDK’s client answers “yes”: the run resumes from the run store with the approval', async () => {
    const agent = approvalAgent();
    const runStore = inProcessRunStore();
    const server = await serve(agent, { runStore });
    const client = await new ClientFactory().createFromUrl(server.url);

    const first = await client.sendMessage(sendRequest(userText('Clean up the logs')));
    if (!('status' in first)) throw new Error('expected a task');
    expect(stateLabel(first.status?.state)).toBe('input-required');
    expect(textsOf(first.status?.message?.parts).join('\n')).toContain(
      'Delete /tmp/old.log? (request approve-1)',
    );
    expect(await runStore.load(first.id)).toMatchObject({ suspended: { runId: first.id } });

    const second = await client.sendMessage(
      sendRequest(userText('yes', { taskId: first.id, contextId: first.contextId })),
    );
    if (!('status' in second)) throw new Error('expected a task');
    expect(second.id).toBe(first.id);
    expect(stateLabel(second.status?.state)).toBe('completed');
    expect(answerOf(second)).toBe('Deleted /tmp/old.log.');
    expect(agent.decisions).toEqual([{ 'approve-1': { approved: true } }]);
    // The run id is the task id, kept across the suspension.
    expect(agent.runIds).toEqual([first.id, first.id]);
    expect(await runStore.load(first.id)).toBeUndefined();
  });

  it('a data part answers each request; anything else refuses with the text as the reason', async () => {
    const agent = approvalAgent();
    const server = await serve(agent);
    const client = await new ClientFactory().createFromUrl(server.url);
    const refuse = await client.sendMessage(sendRequest(userText('Clean up')));
    if (!('status' in refuse)) throw new Error('expected a task');
    const refused = await client.sendMessage(
      sendRequest(
        userText('No, I still need it', { taskId: refuse.id, contextId: refuse.contextId }),
      ),
    );
    if (!('status' in refused)) throw new Error('expected a task');
    expect(answerOf(refused)).toBe('Kept /tmp/old.log: No, I still need it');

    const data = await client.sendMessage(sendRequest(userText('Clean up')));
    if (!('status' in data)) throw new Error('expected a task');
    const message = userText('', { taskId: data.id, contextId: data.contextId });
    message.parts = [
      {
        content: { $case: 'data', value: { responses: { 'approve-1': { approved: true } } } },
        metadata: undefined,
        filename: '',
        mediaType: 'application/json',
      },
    ];
    const approved = await client.sendMessage(sendRequest(message));
    if (!('status' in approved)) throw new Error('expected a task');
    expect(answerOf(approved)).toBe('Deleted /tmp/old.log.');
  });

  it('a2aTools surfaces the question to the model, and the run’s next call resumes the remote run', async () => {
    const agent = approvalAgent();
    const server = await serve(agent);
    const [tool] = await a2aTools({ url: server.url });
    if (tool === undefined) throw new Error('no tool');
    const asked = JSON.parse(await tool.call('{"message":"Clean up the logs"}', { runId: 'r' }));
    expect(asked.inputRequired).toBe(true);
    expect(asked.question).toContain('Delete /tmp/old.log?');
    const done = JSON.parse(await tool.call('{"message":"yes"}', { runId: 'r' }));
    expect(done).toEqual({ answer: 'Deleted /tmp/old.log.' });
  });

  it('cancelling a task that waits for input ends it and forgets its run', async () => {
    const runStore = inProcessRunStore();
    const server = await serve(approvalAgent(), { runStore });
    const client = await new ClientFactory().createFromUrl(server.url);
    const waiting = await client.sendMessage(sendRequest(userText('Clean up')));
    if (!('status' in waiting)) throw new Error('expected a task');
    const cancelled = await client.cancelTask({ tenant: '', id: waiting.id, metadata: undefined });
    expect(stateLabel(cancelled.status?.state)).toBe('canceled');
    expect(await runStore.load(waiting.id)).toBeUndefined();
  });
  it('a run store that fails to delete does not keep a cancelled task from ending', async () => {
    const inner = inProcessRunStore();
    const failing = { ...inner, delete: async () => Promise.reject(new Error('store down')) };
    const server = await serve(approvalAgent(), { runStore: failing });
    const client = await new ClientFactory().createFromUrl(server.url);
    const waiting = await client.sendMessage(sendRequest(userText('Clean up')));
    if (!('status' in waiting)) throw new Error('expected a task');
    const cancelled = await client.cancelTask({ tenant: '', id: waiting.id, metadata: undefined });
    expect(stateLabel(cancelled.status?.state)).toBe('canceled');
  });
});
