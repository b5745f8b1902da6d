// A ReAct run (`@aigo/react`) over the fake provider, recorded by the OpenTelemetry SDK in memory:
// one `invoke_agent` span whose children are the `chat` and `execute_tool` spans in order.
import { AgentStoppedError, defineTool, ProviderError, type Usage } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider, type FakeProvider } from '@aigo/testing';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { histogramOf, otelSdk, type SpanNode } from '../test/support/test-otel-sdk.js';
import { createOtelObserver } from './index.js';

const calculator = defineTool({
  name: 'calculator',
  description: 'Computes a op b',
  input: Type.Object({
    a: Type.Number(),
    op: Type.Union([Type.Literal('+'), Type.Literal('*')]),
    b: Type.Number(),
  }),
  execute: ({ a, op, b }) => ({ result: op === '+' ? a + b : a * b }),
});

const USAGE: readonly Usage[] = [
  { promptTokens: 100, completionTokens: 20, totalTokens: 120 },
  { promptTokens: 140, completionTokens: 25, totalTokens: 165 },
  { promptTokens: 180, completionTokens: 7, totalTokens: 187 },
];

/** Two tool calls, one per model turn, then the answer. */
function twoToolCallScript(): FakeProvider {
  return createFakeProvider()
    .toolCall('calculator', { a: 2, op: '+', b: 2 }, { usage: USAGE[0] as Usage })
    .toolCall('calculator', { a: 4, op: '*', b: 3 }, { usage: USAGE[1] as Usage })
    .text('(2 + 2) * 3 = 12', { usage: USAGE[2] as Usage });
}

function setUp(provider: FakeProvider, captureContent = false) {
  const sdk = otelSdk();
  const observer = createOtelObserver({ tracer: sdk.tracer, meter: sdk.meter, captureContent });
  const client = createClient(provider, {
    env: {},
    defaultModel: 'test-model',
    temperature: 0.2,
    maxOutputTokens: 512,
    tools: [calculator],
    observer,
    // One scripted answer per call: a scripted 429 is the call's outcome, not retried.
    maxRetries: 0,
  });
  const agent = createReAct(client, { name: 'math' });
  return { sdk, agent };
}

const EXPECTED_SHAPE = [
  'invoke_agent math',
  [
    'chat test-model',
    'execute_tool calculator',
    'chat test-model',
    'execute_tool calculator',
    'chat test-model',
  ],
];

function checkTree(root: SpanNode | undefined, streamed: boolean): void {
  expect(root?.span.kind).toBe(SpanKind.INTERNAL);
  expect(root?.span.attributes).toMatchObject({
    'gen_ai.operation.name': 'invoke_agent',
    'gen_ai.agent.name': 'math',
    'gen_ai.usage.input_tokens': 420,
    'gen_ai.usage.output_tokens': 52,
  });
  expect(root?.span.status.code).toBe(SpanStatusCode.OK);

  const children = root?.children ?? [];
  const chats = children.filter((node) => node.name.startsWith('chat'));
  const tools = children.filter((node) => node.name.startsWith('execute_tool'));
  chats.forEach((chat, index) => {
    const usage = USAGE[index] as Usage;
    expect(chat.span.kind).toBe(SpanKind.CLIENT);
    expect(chat.span.status.code).toBe(SpanStatusCode.OK);
    expect(chat.span.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'fake',
      'gen_ai.request.model': 'test-model',
      'gen_ai.request.temperature': 0.2,
      'gen_ai.request.max_tokens': 512,
      'gen_ai.response.id': `fake-${index + 1}`,
      'gen_ai.response.model': 'test-model',
      'gen_ai.response.finish_reasons': [index < 2 ? 'tool_calls' : 'stop'],
      'gen_ai.usage.input_tokens': usage.promptTokens,
      'gen_ai.usage.output_tokens': usage.completionTokens,
    });
    if (streamed) {
      expect(chat.span.attributes['gen_ai.response.time_to_first_chunk']).toBeTypeOf('number');
      expect(chat.span.events.map((event) => event.name)).toEqual(['gen_ai.first_chunk']);
    } else {
      expect(chat.span.attributes).not.toHaveProperty('gen_ai.response.time_to_first_chunk');
    }
  });
  expect(
    tools.map((tool) => [tool.span.kind, tool.span.status.code, tool.span.attributes]),
  ).toEqual(
    ['call_1', 'call_2'].map((id) => [
      SpanKind.INTERNAL,
      SpanStatusCode.OK,
      {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'calculator',
        'gen_ai.tool.call.id': id,
      },
    ]),
  );
  // Each span ends before the next one starts (the SDK's start times are whole milliseconds).
  for (let i = 0; i + 1 < children.length; i++) {
    const [a, b] = [children[i]?.span, children[i + 1]?.span];
    if (a === undefined || b === undefined) throw new Error('missing span');
    expect(a.endTime[0] * 1e3 + a.endTime[1] / 1e6).toBeLessThanOrEqual(
      b.startTime[0] * 1e3 + b.startTime[1] / 1e6 + 1,
    );
  }
}

