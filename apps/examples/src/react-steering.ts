/**
 * Steering a running agent: messages into a run while it works.
 *
 * A person changes their mind while the agent is busy: `stream.steer(message)` queues the message,
 * and it joins the conversation at the next model call — after every tool result of the current
 * step, never in the middle of a tool-call group — announced by a `steering_message` event just
 * before that iteration's `iteration_start`. A run that is not streamed takes a queue,
 * `createSteeringQueue()`, as its `steering` option, which anything can push to; tools, hooks,
 * `prepareIteration` and `validateFinalAnswer` steer through their context, `ctx.steer(message)`.
 * Once the run ended, steering answers `finished`: the message is neither used nor stored.
 *
 * Run: `node dist/react-steering.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { defineTool, messageText } from '@aigo/ai';
import { createClient, inMemoryMemory } from '@aigo/client';
import { createReAct, createSteeringQueue } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

const findTrains = defineTool({
  name: 'find_trains',
  description: 'Trains from Madrid to a city tomorrow morning',
  input: Type.Object({ to: Type.String() }),
  execute: ({ to }) => ({ to, departures: ['08:05', '09:40'] }),
});
const checkBudget = defineTool({
  name: 'check_budget',
  description: 'Checks a price against the traveller’s budget',
  input: Type.Object({ price: Type.Number() }),
  execute: ({ price }, ctx) => {
    // A tool that finds something the model must hear now steers the run itself.
    if (price > 100) ctx.steer(`The budget is 100 EUR; ${price} EUR is too much.`);
    return { withinBudget: price <= 100 };
  },
});

const { provider, model, label } = pickModel(() =>
  createFakeProvider()
    .toolCalls([
      { name: 'find_trains', args: { to: 'Lisbon' }, id: 'call_lisbon' },
      { name: 'find_trains', args: { to: 'Seville' }, id: 'call_seville' },
    ])
    .text('Then Porto: I will look for trains to Porto next.')
    .toolCall('check_budget', { price: 140 })
    .text('The 140 EUR ticket is over your budget; take the 08:05 regional train at 60 EUR.'),
);
printHeader('Steering a running agent', { label });

const client = createClient(provider, {
  defaultModel: model,
  tools: [findTrains, checkBudget],
});
const agent = createReAct(client);
const memory = inMemoryMemory();

// 1. A streamed run, steered by its reader while the tools run.
const stream = agent.executeStream('Find me a morning train to Lisbon or Seville.', { memory });
let steered = false;
for await (const event of stream) {
  switch (event.type) {
    case 'iteration_start':
      console.log(`-- iteration ${event.iteration}`);
      break;
    case 'tool_call':
      console.log(
        `tool call: ${event.toolCall.function.name}(${event.toolCall.function.arguments})`,
      );
      if (!steered) {
        // The person types while the tools run: the model reads it after both results.
        steered = true;
        console.log(`you: Actually, make it Porto. → ${stream.steer('Actually, make it Porto.')}`);
      }
      break;
    case 'tool_result':
      console.log(`tool result: ${event.result}`);
      break;
    case 'steering_message':
      console.log(
        `steering_message (read at iteration ${event.iteration}): ${messageText(event.message)}`,
      );
      break;
    case 'final_answer':
      console.log(`final answer: ${event.result}`);
      break;
  }
}
console.log(`after the end: ${stream.steer('Thanks!')}`);
console.log(`stored: ${(await memory.allMessages()).map((message) => message.role).join(', ')}`);

// 2. A run that is not streamed, with a queue anything can push to, and a tool that steers.
const steering = createSteeringQueue();
console.log(`\nqueued before the run starts: ${steering.push('I travel with a bike.')}`);
const result = await agent.execute('Is the 140 EUR ticket fine?', { memory, steering });
console.log(`answer: ${result.data}`);
// What the conversation holds of this run: the prompt, the queued message, the tool's message.
for (const message of (await memory.allMessages()).slice(-6)) {
  if (message.role === 'user') console.log(`  user: ${messageText(message)}`);
}
console.log(`after the end: ${steering.push('One more thing')}`);
await provider.close?.();
