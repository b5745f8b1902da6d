/**
 * A ReAct agent, streamed: watch the run as it happens.
 *
 * `agent.executeStream(prompt)` returns a `ReActStream`: an async iterable of events —
 * `iteration_start`, `reasoning` and `content` fragments as the model writes, `tool_call` (a whole
 * call, before it runs), `tool_result` (what the model reads back), `partial_answer` (the typed
 * answer so far, while the model writes it: an agent with a schema), and finally `final_answer`
 * (with the typed `result`) or `error`. After the loop, `collect()` gives the run's overview.
 * Breaking out of the loop aborts the run: the model request and the running tools are cancelled.
 *
 * Run: `node dist/react-streaming.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

const weather = defineTool({
  name: 'get_weather',
  description: 'The current temperature in a city, in °C',
  input: Type.Object({ city: Type.String() }),
  execute: ({ city }) => ({ city, celsius: city.toLowerCase() === 'rome' ? 24 : 18 }),
});

const Verdict = Type.Object({ warmer: Type.String(), difference: Type.Number() });

const { provider, model, label } = pickModel(() =>
  createFakeProvider()
    .response({
      reasoning: 'I need both temperatures; I can ask for them at once.',
      toolCalls: [
        {
          id: 'call_paris',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
        },
        {
          id: 'call_rome',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"Rome"}' },
        },
      ],
    })
    .text('{"warmer": "Rome", "difference": 6}', {
      reasoning: 'Rome has 24 °C, Paris 18 °C: Rome is 6 degrees warmer.',
    }),
);
printHeader('A ReAct agent, streamed', { label });

const agent = createReAct(createClient(provider, { defaultModel: model, tools: [weather] }), {
  schema: Verdict,
});
const stream = agent.executeStream('Which is warmer right now, Paris or Rome, and by how much?');

let last = '';
let partials = 0;
for await (const event of stream) {
  // The typed answer so far (a UI would render it): counted here, its text is on the `text:` line.
  if (event.type === 'partial_answer') {
    partials++;
    continue;
  }
  // Fragments of one kind go on one line.
  if ((event.type === 'reasoning' || event.type === 'content') && last === event.type) {
    process.stdout.write(event.text);
    continue;
  }
  if (last === 'reasoning' || last === 'content') process.stdout.write('\n');
  last = event.type;
  switch (event.type) {
    case 'iteration_start':
      console.log(`-- iteration ${event.iteration}`);
      break;
    case 'reasoning':
      process.stdout.write(`thinking: ${event.text}`);
      break;
    case 'content':
      process.stdout.write(`text: ${event.text}`);
      break;
    case 'tool_call':
      console.log(
        `tool call: ${event.toolCall.function.name}(${event.toolCall.function.arguments})`,
      );
      break;
    case 'tool_result':
      console.log(`tool result: ${event.result}${event.failed ? ' (failed)' : ''}`);
      break;
    case 'final_answer':
      // event.result is typed { warmer: string; difference: number }
      console.log(
        `final answer: ${event.result.warmer} is warmer by ${event.result.difference} °C (${partials} partial answers while it streamed)`,
      );
      break;
    case 'error':
      console.log(`stopped: ${event.error.message}`);
      break;
  }
}
const overview = await stream.collect();
console.log(`\n${overview.iterations} iterations, ${overview.totalUsage.totalTokens} tokens`);
await provider.close?.();
