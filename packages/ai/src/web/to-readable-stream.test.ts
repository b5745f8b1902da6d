import { describe, expect, it } from 'vitest';
import {
  drivenChatStream,
  readAll,
  scriptedAgentStream,
} from '../../test/support/test-web-sources.js';
import type { AgentEvent } from '../agent/agent-event.js';
import type { ChatResponse } from '../chat/chat-response.js';
import { AgentStoppedError } from '../errors/higher-layer-errors.js';
import { AbortError } from '../errors/interruption-errors.js';
import { ProviderError } from '../errors/provider-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { ChatStream } from '../stream/chat-stream.js';
import type { StreamEvent } from '../stream/stream-event.js';
import { toReadableStream } from './to-readable-stream.js';
import { toTextResponse, toTextStream } from './to-text-stream.js';

const RESPONSE: ChatResponse = {
  id: 'resp-1',
  model: 'm-1',
  content: 'Hello there',
  reasoning: 'be kind',
  toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }],
  finishReason: 'tool_calls',
  usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 },
};
const USAGE = { promptTokens: 1, completionTokens: 2, totalTokens: 3 };

async function loop(stream: ChatStream): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('toReadableStream', () => {
  it('gives the events of a model stream, as the for-await loop does', async () => {
    const events = await readAll(toReadableStream(ChatStream.fromResponse(RESPONSE)));

    expect(events).toEqual(await loop(ChatStream.fromResponse(RESPONSE)));
    expect(events.at(-1)).toEqual({ type: 'finish', finishReason: 'tool_calls' });
  });

  it('errors with the AigoError the loop would throw, after the events before it', async () => {
    const { stream, controller } = drivenChatStream();
    const failure = new ProviderError({
      code: 'server_error',
      message: 'upstream 500',
      provider: 'driven',
      retryable: true,
    });
    controller.enqueue({ type: 'content', text: 'Par' });
    controller.error(failure);
    const reader = toReadableStream(stream).getReader();

    expect(await reader.read()).toEqual({ done: false, value: { type: 'content', text: 'Par' } });
    const error = await reader.read().then(
      () => undefined,
      (reason: unknown) => reason,
    );

    expect(ProviderError.isInstance(error)).toBe(true);
    expect((error as ProviderError).code).toBe('server_error');
    expect((error as ProviderError).partial?.content).toBe('Par');
  });

  it('gives an agent run its events, its error event included, and closes', async () => {
    const error = new AgentStoppedError('error', 'The tool broke', undefined);
    const events: AgentEvent<string>[] = [
      { type: 'iteration_start', iteration: 1 },
      { type: 'content', iteration: 1, text: 'Thinking' },
      { type: 'error', iteration: 1, error },
    ];

    const read = await readAll(toReadableStream(scriptedAgentStream(events, USAGE).stream));

    expect(read).toEqual(events);
    expect(read[2]).toMatchObject({ error });
  });

  it("gives an agent run's partial_answer events as they are", async () => {
    const events: AgentEvent<{ name: string }>[] = [
      { type: 'iteration_start', iteration: 1 },
      { type: 'partial_answer', iteration: 1, partial: {} },
      { type: 'partial_answer', iteration: 1, partial: { name: 'Ad' } },
      { type: 'final_answer', iteration: 1, content: '{"name":"Ada"}', result: { name: 'Ada' } },
    ];

    expect(await readAll(toReadableStream(scriptedAgentStream(events, USAGE).stream))).toEqual(
      events,
    );
  });

  it('cancels the model call when the reader cancels', async () => {
    const { stream, controller, cancelled } = drivenChatStream();
    controller.enqueue({ type: 'content', text: 'a' });
    const reader = toReadableStream(stream).getReader();
    await reader.read();

    await reader.cancel();

    expect(AbortError.isInstance(await cancelled)).toBe(true);
  });
});

