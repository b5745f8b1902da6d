/**
 * Third-party tools: a tool is an ordinary npm package that needs `@aigo/ai` alone.
 *
 * `aigo-tool-unit-converter` is the template of such a package (`tooling/tool-package-template`:
 * `@aigo/ai` and `typebox` as peer dependencies, one factory returning a `defineTool` value with
 * schemas, metrics and `ToolError`s, and the tests every tool package should have). Here it is used
 * next to `calculatorTool()` from `@aigo/tools-calculator`, one of this repository's tool packages,
 * built the same way. The client and the agent need nothing but the tool values:
 * `tools: [unitConverterTool(), calculatorTool()]`.
 *
 * Run: `node dist/third-party-tool.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { calculatorTool } from '@aigo/tools-calculator';
import { unitConverterTool } from 'aigo-tool-unit-converter';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

const converter = unitConverterTool();
const calculator = calculatorTool();

const { provider, model, label } = pickModel(() =>
  createFakeProvider()
    .toolCall('unit_converter', { value: 26.2, from: 'mi', to: 'km' })
    .toolCall('Calculator', { operation: 'divide', a: 42.1648, b: 4 })
    .text('{"marathonKm": 42.1648, "perRunnerKm": 10.5412}'),
);
printHeader('A third-party tool package', { label });

// 1. What the model sees of a tool: name, description, the JSON Schema of its arguments, metrics.
const { name, parameters, metrics } = converter.description;
console.log(
  `tool ${name}: parameters ${JSON.stringify(parameters.required)}, cost ${metrics?.amount} ${metrics?.currency}`,
);

// 2. A tool can be called on its own with the model's JSON — handy in the package's own tests.
console.log(`call → ${await converter.call('{"value": 100, "from": "kg", "to": "lb"}')}`);
console.log(
  `call with a mismatch → ${await converter.call('{"value": 1, "from": "kg", "to": "km"}')}`,
);
console.log(`call with bad arguments → ${await converter.call('{"value": "ten", "from": "m"}')}`);

// 3. In an agent, next to a tool from another package.
const agent = createReAct(
  createClient(provider, { defaultModel: model, tools: [converter, calculator] }),
  {
    schema: Type.Object({ marathonKm: Type.Number(), perRunnerKm: Type.Number() }),
  },
);
const result = await agent.execute(
  'A marathon is 26.2 miles. How many km is that, and how many km each if 4 runners split it evenly? ' +
    'Use the tools for the numbers.',
);
console.log(`\nmarathon: ${result.data.marathonKm} km, per runner: ${result.data.perRunnerKm} km`);
console.log(`tool calls: ${JSON.stringify(result.toolCallStats)}`);
await provider.close?.();
