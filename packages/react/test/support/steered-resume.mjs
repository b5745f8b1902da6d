// The second process of test/steer-resume-process.test.ts: the same agent configuration as the
// first (tools, approval rule, signing key), built from the built packages. It reads a suspended
// run (JSON) on stdin, resumes it streamed with the decision in argv, and prints one JSON line:
// the events' types and steering messages, what the model was sent last, the answer and the tool
// runs of this process.
//
//   node test/support/steered-resume.mjs '{"call_1":{"approved":true}}' < suspended.json
import { text } from 'node:stream/consumers';
import { defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { createReAct } from '../../dist/index.js';

const responses = JSON.parse(process.argv[2] ?? '{}');
const suspended = JSON.parse(await text(process.stdin));
let toolRuns = 0;
const sendMoney = defineTool({
  name: 'send_money',
  description: 'Sends money to a payee',
  input: Type.Object({ to: Type.String(), amount: Type.Number() }),
  execute: ({ to, amount }) => {
    toolRuns += 1;
    return { sent: amount, to };
  },
});
const model = createFakeProvider().text('Sent 20 EUR to Alice.');
const agent = createReAct(createClient(model, { env: {}, tools: [sendMoney] }), {
  name: 'payer',
  approval: ['send_money'],
  signingKey: 'a test signing key of at least thirty-two bytes',
});
const events = [];
const stream = agent.resumeStream(suspended, responses);
for await (const event of stream) {
  // A run of content fragments shows as one.
  if (event.type === 'content' && events.at(-1) === 'content') continue;
  events.push(
    event.type === 'steering_message' ? `steering: ${event.message.content}` : event.type,
  );
}
const result = await stream.collect();
const sent = model.requests[0].messages.map((message) =>
  message.role === 'tool'
    ? `tool: ${message.content}`
    : `${message.role}: ${message.content ?? ''}`,
);
process.stdout.write(`${JSON.stringify({ events, sent, answer: result.data, toolRuns })}\n`);
