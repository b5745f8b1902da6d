// A process of test/step-processes.test.ts: one ReAct agent driven step by step (agent.start,
// agent.step), its conversation in a pgMemoryStore and its run state in a pgRunStore, in the schema
// it is given. The same agent configuration in every process — as workers that each take one step
// of a run would have.
//
//   node test/support/step-agent.mjs first '{"url":"…","schema":"…","conversationId":"…","runId":"…"}'
//   node test/support/step-agent.mjs rest  '{"url":"…","schema":"…","conversationId":"…","runId":"…"}'
//   node test/support/step-agent.mjs stale '{…,"state":{…}}'
//
// `first` starts the run and takes one step, prints {"state":…,"outcome":…,"toolRuns":n} and then
// "stepped", and waits on stdin (the test kills it there, between two steps). `rest` loads the state
// from the run store and steps it to the end: {"answer":…,"steps":n,"toolRuns":n,"usage":…}.
// `stale` steps the state it is given: {"error":{name,code},"toolRuns":n}. Runs the built packages.
import { createInterface } from 'node:readline';
import { defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { pgMemoryStore, pgRunStore } from '../../dist/index.js';

const [mode, json] = process.argv.slice(2);
const { url, schema, conversationId, runId, state } = JSON.parse(json ?? '{}');
const usage = { promptTokens: 10, completionTokens: 5, totalTokens: 15 };
let toolRuns = 0;
const calculator = defineTool({
  name: 'calculator',
  description: 'Computes a op b',
  input: Type.Object({ a: Type.Number(), op: Type.String(), b: Type.Number() }),
  execute: ({ a, op, b }) => {
    toolRuns += 1;
    return { result: op === '*' ? a * b : a + b };
  },
});
// Each process answers the model calls of its own steps.
const provider =
  mode === 'rest'
    ? createFakeProvider()
        .toolCall('calculator', { a: 391, op: '+', b: 4 }, { usage })
        .text('{"total": 395}', { usage })
    : createFakeProvider().toolCall('calculator', { a: 17, op: '*', b: 23 }, { usage });
const memories = pgMemoryStore({ connectionString: url, schema, poolSize: 2 });
const runs = pgRunStore({ connectionString: url, schema, poolSize: 2 });
const client = createClient(provider, { env: {}, defaultModel: 'test-model', tools: [calculator] });
const agent = createReAct(client, {
  name: 'stepper',
  schema: Type.Object({ total: Type.Number() }),
  runStore: runs,
  signingKey: 'a test signing key of at least thirty-two bytes',
});
const memory = memories.conversation(conversationId);
const print = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
try {
  if (mode === 'first') {
    const started = await agent.start('What is 17 * 23 + 4?', { memory, runId });
    const step = await agent.step(started, { memory });
    print({ state: step.state, outcome: step.outcome, toolRuns });
    process.stdout.write('stepped\n');
    // Killed here, between two steps, by the test.
    await new Promise((resolve) => createInterface({ input: process.stdin }).once('line', resolve));
  } else if (mode === 'rest') {
    let current = (await runs.load(runId)).suspended;
    for (let steps = 1; ; steps++) {
      const step = await agent.step(current, { memory });
      if (step.outcome === 'continue') {
        current = step.state;
        continue;
      }
      print({
        outcome: step.outcome,
        answer: step.result?.data,
        steps,
        toolRuns,
        usage: step.result?.totalUsage,
      });
      break;
    }
  } else {
    try {
      await agent.step(state, { memory });
      print({ error: { name: 'Stepped' }, toolRuns });
    } catch (error) {
      print({ error: { name: error?.name, code: error?.code }, toolRuns });
    }
  }
} finally {
  await memories.close();
  await runs.close();
}
