/**
 * A ReAct agent (`@aigo/react` — reasoning + acting, not React UI bindings) with a typed result.
 *
 * `createReAct(client, { schema })` runs the loop: call the model with the client's tools, run the
 * tools it asks for (in parallel), feed the results back, repeat until it answers without tools.
 * The final answer is parsed leniently and validated against the typebox schema, so `result.data`
 * is typed. `execute()` resolves only with a final answer; any other end (too many iterations, a
 * failed model call, an abort) rejects with `AgentStoppedError` carrying the reason and what the
 * run used and cost so far.
 *
 * The calculator is `calculatorTool()` from `@aigo/tools-calculator`.
 *
 * Run: `node dist/react-agent.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { AgentStoppedError } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { calculatorTool } from '@aigo/tools-calculator';
import Type from 'typebox';
import { describeCost, examplePrices } from './shared/describe-cost.js';
import { pickModel, printHeader } from './shared/pick-model.js';

const Answer = Type.Object({
  total: Type.Number({ description: 'How many pencils in all' }),
  working: Type.String({ description: 'The calculation, in one line' }),
});

// Offline: two calculator steps, then the JSON answer.
const { provider, model, label, online } = pickModel(() =>
  createFakeProvider()
    .toolCall('Calculator', { operation: 'multiply', a: 17, b: 23 })
    .toolCall('Calculator', { operation: 'add', a: 391, b: 4 })
    .text('{"total": 395, "working": "17 × 23 = 391 pencils in boxes, + 4 loose = 395"}'),
);
printHeader('A typed ReAct agent', { label });

const client = createClient(provider, {
  defaultModel: model,
  tools: [calculatorTool()],
  // Offline, an example price; online, the provider's list price of the model.
  ...examplePrices(online),
});
const agent = createReAct(client, { schema: Answer, maxIterations: 6 });

const question =
  'A shop has 17 boxes of 23 pencils and 4 loose pencils. How many pencils does it have? ' +
  'Use the calculator for every step.';
try {
  const result = await agent.execute(question);
  // result.data is { total: number; working: string }
  console.log(`total: ${result.data.total}`);
  console.log(`working: ${result.data.working}`);
  console.log(
    `iterations: ${result.iterations}, tool calls: ${JSON.stringify(result.toolCallStats)}`,
  );
  console.log(
    `tokens: ${result.totalUsage.totalTokens}, cost: ${describeCost(result.costSummary())}`,
  );
} catch (error) {
  if (!AgentStoppedError.isInstance(error)) throw error;
  console.log(`the agent stopped: ${error.stopReason}`);
}

// A run that cannot finish stops with a reason, never silently.
const stubborn = createReAct(
  createClient(
    createFakeProvider().default({
      toolCalls: [
        {
          id: 'again',
          type: 'function',
          function: { name: 'Calculator', arguments: '{"operation":"add","a":1,"b":1}' },
        },
      ],
    }),
    { defaultModel: 'offline-model', tools: [calculatorTool()] },
  ),
  { maxIterations: 2 },
);
try {
  await stubborn.execute('Loop forever.');
} catch (error) {
  if (!AgentStoppedError.isInstance(error)) throw error;
  console.log(`\na model that never answers → AgentStoppedError, stopReason: ${error.stopReason}`);
}
await provider.close?.();
