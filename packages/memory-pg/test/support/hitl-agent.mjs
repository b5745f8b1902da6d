// A process of test/hitl-processes.test.ts: one ReAct agent with human in the loop, its conversation in
// a pgMemoryStore and its suspended runs in a pgRunStore, in the schema it is given. The same agent
// configuration in every process — as a server and a worker that handles the decisions would have.
//
//   node test/support/hitl-agent.mjs suspend '{"url":"…","schema":"…","conversationId":"…","runId":"…"}'
//   node test/support/hitl-agent.mjs resume  '{"url":"…","schema":"…","conversationId":"…","runId":"…","responses":{…},"gate":true}'
//
// `suspend` runs a prompt until the run suspends and prints {"suspended":…}. `resume` loads the run
// from the store (then, with `gate`, prints "ready" and waits for a line on stdin, so two processes
// claim at once), resumes it and prints {"answer":…,"toolRuns":n} or {"error":{name,code},"toolRuns":n}.
// Runs the built packages.
import { createInterface } from 'node:readline';
import { defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { pgMemoryStore, pgRunStore } from '../../dist/index.js';

const [mode, json] = process.argv.slice(2);
const { url, schema, conversationId, runId, responses, gate } = JSON.parse(json ?? '{}');
let toolRuns = 0;
const sendMoney = defineTool({
  name: 'send_money',
  description: 'Sends money',
  input: Type.Object({ to: Type.String(), amount: Type.Number() }),
  execute: ({ to, amount }) => {
    toolRuns += 1;
    return { sent: amount, to };
  },
});
const provider =
  mode === 'suspend'
    ? createFakeProvider().toolCall('send_money', { to: 'alice', amount: 20 })
    : createFakeProvider().text('Sent 20 to alice.');
const memories = pgMemoryStore({ connectionString: url, schema, poolSize: 2 });
const runs = pgRunStore({ connectionString: url, schema, poolSize: 2 });
const client = createClient(provider, { env: {}, defaultModel: 'test-model', tools: [sendMoney] });
const agent = createReAct(client, {
  name: 'payer',
  approval: ['send_money'],
  runStore: runs,
  signingKey: 'a test signing key of at least thirty-two bytes',
});
const memory = memories.conversation(conversationId);
const print = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
try {
  if (mode === 'suspend') {
    try {
      await agent.execute('Pay alice 20', { memory, runId });
      print({ error: { name: 'NotSuspended' }, toolRuns });
    } catch (error) {
      if (error?.stopReason !== 'suspended') throw error;
      print({ suspended: error.suspended, toolRuns });
    }
  } else {
    const stored = await runs.load(runId);
    if (gate) {
      process.stdout.write('ready\n');
      const lines = createInterface({ input: process.stdin });
      await new Promise((resolve) => lines.once('line', resolve));
      lines.close();
    }
    try {
      const result = await agent.resume(stored.suspended, responses, { memory });
      print({ answer: result.data, toolRuns });
    } catch (error) {
      print({ error: { name: error?.name, code: error?.code, message: error?.message }, toolRuns });
    }
  }
} finally {
  await memories.close();
  await runs.close();
}
