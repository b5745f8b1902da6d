/**
 * Driving a ReAct run one step at a time: checkpoints, workers, custom loops.
 *
 * `agent.start(prompt, options)` resolves to the run's first state; `agent.step(state, options)`
 * runs one iteration — one model call and the tools of its reply, with the events a streamed run
 * emits — and resolves to `{ state, outcome }`: `continue`, `final` (with the `result`),
 * `suspended` or `stopped`. The state is plain, versioned JSON, signed with the agent's
 * `signingKey` (the same format as a suspended run): keep it anywhere, or in a run store, and take
 * the next step in any process with the same agent. With a run store each step claims the state
 * first, so a state stepped twice runs its tools once. `execute` runs on the same step function:
 * the result, usage and cost are the same.
 *
 * Run: `node dist/react-step-by-step.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { RunConflictError, type SuspendedRun } from '@aigo/ai';
import { createClient, inMemoryRunStore } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { calculatorTool } from '@aigo/tools-calculator';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

const { provider, model, label } = pickModel(() =>
  createFakeProvider()
    .toolCall('calculator', { operation: 'multiply', a: 17, b: 23 })
    .toolCall('calculator', { operation: 'add', a: 391, b: 4 })
    .text('{"total": 395}'),
);
printHeader('A ReAct run, one step at a time', { label });

// Every worker has the same agent configuration: client, tools, schema, key and store.
const runs = inMemoryRunStore(); // pgRunStore() of @aigo/memory-pg across processes
const makeAgent = () =>
  createReAct(createClient(provider, { defaultModel: model, tools: [calculatorTool()] }), {
    schema: Type.Object({ total: Type.Number() }),
    signingKey: 'example signing key — keep yours in a secret store',
    runStore: runs,
  });

const first = await makeAgent().start('What is 17 * 23 + 4? Use the calculator.', {
  runId: 'trip-42',
  memory: null, // the conversation then lives in the state
  state: { requestedBy: 'ada' },
});
console.log(
  `started: ${JSON.stringify(first).length} bytes of signed JSON, saved in the run store`,
);

let state = first;
for (let step = 1; ; step++) {
  // A new agent object per step, as a worker in another process would have; the state comes from
  // the store, where the last step saved it.
  const stored = (await runs.load('trip-42'))?.suspended as SuspendedRun;
  const next = await makeAgent().step(stored, {
    memory: null,
    onEvent: (event) => {
      if (event.type === 'tool_call') {
        console.log(`  tool call: ${event.toolCall.function.arguments}`);
      }
      if (event.type === 'tool_result') console.log(`  tool result: ${event.result}`);
    },
  });
  console.log(`step ${step}: ${next.outcome}`);
  if (next.outcome === 'continue') {
    state = next.state;
    continue;
  }
  if (next.outcome !== 'final') throw new Error(`the run ended: ${next.outcome}`);
  console.log(
    `answer: ${JSON.stringify(next.result.data)} in ${next.result.iterations} iterations`,
  );
  console.log(
    `tokens: ${next.result.totalUsage.totalTokens}; state: ${JSON.stringify(next.result.state)}`,
  );
  // A finished state steps to its outcome again, running nothing.
  console.log(`stepped again: ${(await makeAgent().step(next.state, { memory: null })).outcome}`);
  break;
}

// An older state stepped again: the store refuses it before any tool runs.
try {
  await makeAgent().step(state, { memory: null });
} catch (error) {
  if (!RunConflictError.isInstance(error)) throw error;
  console.log(`an old state stepped again: ${error.code}`);
}
await provider.close?.();
