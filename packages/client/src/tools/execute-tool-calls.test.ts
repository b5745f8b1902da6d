import {
  AbortError,
  defineTool,
  parseToolErrorEnvelope,
  type Tool,
  type ToolCall,
  ValidationError,
} from '@aigo/ai';
import {
  createFakeProvider,
  createRecordingObserver,
  type Deferred,
  deferred,
} from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client.js';
import { createToolCatalog } from './tool-catalog.js';

const call = (name: string, args: unknown = {}, id = `id_${name}`): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
});

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its text',
  input: Type.Object({ text: Type.String() }),
  metrics: { amount: 0.01, currency: 'USD' },
  execute: ({ text }, ctx) => ({
    text,
    context: ctx.context ?? null,
    callId: ctx.toolCallId ?? null,
  }),
});

/** A tool whose calls wait until the test releases them, counting how many run at once. */
function gatedTool(name: string) {
  const gates: Deferred<string>[] = [];
  const state = { running: 0, maxRunning: 0, started: [] as string[] };
  const waiters: { count: number; resolve(): void }[] = [];
  /** Resolves once `count` calls have started. */
  const started = (count: number) =>
    new Promise<void>((resolve) => {
      if (state.started.length >= count) resolve();
      else waiters.push({ count, resolve });
    });
  const tool: Tool = {
    name,
    description: { name, description: 'waits', parameters: { type: 'object', properties: {} } },
    metrics: undefined,
    async call(argumentsJson) {
      state.running++;
      state.maxRunning = Math.max(state.maxRunning, state.running);
      state.started.push(argumentsJson);
      const gate = deferred<string>();
      gates.push(gate);
      for (const waiter of waiters) if (state.started.length >= waiter.count) waiter.resolve();
      try {
        return await gate.promise;
      } finally {
        state.running--;
      }
    },
  };
  return { tool, gates, state, started };
}

