// The agent of the DNS-rebinding report: a real `createReAct` agent whose `delete_file` tool waits
// for approval, its runs in a run store it shares with `serveA2A`, with a signing key.
import { defineTool } from '@aigo/ai';
import { createClient, inMemoryRunStore } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';

/** The agent, what its tool deleted, and the run store to give `serveA2A` too. */
export function janitorAgent(finalAnswer = 'Done.') {
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
    .toolCall('delete_file', { path: '/home/me/thesis.tex' })
    .text(finalAnswer);
  const client = createClient(model, { defaultModel: 'test-model', tools: [deleteFile] });
  const runStore = inMemoryRunStore();
  const agent = createReAct(client, {
    name: 'janitor',
    approval: { rules: { delete_file: { message: 'Delete this file?' } } },
    runStore,
    signingKey: 'a-signing-key-of-at-least-32-bytes!!',
  });
  return { agent, deleted, runStore };
}
