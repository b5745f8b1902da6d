/**
 * Agents as tools: a writer agent with a researcher agent as a tool.
 *
 * `agentTool(researcher)` makes the researcher a tool the writer's model can call with a prompt.
 * The researcher's run belongs to the writer's: its events arrive in the writer's stream as
 * `agent_event` (nested once per level; `agentEventPath` unwraps them), its usage and cost add into
 * the writer's (`costSummary().byAgent` breaks them down), its span nests under the writer's
 * `execute_tool researcher` span, and aborting the writer aborts it.
 *
 * Run: `node dist/react-agent-tool.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { agentEventPath, defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { agentTool, createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

const search = defineTool({
  name: 'search',
  description: 'Searches an encyclopedia; returns short passages',
  input: Type.Object({ query: Type.String() }),
  execute: ({ query }) => [
    `${query}: Ada Lovelace (1815–1852) wrote the first published algorithm for a machine, Babbage's Analytical Engine, in 1843.`,
  ],
});

// One scripted model answers both agents, in the order they call it (the researcher runs inside
// the writer's tool call).
const { provider, model, label } = pickModel(() =>
  createFakeProvider()
    .toolCall('researcher', {
      prompt: 'Who wrote the first published computer algorithm, and when?',
    })
    .toolCall('search', { query: 'first published computer algorithm' })
    .text('{"answer": "Ada Lovelace, in 1843", "source": "encyclopedia"}')
    .text('In 1843 Ada Lovelace published the first algorithm meant for a machine.'),
);
printHeader('Agents as tools: a writer with a researcher', { label });

const researcher = createReAct(createClient(provider, { defaultModel: model, tools: [search] }), {
  name: 'researcher',
  description: 'Finds facts with sources. Ask it one complete question.',
  schema: Type.Object({ answer: Type.String(), source: Type.String() }),
  maxIterations: 4,
});
const writer = createReAct(
  createClient(provider, {
    defaultModel: model,
    tools: [agentTool(researcher)],
    systemPrompt: 'You write one precise sentence. Ask the researcher for facts first.',
  }),
  { name: 'writer', maxIterations: 4 },
);

const stream = writer.executeStream('Write one sentence about the first computer program.');
for await (const event of stream) {
  const { path, event: inner } = agentEventPath(event);
  const who = ['writer', ...path].join(' > ');
  switch (inner.type) {
    case 'tool_call':
      console.log(
        `${who}: calls ${inner.toolCall.function.name}(${inner.toolCall.function.arguments})`,
      );
      break;
    case 'tool_result':
      console.log(`${who}: ${inner.toolCall.function.name} answered ${inner.result}`);
      break;
    case 'final_answer':
      console.log(`${who}: final answer ${JSON.stringify(inner.result)}`);
      break;
  }
}
const result = await stream.collect();
const summary = result.costSummary();
console.log(`\nanswer: ${result.data}`);
for (const [agent, part] of Object.entries(summary.byAgent ?? {})) {
  console.log(`  ${agent}: ${part.usage?.totalTokens ?? '?'} tokens`);
}
console.log(`total: ${result.totalUsage.totalTokens} tokens`);
await provider.close?.();