describe('toTextStream', () => {
  it("gives only the answer's text of a model stream", async () => {
    const { stream, controller } = drivenChatStream();
    const events: StreamEvent[] = [
      { type: 'start', id: 'r', model: 'm' },
      { type: 'reasoning', text: 'hmm' },
      { type: 'content', text: 'Hello' },
      { type: 'content', text: '' },
      { type: 'usage', usage: USAGE },
      { type: 'content', text: ', world' },
      { type: 'finish', finishReason: 'stop' },
    ];
    for (const event of events) controller.enqueue(event);
    controller.close();

    // Queued deltas come joined (ChatStream's catch-up rule); the text is the same.
    expect((await readAll(toTextStream(stream))).join('')).toBe('Hello, world');
  });

  it("gives the agent's own text only: a sub-run's content and error (agent_event) are not the answer", async () => {
    const inner = new AgentStoppedError('max_iterations', 'The researcher gave up', undefined);
    const { stream } = scriptedAgentStream<string>(
      [
        { type: 'content', iteration: 1, text: 'Asking. ' },
        {
          type: 'agent_event',
          iteration: 1,
          agent: 'researcher',
          toolCallId: 'call-1',
          event: { type: 'content', iteration: 1, text: 'notes of the researcher' },
        },
        {
          type: 'agent_event',
          iteration: 1,
          agent: 'researcher',
          toolCallId: 'call-1',
          event: { type: 'error', iteration: 1, error: inner },
        },
        { type: 'content', iteration: 2, text: 'Done.' },
      ],
      USAGE,
    );

    expect((await readAll(toTextStream(stream))).join('')).toBe('Asking. Done.');
  });

  it("gives an agent's text of every iteration, and errors on its error event", async () => {
    const error = new AgentStoppedError('max_iterations', 'Too many iterations', undefined);
    const { stream } = scriptedAgentStream<string>(
      [
        { type: 'iteration_start', iteration: 1 },
        { type: 'content', iteration: 1, text: 'Let me look. ' },
        { type: 'iteration_start', iteration: 2 },
        { type: 'content', iteration: 2, text: 'Still looking.' },
        { type: 'error', iteration: 2, error },
      ],
      USAGE,
    );
    const reader = toTextStream(stream).getReader();

    expect((await reader.read()).value).toBe('Let me look. ');
    expect((await reader.read()).value).toBe('Still looking.');
    await expect(reader.read()).rejects.toBe(error);
  });

  it("leaves out an agent's partial_answer events: the text is the content fragments", async () => {
    const { stream } = scriptedAgentStream<{ name: string }>(
      [
        { type: 'iteration_start', iteration: 1 },
        { type: 'content', iteration: 1, text: '{"name": "Ad' },
        { type: 'partial_answer', iteration: 1, partial: { name: 'Ad' } },
        { type: 'content', iteration: 1, text: 'a"}' },
        { type: 'partial_answer', iteration: 1, partial: { name: 'Ada' } },
        { type: 'final_answer', iteration: 1, content: '{"name": "Ada"}', result: { name: 'Ada' } },
      ],
      USAGE,
    );

    expect((await readAll(toTextStream(stream))).join('')).toBe('{"name": "Ada"}');
  });

  it('ends the agent run when the reader cancels', async () => {
    const { stream, stopped } = scriptedAgentStream<string>(
      [{ type: 'content', iteration: 1, text: 'a' }],
      USAGE,
      { hangAfter: true },
    );
    const reader = toTextStream(stream).getReader();
    await reader.read();

    await reader.cancel();

    await stopped;
  });
});

describe('toTextResponse', () => {
  it('is a streamed text/plain UTF-8 response of the content', async () => {
    const response = toTextResponse(
      ChatStream.fromResponse({ ...RESPONSE, content: 'Ciao, è là' }),
      {
        headers: { 'x-run': '1' },
      },
    );

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-run')).toBe('1');
    expect(await response.text()).toBe('Ciao, è là');
  });

  it('fails the body when the model call fails, so the text is not taken for complete', async () => {
    const { stream, controller } = drivenChatStream();
    controller.enqueue({ type: 'content', text: 'Half' });
    controller.error(
      new ProviderError({ code: 'overloaded', message: 'busy', provider: 'x', retryable: true }),
    );

    await expect(toTextResponse(stream).text()).rejects.toMatchObject({ code: 'overloaded' });
  });

  it('names a bad argument', () => {
    const stream = ChatStream.fromResponse(RESPONSE);
    expect(() => toTextResponse(stream, 7 as never)).toThrow(ValidationError);
    expect(() => toTextStream(undefined as never)).toThrow(/Invalid stream/);
  });
});