async function checkMetrics(sdk: ReturnType<typeof otelSdk>): Promise<void> {
  const usage = await sdk.points('gen_ai.client.token.usage');
  expect(
    usage.map((point) => [
      point.attributes['gen_ai.token.type'],
      histogramOf(point).sum,
      histogramOf(point).count,
    ]),
  ).toEqual([
    ['input', 420, 3],
    ['output', 52, 3],
  ]);
  expect(usage[0]?.attributes).toEqual({
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': 'fake',
    'gen_ai.request.model': 'test-model',
    'gen_ai.response.model': 'test-model',
    'gen_ai.token.type': 'input',
  });
  const durations = await sdk.points('gen_ai.client.operation.duration');
  expect(durations).toHaveLength(1);
  expect(histogramOf(durations[0]).count).toBe(3);
}

describe('a ReAct run with two tool calls', () => {
  it('gives one invoke_agent span with chat and execute_tool children in order, and the metrics', async () => {
    const { sdk, agent } = setUp(twoToolCallScript());
    const result = await agent.execute('What is (2 + 2) * 3?');
    expect(result.data).toBe('(2 + 2) * 3 = 12');

    expect(sdk.shape()).toEqual(EXPECTED_SHAPE);
    const roots = sdk.tree();
    expect(roots).toHaveLength(1);
    checkTree(roots[0], false);
    await checkMetrics(sdk);
    // One trace.
    expect(new Set(sdk.spans().map((span) => span.spanContext().traceId)).size).toBe(1);
  });

  it('gives the same tree when streamed, with the time to first chunk on every chat span', async () => {
    const { sdk, agent } = setUp(twoToolCallScript());
    const stream = agent.executeStream('What is (2 + 2) * 3?');
    const types = new Set<string>();
    for await (const event of stream) types.add(event.type);
    expect(types.has('tool_call')).toBe(true);
    const result = await stream.collect();
    expect(result.data).toBe('(2 + 2) * 3 = 12');

    expect(sdk.shape()).toEqual(EXPECTED_SHAPE);
    checkTree(sdk.tree()[0], true);
    await checkMetrics(sdk);
  });

  it('records tool arguments and results only with captureContent', async () => {
    const quiet = setUp(twoToolCallScript());
    await quiet.agent.execute('What is (2 + 2) * 3?');
    const capturing = setUp(twoToolCallScript(), true);
    await capturing.agent.execute('What is (2 + 2) * 3?');
    const toolAttributes = (sdk: ReturnType<typeof otelSdk>) =>
      sdk
        .spans()
        .filter((span) => span.name.startsWith('execute_tool'))
        .map((span) => [
          span.attributes['gen_ai.tool.call.arguments'],
          span.attributes['gen_ai.tool.call.result'],
        ]);
    expect(toolAttributes(quiet.sdk)).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
    expect(toolAttributes(capturing.sdk)).toEqual([
      ['{"a":2,"op":"+","b":2}', '{"result":4}'],
      ['{"a":4,"op":"*","b":3}', '{"result":12}'],
    ]);
  });
});

describe('a failing call', () => {
  const rateLimited = () =>
    new ProviderError({
      code: 'rate_limited',
      message: 'Rate limit reached',
      provider: 'fake',
      status: 429,
      retryable: true,
    });

  it('records error.type, the exception and status error on its chat span and on the agent span', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 2, op: '+', b: 2 }, { usage: USAGE[0] as Usage })
      .error(rateLimited());
    const { sdk, agent } = setUp(provider);
    const failure = await agent.execute('What is (2 + 2) * 3?').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AgentStoppedError);

    expect(sdk.shape()).toEqual([
      'invoke_agent math',
      ['chat test-model', 'execute_tool calculator', 'chat test-model'],
    ]);
    const [root] = sdk.tree();
    const failed = root?.children[2]?.span;
    expect(failed?.attributes['error.type']).toBe('rate_limited');
    expect(failed?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Rate limit reached' });
    expect(
      failed?.events.map((event) => [event.name, event.attributes?.['exception.type']]),
    ).toEqual([['exception', 'ProviderError']]);
    expect(root?.span.status.code).toBe(SpanStatusCode.ERROR);
    expect(root?.span.attributes['error.type']).toBeDefined();
    expect(root?.children[0]?.span.status.code).toBe(SpanStatusCode.OK);

    const durations = await sdk.points('gen_ai.client.operation.duration');
    expect(durations.map((point) => point.attributes['error.type'])).toEqual([
      undefined,
      'rate_limited',
    ]);
  });

  it('records a stream that fails midway the same way', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 2, op: '+', b: 2 }, { usage: USAGE[0] as Usage })
      .error(
        new ProviderError({
          code: 'stream_error',
          message: 'connection reset',
          provider: 'fake',
          retryable: false,
        }),
        { afterEvents: 2 },
      );
    const { sdk, agent } = setUp(provider);
    const stream = agent.executeStream('What is (2 + 2) * 3?');
    await expect(stream.collect()).rejects.toBeInstanceOf(AgentStoppedError);

    const [root] = sdk.tree();
    expect(sdk.shape()).toEqual([
      'invoke_agent math',
      ['chat test-model', 'execute_tool calculator', 'chat test-model'],
    ]);
    const failed = root?.children[2]?.span;
    expect(failed?.attributes['error.type']).toBe('stream_error');
    expect(failed?.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed?.events.map((event) => event.name)).toEqual(['gen_ai.first_chunk', 'exception']);
  });
});
