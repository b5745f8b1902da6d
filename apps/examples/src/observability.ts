/**
 * Observability: every model call, tool execution and agent run as a span — as log lines with
 * `@aigo/observability`, or as OpenTelemetry spans with `@aigo/otel` (GenAI semantic conventions).
 *
 * Give the client an `observer`; the agent (and a graph) built on the client pick it up. Spans nest:
 * an `invoke_agent` span holds the run's `chat {model}` and `execute_tool {name}` spans. API keys and
 * authorization headers are never written; message content is off unless you ask for it.
 *
 * The OpenTelemetry SDK is the application's choice, not aigo's: this example uses
 * `@opentelemetry/sdk-trace-base` with the `ConsoleSpanExporter`, which prints each finished span.
 *
 * Run: `node dist/observability.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { createClient } from '@aigo/client';
import { createLogObserver } from '@aigo/observability';
import { createOtelObserver } from '@aigo/otel';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { calculatorTool } from '@aigo/tools-calculator';
import {
  BasicTracerProvider,
  ConsoleSpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { pickModel, printHeader } from './shared/pick-model.js';

// One scripted run per observer: a calculator call, then the answer.
const script = () =>
  createFakeProvider()
    .toolCall('Calculator', { operation: 'multiply', a: 6, b: 7 })
    .text('6 × 7 = 42.');
const logged = pickModel(script);
printHeader('Observability', logged);

// 1. Log lines: compact format, debug level (spans are written at debug), to stdout.
console.log('--- @aigo/observability: createLogObserver({ format: "compact", level: "debug" })');
const logObserver = createLogObserver({ format: 'compact', level: 'debug', env: {} });
const loggedAgent = createReAct(
  createClient(logged.provider, {
    defaultModel: logged.model,
    tools: [calculatorTool()],
    observer: logObserver,
  }),
  { name: 'math' },
);
const first = await loggedAgent.execute('What is 6 times 7?');
console.log(`answer: ${first.data}\n`);

// 2. OpenTelemetry: the same run, exported as spans to the console.
console.log('--- @aigo/otel: createOtelObserver() with the OpenTelemetry ConsoleSpanExporter');
const tracerProvider = new BasicTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())],
});
const traced = pickModel(script);
const tracedAgent = createReAct(
  createClient(traced.provider, {
    defaultModel: traced.model,
    tools: [calculatorTool()],
    observer: createOtelObserver({ tracer: tracerProvider.getTracer('aigo-examples') }),
  }),
  { name: 'math' },
);
const second = await tracedAgent.execute('What is 6 times 7?');
console.log(`answer: ${second.data}`);

await tracerProvider.shutdown();
await logged.provider.close?.();
await traced.provider.close?.();
