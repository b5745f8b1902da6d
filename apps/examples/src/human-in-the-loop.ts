/**
 * Human in the loop: a ReAct agent that stops before it spends money, waits for a person, and
 * carries on — here in a second agent object standing for another process.
 *
 * `createReAct(client, { approval })` says which tool calls need a decision (here a rule for
 * `send_money`, with the message to show and the argument to hide from the person). When a reply
 * has such calls, none of its tools runs: `execute()` rejects with `AgentStoppedError`
 * (`stopReason: 'suspended'`) whose `suspended` is a plain JSON value — store it anywhere (here a
 * run store, which also makes the resume exactly-once). `agent.resume(suspended, responses)`
 * continues it in any process with the same agent configuration; the person may approve (and edit
 * the arguments) or refuse with a reason, which the model reads.
 *
 * Run: `node dist/human-in-the-loop.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { AgentStoppedError, defineTool, type SuspendedRun } from '@aigo/ai';
import { createClient, inMemoryMemoryStore, inMemoryRunStore } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

const { provider, model, label } = pickModel(() =>
  createFakeProvider()
    .toolCall('send_money', { to: 'Alice', amount: 200, pin: '4321' })
    .text('Done: I sent 20 EUR to Alice.')
    .toolCall('send_money', { to: 'Mallory', amount: 5000, pin: '4321' })
    .text('I did not send the money: the payment was refused (unknown payee).'),
);
printHeader('Human in the loop', { label });

const sent: string[] = [];
const sendMoney = defineTool({
  name: 'send_money',
  description: 'Sends money (EUR) to a payee. Needs the account PIN.',
  input: Type.Object({
    to: Type.String(),
    amount: Type.Number({ minimum: 0 }),
    pin: Type.String(),
  }),
  execute: ({ to, amount }) => {
    sent.push(`${amount} EUR to ${to}`);
    return { sent: amount, to };
  },
});

// The same configuration in every process: client, tools, approval rules, key and stores.
const memories = inMemoryMemoryStore();
const runs = inMemoryRunStore();
const makeAgent = () =>
  createReAct(createClient(provider, { defaultModel: model, tools: [sendMoney] }), {
    approval: {
      rules: { send_money: { message: 'Send this payment?', redact: ['pin'] } },
    },
    signingKey: 'example signing key — keep yours in a secret store',
    runStore: runs,
  });

async function ask(prompt: string): Promise<SuspendedRun> {
  try {
    await makeAgent().execute(prompt, { memory: memories.conversation('ada') });
    throw new Error('expected the run to wait for a decision');
  } catch (error) {
    if (!AgentStoppedError.isInstance(error) || error.suspended === undefined) throw error;
    const suspended = error.suspended;
    for (const request of suspended.requests) {
      console.log(
        `waiting: ${request.message} ${request.toolCall.name}(${request.toolCall.arguments})`,
      );
    }
    console.log(
      `tools run so far: ${sent.length}; suspended value: ${JSON.stringify(suspended).length} bytes of JSON, signed`,
    );
    return suspended;
  }
}

// Process 1: the run stops before any money moves.
const first = await ask('Send 200 EUR to Alice, PIN 4321.');
// Process 2, later: the person approves, lowering the amount; a new agent object resumes.
const stored = (await runs.load(first.runId))?.suspended as SuspendedRun;
const request = stored.requests[0]?.id as string;
const approved = await makeAgent().resume(
  stored,
  { [request]: { approved: true, arguments: '{"to":"Alice","amount":20,"pin":"4321"}' } },
  { memory: memories.conversation('ada') },
);
console.log(`approved with an edit → ${approved.data}`);
console.log(`money sent: ${sent.join(', ')}`);

// A refusal: the model is told why and goes on; nothing is sent.
const second = await ask('Now send 5000 EUR to Mallory, same PIN.');
const refused = await makeAgent().resume(
  second,
  { [second.requests[0]?.id as string]: { approved: false, reason: 'unknown payee' } },
  { memory: memories.conversation('ada') },
);
console.log(`refused → ${refused.data}`);
console.log(`money sent: ${sent.join(', ')}`);
const messages = await memories.conversation('ada').allMessages();
console.log(`conversation: ${messages.map((message) => message.role).join(', ')}`);
await provider.close?.();
