/**
 * A tool loop written by hand over a provider: offer a tool, run the calls the model asks for, send
 * the results back, repeat until the model answers. This is what `@aigo/client` (one round) and
 * `@aigo/react` (the whole loop) automate — see `react-agent.ts`.
 *
 * - `defineTool` (from `@aigo/ai`) turns a typebox schema into the JSON Schema the model sees
 *   (`tool.description`) and the static type of `execute`'s input.
 * - `tool.call(argumentsJson)` parses and validates the model's arguments; invalid JSON, a schema
 *   violation or a thrown error comes back as `{"ok":false,"error":…}` for the model to read.
 * - `toAssistantMessage(response)` keeps everything a provider needs on the next turn (tool calls,
 *   Gemini thought signatures, OpenAI reasoning items).
 *
 * Run: `node dist/manual-tool-loop.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import {
  defineTool,
  isStopMessage,
  type Message,
  toAssistantMessage,
  toolMessage,
  userMessage,
} from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

const TEMPERATURES: Record<string, number> = { paris: 18, rome: 24, oslo: 9 };

const weather = defineTool({
  name: 'get_weather',
  description: 'The current temperature in a city, in °C',
  input: Type.Object({ city: Type.String({ description: 'City name, e.g. "Paris"' }) }),
  execute: ({ city }) => {
    const celsius = TEMPERATURES[city.toLowerCase()];
    if (celsius === undefined) throw new Error(`No weather station in ${city}`);
    return { city, celsius };
  },
});

// Offline: the scripted model asks for both cities at once (parallel tool calls), then answers.
const { provider, model, label } = pickModel(() =>
  createFakeProvider()
    .toolCalls([
      { name: 'get_weather', args: { city: 'Paris' } },
      { name: 'get_weather', args: { city: 'Rome' } },
    ])
    .text('It is warmer in Rome: 24 °C, against 18 °C in Paris.'),
);
printHeader('A manual tool loop', { label });

const messages: Message[] = [userMessage('Is it warmer in Paris or in Rome right now?')];
for (let turn = 1; turn <= 5; turn++) {
  const response = await provider.sendMessage({ model, messages, tools: [weather.description] });
  messages.push(toAssistantMessage(response));
  if (isStopMessage(response)) {
    // No tool calls: this is the answer.
    console.log(`turn ${turn}: answer → ${response.content}`);
    break;
  }
  for (const call of response.toolCalls) {
    const result = await weather.call(call.function.arguments, { toolCallId: call.id });
    console.log(`turn ${turn}: ${call.function.name}(${call.function.arguments}) → ${result}`);
    messages.push(toolMessage(call.id, result, call.function.name));
  }
}

// A failing tool does not throw: the model reads an error envelope and can recover.
console.log(`\na failing call → ${await weather.call('{"city":"Atlantis"}')}`);
console.log(`invalid arguments → ${await weather.call('{"town":"Paris"}')}`);
console.log(`\n${messages.length} messages in the conversation`);
await provider.close?.();
