import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  drivenChatStream,
  readText,
  scriptedAgentStream,
} from '../../test/support/test-web-sources.js';
import type { AgentEvent } from '../agent/agent-event.js';
import type { SuspendedRun } from '../agent/suspended-run.js';
import type { ChatResponse } from '../chat/chat-response.js';
import { AigoError } from '../errors/aigo-error.js';
import { AgentStoppedError } from '../errors/higher-layer-errors.js';
import { AbortError } from '../errors/interruption-errors.js';
import { ProviderError } from '../errors/provider-error.js';
import { ValidationError } from '../errors/validation-error.js';
import type { ToolCall } from '../messages/tool-call.js';
import { ChatStream } from '../stream/chat-stream.js';
import type { StreamEvent } from '../stream/stream-event.js';
import { toSSEResponse, toSSEStream } from './to-sse-stream.js';

const frame = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

const USAGE = { promptTokens: 12, completionTokens: 5, totalTokens: 17 };

afterEach(() => {
  vi.useRealTimers();
});

describe('toSSEStream of a model stream', () => {
  it('writes each event as `event: <type>` and one `data:` line of JSON, finish last', async () => {
    const response: ChatResponse = {
      id: 'resp-1',
      model: 'm-1',
      content: 'Hi!\nTwo lines "quoted"',
      reasoning: 'greet',
      toolCalls: [],
      finishReason: 'stop',
      usage: USAGE,
    };

    const text = await readText(toSSEStream(ChatStream.fromResponse(response)));

    expect(text).toBe(
      'event: start\ndata: {"type":"start","id":"resp-1","model":"m-1"}\n\n' +
        'event: reasoning\ndata: {"type":"reasoning","text":"greet"}\n\n' +
        'event: content\ndata: {"type":"content","text":"Hi!\\nTwo lines \\"quoted\\""}\n\n' +
        'event: usage\ndata: {"type":"usage","usage":{"promptTokens":12,"completionTokens":5,"totalTokens":17}}\n\n' +
        'event: finish\ndata: {"type":"finish","finishReason":"stop"}\n\n',
    );
  });

  it('sends the fragments of tool calls as they come, then each whole call before finish', async () => {
    const { stream, controller } = drivenChatStream();
    const fragments: StreamEvent[] = [
      { type: 'start', id: 'r', model: 'm' },
      { type: 'tool_call_delta', index: 0, id: 'call_a', name: 'weather', argumentsDelta: '{"ci' },
      { type: 'tool_call_delta', index: 1, id: 'call_b', name: 'time', argumentsDelta: '{}' },
      { type: 'tool_call_delta', index: 0, argumentsDelta: 'ty":"Rome"}' },
      { type: 'finish', finishReason: 'tool_calls' },
    ];
    for (const event of fragments) controller.enqueue(event);
    controller.close();

    const text = await readText(toSSEStream(stream));

    const calls: ToolCall[] = [
      {
        id: 'call_a',
        type: 'function',
        function: { name: 'weather', arguments: '{"city":"Rome"}' },
      },
      { id: 'call_b', type: 'function', function: { name: 'time', arguments: '{}' } },
    ];
    expect(text).toBe(
      [
        ...fragments.slice(0, 4).map((event) => frame(event.type, event)),
        ...calls.map((toolCall) => frame('tool_call', { type: 'tool_call', toolCall })),
        frame('finish', { type: 'finish', finishReason: 'tool_calls' }),
      ].join(''),
    );
  });

  it('turns a failure into an error event with the code and a fixed message, then closes', async () => {
    const { stream, controller } = drivenChatStream();
    controller.enqueue({ type: 'content', text: 'Partial' });
    controller.error(
      new ProviderError({
        code: 'rate_limited',
        message: 'Rate limit reached for key sk-live-0123456789abcdef on org-secret',
        provider: 'driven',
        status: 429,
        retryable: true,
      }),
    );

    const text = await readText(toSSEStream(stream));

    expect(text).toBe(
      frame('content', { type: 'content', text: 'Partial' }) +
        frame('error', { type: 'error', code: 'rate_limited', message: 'The model call failed.' }),
    );
    expect(text).not.toContain('sk-live');
  });

  it('takes the error message from errorMessage, and falls back when it throws', async () => {
    const failing = () => {
      const { stream, controller } = drivenChatStream();
      controller.error(new AigoError('context_length_exceeded', 'The prompt is too long'));
      return stream;
    };

    const told = await readText(toSSEStream(failing(), { errorMessage: (error) => error.message }));
    const fallback = await readText(
      toSSEStream(failing(), {
        errorMessage: () => {
          throw new Error('broken formatter');
        },
      }),
    );

    expect(told).toBe(
      frame('error', {
        type: 'error',
        code: 'context_length_exceeded',
        message: 'The prompt is too long',
      }),
    );
    expect(fallback).toBe(
      frame('error', {
        type: 'error',
        code: 'context_length_exceeded',
        message: 'The model call failed.',
      }),
    );
  });

  it('stops the model call and sends an error event when an event cannot be serialised', async () => {
    const { stream, controller, cancelled } = drivenChatStream();
    controller.enqueue({ type: 'content', text: 'ok' });
    controller.enqueue({
      type: 'metadata',
      providerMetadata: { raw: 10n } as unknown as Record<string, never>,
    });
    controller.enqueue({ type: 'content', text: 'never sent' });

    const text = await readText(toSSEStream(stream));

    expect(text).toBe(
      frame('content', { type: 'content', text: 'ok' }) +
        frame('error', { type: 'error', code: 'stream_error', message: 'The model call failed.' }),
    );
    expect(AbortError.isInstance(await cancelled)).toBe(true);
  });

  it('cancels the model call when the reader cancels, with an AbortError saying why', async () => {
    const { stream, controller, cancelled } = drivenChatStream();
    controller.enqueue({ type: 'content', text: 'Once' });
    const reader = toSSEStream(stream).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(
      frame('content', { type: 'content', text: 'Once' }),
    );

    await reader.cancel(new Error('socket closed'));

    const reason = await cancelled;
    expect(AbortError.isInstance(reason)).toBe(true);
    expect((reason as AbortError).message).toMatch(/client disconnected or stopped reading/);
    expect(((reason as AbortError).cause as Error).message).toBe('socket closed');
    expect(stream.partial.content).toBe('Once');
  });

  it('sends a keep-alive comment while the stream is idle, and stops its timer at the end', async () => {
    vi.useFakeTimers();
    const { stream, controller } = drivenChatStream();
    const reader = toSSEStream(stream, { keepAliveMs: 15_000 }).getReader();
    const decode = (chunk: Uint8Array | undefined) => new TextDecoder().decode(chunk);

    const idle = reader.read();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(decode((await idle).value)).toBe(': keep-alive\n\n');

    controller.enqueue({ type: 'content', text: 'Hi' });
    expect(decode((await reader.read()).value)).toBe(
      frame('content', { type: 'content', text: 'Hi' }),
    );
    controller.close();
    expect(decode((await reader.read()).value)).toBe(
      frame('finish', { type: 'finish', finishReason: 'other' }),
    );
    expect((await reader.read()).done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('toSSEStream of an agent run', () => {
  const toolCall: ToolCall = {
    id: 'call_1',
    type: 'function',
    function: { name: 'weather', arguments: '{"city":"Paris"}' },
  };

  it('sends its events, then the run usage, then final_answer last', async () => {
    const events: AgentEvent<{ celsius: number }>[] = [
      { type: 'iteration_start', iteration: 1 },
      { type: 'tool_call', iteration: 1, toolCall },
      { type: 'tool_progress', iteration: 1, toolCall, progress: { progress: 1, total: 2 } },
      { type: 'tool_result', iteration: 1, toolCall, result: '{"celsius":18}', failed: false },
      { type: 'iteration_start', iteration: 2 },
      { type: 'content', iteration: 2, text: '{"celsius": 18}' },
      { type: 'final_answer', iteration: 2, content: '{"celsius": 18}', result: { celsius: 18 } },
    ];
    const { stream } = scriptedAgentStream(events, USAGE);

    const text = await readText(toSSEStream(stream));

    expect(text).toBe(
      [
        ...events.slice(0, 6).map((event) => frame(event.type, event)),
        frame('usage', { type: 'usage', usage: USAGE }),
        frame('final_answer', events[6]),
      ].join(''),
    );
  });

  it('sends partial_answer events as they come (the answer so far), final_answer last', async () => {
    type City = { name: string; sights: string[] };
    const events: AgentEvent<City>[] = [
      { type: 'iteration_start', iteration: 1 },
      { type: 'content', iteration: 1, text: '{"name": "Ro' },
      { type: 'partial_answer', iteration: 1, partial: { name: 'Ro' } },
      { type: 'content', iteration: 1, text: 'me", "sights": ["Forum"]}' },
      { type: 'partial_answer', iteration: 1, partial: { name: 'Rome', sights: ['Forum'] } },
      {
        type: 'final_answer',
        iteration: 1,
        content: '{"name": "Rome", "sights": ["Forum"]}',
        result: { name: 'Rome', sights: ['Forum'] },
      },
    ];
    const { stream } = scriptedAgentStream(events, USAGE);

    const text = await readText(toSSEStream(stream));

    expect(text).toBe(
      [
        ...events.slice(0, 5).map((event) => frame(event.type, event)),
        frame('usage', { type: 'usage', usage: USAGE }),
        frame('final_answer', events[5]),
      ].join(''),
    );
    expect(text).toContain(
      'event: partial_answer\ndata: {"type":"partial_answer","iteration":1,"partial":{"name":"Ro"}}\n\n',
    );
  });

  it('sends an error event with the code, stop reason and iteration, never the overview', async () => {
    const error = new AgentStoppedError(
      'max_iterations',
      'The agent "a" reached its maximum of 2 iterations',
      { secretPrompt: 'system prompt' },
    );
    const { stream } = scriptedAgentStream(
      [
        { type: 'iteration_start', iteration: 2 },
        { type: 'error', iteration: 2, error },
      ],
      USAGE,
    );

    const text = await readText(toSSEStream(stream));

    expect(text).toBe(
      frame('iteration_start', { type: 'iteration_start', iteration: 2 }) +
        frame('error', {
          type: 'error',
          code: 'agent_stopped',
          message: 'The agent run failed.',
          stopReason: 'max_iterations',
          iteration: 2,
        }),
    );
    expect(text).not.toContain('system prompt');
  });

  it("sends a third-party agent's error event whose error is not an AigoError as stream_error", async () => {
    const { stream } = scriptedAgentStream(
      [{ type: 'error', iteration: 1, error: new Error('db down') as never }],
      USAGE,
    );

    expect(await readText(toSSEStream(stream))).toBe(
      frame('error', {
        type: 'error',
        code: 'stream_error',
        message: 'The agent run failed.',
        iteration: 1,
      }),
    );
  });

  it('sends a steering_message with the user message that joined the run, before its iteration', async () => {
    const events: AgentEvent<string>[] = [
      {
        type: 'steering_message',
        iteration: 2,
        message: { role: 'user', content: 'Actually, make it Porto.' },
      },
      { type: 'iteration_start', iteration: 2 },
    ];
    const { stream } = scriptedAgentStream(events, USAGE);

    expect(await readText(toSSEStream(stream))).toBe(
      frame('steering_message', events[0]) + frame('iteration_start', events[1]),
    );
  });

  it('sends the requests of interaction_requested without the suspended run', async () => {
    const requests = [{ id: 'approve-1', kind: 'approval', toolCall }] as never;
    const { stream } = scriptedAgentStream(
      [
        {
          type: 'interaction_requested',
          iteration: 1,
          requests,
          suspended: { runId: 'run-1', messages: ['secret'] } as unknown as SuspendedRun,
        },
      ],
      USAGE,
    );

    const text = await readText(toSSEStream(stream));

    expect(text).toBe(
      frame('interaction_requested', { type: 'interaction_requested', iteration: 1, requests }),
    );
  });

  it('sends a sub-run event as agent_event, its nested error and interaction shown as at the top', async () => {
    const nested = (event: AgentEvent<unknown>): AgentEvent<string> => ({
      type: 'agent_event',
      iteration: 1,
      agent: 'writer',
      toolCallId: 'call-w',
      event: {
        type: 'agent_event',
        iteration: 1,
        agent: 'researcher',
        toolCallId: 'call-r',
        event,
      },
    });
    const { stream } = scriptedAgentStream(
      [
        nested({ type: 'content', iteration: 1, text: 'Searching' }),
        nested({
          type: 'interaction_requested',
          iteration: 1,
          requests: [],
          suspended: { runId: 'inner', state: { secret: 1 } } as unknown as SuspendedRun,
        }),
        nested({
          type: 'error',
          iteration: 2,
          error: new ProviderError({
            code: 'provider_error',
            provider: 'p',
            status: 500,
            message: 'secret body',
            retryable: true,
          }),
        }),
      ],
      USAGE,
    );

    const text = await readText(toSSEStream(stream));

    const wrap = (event: unknown) => ({
      type: 'agent_event',
      iteration: 1,
      agent: 'writer',
      toolCallId: 'call-w',
      event: {
        type: 'agent_event',
        iteration: 1,
        agent: 'researcher',
        toolCallId: 'call-r',
        event,
      },
    });
    expect(text).toBe(
      frame('agent_event', wrap({ type: 'content', iteration: 1, text: 'Searching' })) +
        frame('agent_event', wrap({ type: 'interaction_requested', iteration: 1, requests: [] })) +
        frame(
          'agent_event',
          wrap({
            type: 'error',
            code: 'provider_error',
            message: 'The agent run failed.',
            iteration: 2,
          }),
        ),
    );
    expect(text).not.toContain('secret');
  });

  it('ends the run when the reader cancels', async () => {
    const { stream, stopped } = scriptedAgentStream(
      [{ type: 'iteration_start', iteration: 1 }],
      USAGE,
      { hangAfter: true },
    );
    const reader = toSSEStream(stream).getReader();
    await reader.read();
    const waiting = reader.read();

    await reader.cancel();

    await stopped;
    expect((await waiting).done).toBe(true);
  });
});

describe('toSSEResponse', () => {
  it('is a text/event-stream response with no caching or buffering, init headers added', async () => {
    const response = toSSEResponse(
      ChatStream.fromResponse({
        id: 'r',
        model: 'm',
        content: 'Hi',
        toolCalls: [],
        finishReason: 'stop',
      }),
      { status: 201, headers: { 'x-request-id': 'abc', 'cache-control': 'no-store' } },
    );

    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('x-request-id')).toBe('abc');
    expect(await response.text()).toContain('event: finish\n');
  });

  it('refuses a status Response cannot have, naming init, before reading the stream', async () => {
    const stream = ChatStream.fromResponse({
      id: 'r',
      model: 'm',
      content: 'Still here',
      toolCalls: [],
      finishReason: 'stop',
    });

    expect(() => toSSEResponse(stream, { status: 204 })).toThrow(ValidationError);
    expect(() => toSSEResponse(stream, { status: 700 })).toThrow(/Invalid init/);
    expect((await stream.collect()).content).toBe('Still here');
  });
});

describe('argument checks', () => {
  it('names the argument at fault', () => {
    const stream = () =>
      ChatStream.fromResponse({
        id: 'r',
        model: 'm',
        content: '',
        toolCalls: [],
        finishReason: 'stop',
      });
    const argumentOf = (call: () => unknown) => {
      try {
        call();
      } catch (error) {
        return ValidationError.isInstance(error) ? error.argument : error;
      }
      return undefined;
    };

    expect(argumentOf(() => toSSEStream(null as never))).toBe('stream');
    expect(argumentOf(() => toSSEStream({} as never))).toBe('stream');
    expect(argumentOf(() => toSSEStream(stream(), { keepAliveMs: 0 }))).toBe('options.keepAliveMs');
    expect(argumentOf(() => toSSEStream(stream(), { errorMessage: 'x' as never }))).toBe(
      'options.errorMessage',
    );
    expect(argumentOf(() => toSSEResponse(stream(), 'init' as never))).toBe('init');
    expect(argumentOf(() => toSSEResponse(stream(), { headers: [['bad header', 'x']] }))).toBe(
      'init.headers',
    );
  });

  it('throws at the call when the stream already has a consumer', async () => {
    const stream = ChatStream.fromResponse({
      id: 'r',
      model: 'm',
      content: 'x',
      toolCalls: [],
      finishReason: 'stop',
    });
    for await (const _event of stream) break;

    expect(() => toSSEStream(stream)).toThrow(AigoError);
    expect(() => toSSEStream(stream)).toThrow(/single consumer/);
  });
});
