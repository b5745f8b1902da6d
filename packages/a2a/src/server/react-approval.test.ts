// End to end with the real human-in-the-loop agent: a `createReAct` agent (scripted model) whose
// `delete_file` calls wait for approval, its runs in `inMemoryRunStore()`, served by `serveA2A` with
// the same store, called with the SDK's own client.
import { ClientFactory } from '@a2a-js/sdk/client';
import { defineTool, type RunStore } from '@aigo/ai';
import { createClient, inMemoryRunStore } from '@aigo/client';
import type { pgRunStore } from '@aigo/memory-pg';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import {
  answerOf,
  sendRequest,
  stateLabel,
  textsOf,
  userText,
} from '../../test/support/test-sdk.js';
import type { A2ARunStore } from './run-store.js';
import { type A2AServer, serveA2A } from './serve-a2a.js';
import type { ServeA2AOptions } from './serve-a2a-options.js';

const servers: A2AServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A ReAct agent that deletes files only with approval, and the store both it and the server use. */
async function janitor(finalAnswer: string) {
  const deleted: string[] = [];
  const deleteFile = defineTool({
    name: 'delete_file',
    description: 'Deletes a file',
    input: Type.Object({ path: Type.String() }),
    execute: ({ path }) => {
      deleted.push(path);
      return { deleted: path };
    },
  });
  const model = createFakeProvider()
    .toolCall('delete_file', { path: '/tmp/old.log' })
    .text(finalAnswer);
  const client = createClient(model, { defaultModel: 'test-model', tools: [deleteFile] });
  const runStore = inMemoryRunStore();
  const agent = createReAct(client, {
    name: 'janitor',
    approval: { rules: { delete_file: { message: 'Delete this file?' } } },
    runStore,
    signingKey: 'a-signing-key-of-at-least-32-bytes!!',
  });
  const server = await serveA2A(agent, { runStore });
  servers.push(server);
  const a2a = await new ClientFactory().createFromUrl(server.url);
  return { deleted, model, runStore, server, a2a };
}

describe('serveA2A with a real createReAct agent that waits for approval', () => {
  it('accepts @aigo/ai’s RunStore (inMemoryRunStore, pgRunStore) as its run store', () => {
    expectTypeOf<RunStore>().toExtend<A2ARunStore>();
    expectTypeOf<ReturnType<typeof inMemoryRunStore>>().toExtend<ServeA2AOptions['runStore']>();
    expectTypeOf<ReturnType<typeof pgRunStore>>().toExtend<ServeA2AOptions['runStore']>();
  });

  it('input-required, the client answers “yes”: the run resumes, the tool runs once, the task completes', async () => {
    const { deleted, model, runStore, a2a } = await janitor('Deleted /tmp/old.log.');
    const first = await a2a.sendMessage(sendRequest(userText('Clean up the logs')));
    if (!('status' in first)) throw new Error('expected a task');
    expect(stateLabel(first.status?.state)).toBe('input-required');
    const question = textsOf(first.status?.message?.parts).join('\n');
    expect(question).toContain('Delete this file?');
    expect(deleted).toEqual([]);
    const stored = await runStore.load(first.id);
    expect(stored).toMatchObject({ status: 'suspended', suspended: { runId: first.id } });
    expect(stored?.suspended.requests[0]?.toolCall.name).toBe('delete_file');

    const second = await a2a.sendMessage(
      sendRequest(userText('yes', { taskId: first.id, contextId: first.contextId })),
    );
    if (!('status' in second)) throw new Error('expected a task');
    expect(second.id).toBe(first.id);
    expect(stateLabel(second.status?.state)).toBe('completed');
    expect(answerOf(second)).toBe('Deleted /tmp/old.log.');
    expect(deleted).toEqual(['/tmp/old.log']);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]?.messages.at(-1)?.content).toContain('/tmp/old.log');
    // The agent deleted its finished run; the server's delete found nothing more.
    expect(await runStore.load(first.id)).toBeUndefined();

    // Answering the finished task again does not run the tool again.
    await a2a
      .sendMessage(sendRequest(userText('yes', { taskId: first.id, contextId: first.contextId })))
      .catch(() => undefined);
    expect(deleted).toEqual(['/tmp/old.log']);
  });

  it('the client refuses: the tool does not run, the model reads the refusal, the task completes', async () => {
    const { deleted, model, runStore, a2a } = await janitor('I kept /tmp/old.log.');
    const first = await a2a.sendMessage(sendRequest(userText('Clean up the logs')));
    if (!('status' in first)) throw new Error('expected a task');
    expect(stateLabel(first.status?.state)).toBe('input-required');

    const second = await a2a.sendMessage(
      sendRequest(
        userText('No, I still need it', { taskId: first.id, contextId: first.contextId }),
      ),
    );
    if (!('status' in second)) throw new Error('expected a task');
    expect(stateLabel(second.status?.state)).toBe('completed');
    expect(answerOf(second)).toBe('I kept /tmp/old.log.');
    expect(deleted).toEqual([]);
    const refusal = String(model.requests[1]?.messages.at(-1)?.content);
    expect(refusal).toContain('tool_refused');
    expect(refusal).toContain('No, I still need it');
    expect(await runStore.load(first.id)).toBeUndefined();
  });
});