/** Lets every pending step run, to check that nothing more happens. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

describe('executeToolCalls', () => {
  it('returns one tool message per call, in call order, whatever order they finish in', async () => {
    const { tool, gates, started } = gatedTool('slow');
    const client = createClient(createFakeProvider(), { env: {}, tools: [tool] });
    const calls = [
      call('slow', { n: 1 }, 'a'),
      call('slow', { n: 2 }, 'b'),
      call('slow', { n: 3 }, 'c'),
    ];
    const running = client.executeToolCalls(calls);
    await started(3);
    gates[2]?.resolve('"third"');
    gates[0]?.resolve('"first"');
    gates[1]?.resolve('"second"');
    expect(await running).toEqual([
      { role: 'tool', toolCallId: 'a', name: 'slow', content: '"first"' },
      { role: 'tool', toolCallId: 'b', name: 'slow', content: '"second"' },
      { role: 'tool', toolCallId: 'c', name: 'slow', content: '"third"' },
    ]);
  });

  it('never runs more than `concurrency` tools at once', async () => {
    const { tool, gates, state, started } = gatedTool('slow');
    const client = createClient(createFakeProvider(), { env: {}, tools: [tool] });
    const calls = Array.from({ length: 7 }, (_, index) => call('slow', { index }, `c${index}`));
    const running = client.executeToolCalls(calls, { concurrency: 2 });
    await started(2);
    await settle();
    expect(state.started).toHaveLength(2);
    for (let released = 0; released < 7; released++) {
      gates[released]?.resolve(`${released}`);
      // Finishing one call starts exactly one more, never a third at once.
      if (released + 2 < 7) await started(released + 3);
      expect(state.running).toBeLessThanOrEqual(2);
    }
    const messages = await running;
    expect(state.maxRunning).toBe(2);
    expect(messages.map((message) => message.content)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    // The client's default (toolConcurrency) applies when the call does not say.
    const limited = gatedTool('slow');
    const one = createClient(createFakeProvider(), {
      env: {},
      tools: [limited.tool],
      toolConcurrency: 1,
    });
    const sequential = one.executeToolCalls([call('slow'), call('slow')]);
    await limited.started(1);
    await settle();
    expect(limited.state.running).toBe(1);
    limited.gates[0]?.resolve('1');
    await limited.started(2);
    limited.gates[1]?.resolve('2');
    await sequential;
    expect(limited.state.maxRunning).toBe(1);
  });

  it('answers an unknown tool with tool_not_found listing the tools', async () => {
    const client = createClient(createFakeProvider(), { env: {}, tools: [echo] });
    const [message] = await client.executeToolCalls([call('missing')]);
    expect(parseToolErrorEnvelope(message?.content as string)).toEqual({
      ok: false,
      error: { code: 'tool_not_found', message: 'Unknown tool "missing". Available tools: echo' },
    });
  });

  it('finds tools by exact name first, then ignoring case', async () => {
    const lower = defineTool({ name: 'lookup', description: 'lower', execute: () => 'lower' });
    const upper = defineTool({ name: 'LOOKUP', description: 'upper', execute: () => 'upper' });
    const catalog = createToolCatalog([lower, upper]);
    expect(catalog.get('LOOKUP')).toBe(upper);
    expect(catalog.get('lookup')).toBe(lower);
    expect(catalog.get('LookUp')).toBe(lower);
    const client = createClient(createFakeProvider(), { env: {}, tools: [echo] });
    const [message] = await client.executeToolCalls([call('ECHO', { text: 'hi' })]);
    expect(JSON.parse(message?.content as string)).toMatchObject({ text: 'hi' });
    expect(message?.name).toBe('ECHO');
  });

  it('turns failures into envelopes: invalid arguments, a throwing tool, a non-string result', async () => {
    const throwing: Tool = {
      name: 'throwing',
      description: { name: 'throwing', description: 'x', parameters: {} },
      metrics: undefined,
      call: async () => {
        throw new Error('database down');
      },
    };
    const notString: Tool = {
      name: 'not_string',
      description: { name: 'not_string', description: 'x', parameters: {} },
      metrics: undefined,
      call: async () => 42 as unknown as string,
    };
    const client = createClient(createFakeProvider(), {
      env: {},
      tools: [echo, throwing, notString],
    });
    const messages = await client.executeToolCalls([
      call('echo', { text: 1 }),
      call('throwing'),
      call('not_string'),
    ]);
    expect(
      messages.map((message) => parseToolErrorEnvelope(message.content as string)?.error.code),
    ).toEqual(['invalid_arguments', 'tool_execution_failed', 'invalid_output']);
    expect(parseToolErrorEnvelope(messages[1]?.content as string)?.error.message).toBe(
      'database down',
    );
  });

  it('passes the context, the call id and a signal to the tool', async () => {
    const client = createClient(createFakeProvider(), { env: {}, tools: [echo] });
    const [message] = await client.executeToolCalls([call('echo', { text: 'x' }, 'call_9')], {
      context: { user: 'ada' },
    });
    expect(JSON.parse(message?.content as string)).toEqual({
      text: 'x',
      context: { user: 'ada' },
      callId: 'call_9',
    });
  });

  it('gives every tool and hook of a batch one state object and the run’s steer', async () => {
    const bump = defineTool({
      name: 'bump',
      description: 'Counts in the state, steers the run',
      execute: (_input, ctx) => {
        ctx.state.count = (typeof ctx.state.count === 'number' ? ctx.state.count : 0) + 1;
        return ctx.steer('look at this');
      },
    });
    const client = createClient(createFakeProvider(), { env: {}, tools: [bump] });
    const state = { count: 0 };
    const steered: unknown[] = [];
    const seen: unknown[] = [];
    const results = await client.executeToolCalls([call('bump', {}, 'a'), call('bump', {}, 'b')], {
      state,
      steer: (message) => {
        steered.push(message);
        return 'queued';
      },
      beforeToolCall: (info) => {
        seen.push(info.state === state);
        return undefined;
      },
    });
    expect(state.count).toBe(2);
    expect(steered).toEqual(['look at this', 'look at this']);
    expect(seen).toEqual([true, true]);
    expect(results.map((message) => message.content)).toEqual(['"queued"', '"queued"']);
    // Outside a run: a state of the batch's own, and a steer that answers finished.
    const [alone] = await client.executeToolCalls([call('bump')]);
    expect(alone?.content).toBe('"finished"');
    await expect(client.executeToolCalls([], { state: [] as never })).rejects.toMatchObject({
      argument: 'state',
    });
    await expect(client.executeToolCalls([], { steer: 'x' as never })).rejects.toMatchObject({
      argument: 'steer',
    });
  });

  it('passes the a2a option to every tool as ctx.a2a; a bad one is refused', async () => {
    const seen: unknown[] = [];
    const inspect = defineTool({
      name: 'inspect',
      description: 'Looks at the request',
      execute: (_input, ctx) => {
        seen.push(ctx.a2a);
        return 'seen';
      },
    });
    const client = createClient(createFakeProvider(), { env: {}, tools: [inspect] });
    const a2a = {
      messageId: 'm-1',
      contextId: 'c-1',
      taskId: 't-1',
      referenceTaskIds: [],
      metadata: undefined,
      principal: { id: 'alice' },
    };
    await client.executeToolCalls([call('inspect')], { a2a });
    await client.executeToolCalls([call('inspect')]);
    expect(seen).toEqual([a2a, undefined]);
    await expect(client.executeToolCalls([], { a2a: 'x' as never })).rejects.toMatchObject({
      argument: 'a2a',
    });
  });

  it('records every call and the cost of the successful ones into the overview', async () => {
    const client = createClient(createFakeProvider(), { env: {}, tools: [echo] });
    const overview = client.createOverview();
    await client.executeToolCalls(
      [
        call('echo', { text: 'a' }, '1'),
        call('echo', { text: 'b' }, '2'),
        call('echo', { text: 3 }, '3'),
        call('nope'),
      ],
      { overview },
    );
    expect(overview.toolCallStats).toEqual({ echo: 3, nope: 1 });
    expect(overview.toolCosts.echo).toBeCloseTo(0.02, 9);
  });

  it('opens a span per tool under the given span when the client has an observer', async () => {
    const observer = createRecordingObserver();
    const client = createClient(createFakeProvider(), { env: {}, tools: [echo], observer });
    const parent = observer.startSpan('agent');
    await client.executeToolCalls([call('echo', { text: 'a' }), call('missing')], { span: parent });
    const toolSpans = observer.spans.filter((span) => span.name.startsWith('execute_tool'));
    expect(
      toolSpans.map((span) => [span.name, span.options?.parent, span.status?.status, span.ended]),
    ).toEqual([
      ['execute_tool echo', parent, 'ok', true],
      ['execute_tool missing', parent, 'error', true],
    ]);
    expect(toolSpans[0]?.attributes['gen_ai.tool.name']).toBe('echo');
  });

  it('sets error.type on a failed tool span: the error envelope code', async () => {
    const observer = createRecordingObserver();
    const client = createClient(createFakeProvider(), { env: {}, tools: [echo], observer });
    await client.executeToolCalls([
      call('echo', { text: 'fine' }, 'ok'),
      call('missing', {}, 'unknown'),
      call('echo', { text: 42 }, 'invalid'),
    ]);
    expect(
      observer.spans.map((span) => [
        span.attributes['gen_ai.tool.call.id'],
        span.attributes['error.type'],
        span.status,
      ]),
    ).toEqual([
      ['ok', undefined, { status: 'ok', message: undefined }],
      [
        'unknown',
        'tool_not_found',
        { status: 'error', message: expect.stringContaining('missing') },
      ],
      ['invalid', 'invalid_arguments', { status: 'error', message: expect.any(String) }],
    ]);
  });

  it('records tool arguments and results only for an observer that captures content', async () => {
    const quiet = createRecordingObserver();
    const capturing = { ...createRecordingObserver(), captureContent: true };
    for (const observer of [quiet, capturing]) {
      const client = createClient(createFakeProvider(), { env: {}, tools: [echo], observer });
      await client.executeToolCalls([call('echo', { text: 'hi' })]);
    }
    expect(quiet.spans[0]?.attributes).not.toHaveProperty('gen_ai.tool.call.arguments');
    expect(quiet.spans[0]?.attributes).not.toHaveProperty('gen_ai.tool.call.result');
    expect(capturing.spans[0]?.attributes).toMatchObject({
      'gen_ai.tool.call.arguments': '{"text":"hi"}',
      'gen_ai.tool.call.result': expect.stringContaining('hi'),
    });
  });

  it('rejects at once with AbortError when the signal aborts; calls not started never start', async () => {
    const { tool, gates, state, started } = gatedTool('slow');
    const client = createClient(createFakeProvider(), { env: {}, tools: [tool] });
    const controller = new AbortController();
    const running = client.executeToolCalls([call('slow'), call('slow'), call('slow')], {
      signal: controller.signal,
      concurrency: 1,
    });
    await started(1);
    controller.abort();
    await expect(running).rejects.toBeInstanceOf(AbortError);
    gates[0]?.resolve('late');
    await settle();
    expect(state.started).toHaveLength(1);
    const aborted = new AbortController();
    aborted.abort();
    await expect(
      client.executeToolCalls([call('slow')], { signal: aborted.signal }),
    ).rejects.toBeInstanceOf(AbortError);
  });

  it('checks its arguments', async () => {
    const client = createClient(createFakeProvider(), { env: {}, tools: [echo] });
    await expect(client.executeToolCalls('x' as never)).rejects.toMatchObject({
      argument: 'toolCalls',
    });
    await expect(client.executeToolCalls([{ id: 'x' } as never])).rejects.toMatchObject({
      argument: 'toolCalls[0]',
    });
    await expect(client.executeToolCalls([], { concurrency: 0 })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(client.executeToolCalls([], { parallel: 2 } as never)).rejects.toMatchObject({
      argument: 'parallel',
    });
    expect(await client.executeToolCalls([])).toEqual([]);
  });
});

describe('tool hooks', () => {
  it('beforeToolCall may answer instead of the tool, or block it by throwing', async () => {
    let executed = 0;
    const counted = defineTool({
      name: 'counted',
      description: 'counts',
      execute: () => {
        executed++;
        return 'ran';
      },
    });
    const client = createClient(createFakeProvider(), {
      env: {},
      tools: [counted],
      beforeToolCall: ({ toolCall }) => {
        if (toolCall.id === 'cached') return '"from cache"';
        if (toolCall.id === 'denied') throw new Error('not allowed for this user');
        return undefined;
      },
    });
    const overview = client.createOverview();
    const messages = await client.executeToolCalls(
      [call('counted', {}, 'cached'), call('counted', {}, 'denied'), call('counted', {}, 'run')],
      { overview },
    );
    expect(messages.map((message) => message.content)).toEqual([
      '"from cache"',
      '{"ok":false,"error":{"code":"tool_blocked","message":"not allowed for this user"}}',
      '"ran"',
    ]);
    expect(executed).toBe(1);
    expect(overview.toolCallStats).toEqual({ counted: 3 });
  });

  it('afterToolCall sees the outcome and may replace the result; per-call hooks override the client', async () => {
    const seen: unknown[] = [];
    const client = createClient(createFakeProvider(), {
      env: {},
      tools: [echo],
      afterToolCall: ({ toolCall, result, failed, skipped }) => {
        seen.push({ id: toolCall.id, failed, skipped });
        return failed ? undefined : `{"wrapped":${result}}`;
      },
    });
    const messages = await client.executeToolCalls([
      call('echo', { text: 'hi' }, 'a'),
      call('nope', {}, 'b'),
    ]);
    expect(JSON.parse(messages[0]?.content as string)).toMatchObject({ wrapped: { text: 'hi' } });
    expect(parseToolErrorEnvelope(messages[1]?.content as string)?.error.code).toBe(
      'tool_not_found',
    );
    // Hooks run as calls finish (in parallel), so in any order.
    expect(seen).toHaveLength(2);
    expect(seen).toEqual(
      expect.arrayContaining([
        { id: 'a', failed: false, skipped: false },
        { id: 'b', failed: true, skipped: false },
      ]),
    );
    const [overridden] = await client.executeToolCalls([call('echo', { text: 'hi' })], {
      afterToolCall: () => 'replaced',
    });
    expect(overridden?.content).toBe('replaced');
  });

  it('an AbortError thrown by a hook stops the run', async () => {
    const client = createClient(createFakeProvider(), {
      env: {},
      tools: [echo],
      beforeToolCall: () => {
        throw new AbortError('stop everything');
      },
    });
    await expect(client.executeToolCalls([call('echo', { text: 'x' })])).rejects.toBeInstanceOf(
      AbortError,
    );
  });
});
