import {
  type ChatRequest,
  type ChatResponse,
  type Provider,
  type StreamEvent,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { composeMiddleware, type Middleware } from './middleware.js';

const request: ChatRequest = { model: 'test-model', messages: [userMessage('Hello')] };

/** A middleware that notes when it is entered and left, on both paths. */
function tracer(name: string, trace: string[]): Middleware {
  return {
    name,
    async send(req, options, next) {
      trace.push(`${name}>`);
      const response = await next(req, options);
      trace.push(`<${name}`);
      return response;
    },
    async stream(req, options, next) {
      trace.push(`${name}>`);
      const stream = await next(req, options);
      trace.push(`<${name}`);
      return stream.addHooks({ onFinish: () => trace.push(`${name}:finish`) });
    },
  };
}

async function readAll(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('composeMiddleware', () => {
  it('runs the first middleware outermost on send', async () => {
    const trace: string[] = [];
    const provider = createFakeProvider().text('Hi');
    const { send } = composeMiddleware(provider, [tracer('a', trace), tracer('b', trace)]);
    const response = await send(request, {});
    expect(response.content).toBe('Hi');
    expect(trace).toEqual(['a>', 'b>', '<b', '<a']);
  });

  it('composes stream middleware around streamMessage, passing every event through to finish', async () => {
    const trace: string[] = [];
    const usage = { promptTokens: 5, completionTokens: 2, totalTokens: 7 };
    const provider = createFakeProvider().text('Hello there', { usage });
    const { stream } = composeMiddleware(provider, [tracer('a', trace), tracer('b', trace)]);
    const events = await readAll(await stream(request, {}));
    expect(provider.calls[0]?.kind).toBe('stream');
    expect(trace).toEqual(['a>', 'b>', '<b', '<a', 'b:finish', 'a:finish']);
    expect(events.at(-1)?.type).toBe('finish');
    expect(events.filter((event) => event.type === 'usage')).toEqual([{ type: 'usage', usage }]);
    const text = events.map((event) => (event.type === 'content' ? event.text : '')).join('');
    expect(text).toBe('Hello there');
  });

  it('gives a provider without streaming a stream replayed from sendMessage', async () => {
    const answer: ChatResponse = {
      id: 'r1',
      model: 'test-model',
      content: 'Plain',
      toolCalls: [],
      finishReason: 'stop',
      usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
    };
    const sent: ChatRequest[] = [];
    const provider: Provider = {
      id: 'plain',
      sendMessage: async (req) => {
        sent.push(req);
        return answer;
      },
    };
    const trace: string[] = [];
    const { stream } = composeMiddleware(provider, [tracer('a', trace)]);
    const started = await stream(request, {});
    expect(await started.collect()).toEqual(answer);
    expect(sent).toEqual([request]);
    expect(trace).toEqual(['a>', '<a', 'a:finish']);
  });

  it('skips a middleware on the path it does not implement', async () => {
    const trace: string[] = [];
    const sendOnly: Middleware = {
      name: 'send-only',
      send: (req, options, next) => {
        trace.push('send-only');
        return next(req, options);
      },
    };
    const provider = createFakeProvider().text('one').text('two');
    const { send, stream } = composeMiddleware(provider, [sendOnly]);
    await send(request, {});
    await (await stream(request, {})).collect();
    expect(trace).toEqual(['send-only']);
  });

  it('passes options down, so a middleware can change them', async () => {
    const provider = createFakeProvider().text('ok');
    const headerSetter: Middleware = {
      name: 'headers',
      send: (req, options, next) => next(req, { ...options, headers: { 'x-trace': '1' } }),
    };
    await composeMiddleware(provider, [headerSetter]).send(request, {});
    expect(provider.calls[0]?.options?.headers).toEqual({ 'x-trace': '1' });
  });

  it('rejects invalid arguments with ValidationError naming them', () => {
    const provider = createFakeProvider();
    expect(() => composeMiddleware({} as Provider, [])).toThrow(ValidationError);
    expect(() => composeMiddleware(provider, {} as Middleware[])).toThrow(/middleware/);
    expect(() => composeMiddleware(provider, [{ name: '' }])).toThrow(/middleware\[0\]\.name/);
    expect(() =>
      composeMiddleware(provider, [{ name: 'x', send: 1 } as unknown as Middleware]),
    ).toThrow(/middleware\[0\]\.send/);
  });
});
