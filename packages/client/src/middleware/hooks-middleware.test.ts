import { type ChatRequest, type ChatResponse, userMessage, ValidationError } from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { hooksMiddleware } from './hooks-middleware.js';
import { composeMiddleware } from './middleware.js';

const request: ChatRequest = { model: 'test-model', messages: [userMessage('Hello')] };

describe('hooksMiddleware', () => {
  it('lets onRequest rewrite the request and onResponse see the answer', async () => {
    const responses: ChatResponse[] = [];
    const provider = createFakeProvider().text('Hi');
    const { send } = composeMiddleware(provider, [
      hooksMiddleware({
        onRequest: (req) => ({ ...req, model: 'rewritten-model', temperature: 0 }),
        onResponse: (response) => {
          responses.push(response);
        },
      }),
    ]);
    const response = await send(request, {});
    expect(provider.lastRequest?.model).toBe('rewritten-model');
    expect(provider.lastRequest?.temperature).toBe(0);
    expect(responses).toEqual([response]);
  });

  it('keeps the request when onRequest returns nothing, and awaits an async onRequest', async () => {
    const seen: string[] = [];
    const provider = createFakeProvider().text('a').text('b');
    const { send: observeOnly } = composeMiddleware(provider, [
      hooksMiddleware({
        onRequest(req) {
          seen.push(req.model);
        },
      }),
    ]);
    await observeOnly(request, {});
    expect(provider.requests[0]).toBe(request);

    const { send: asyncRewrite } = composeMiddleware(provider, [
      hooksMiddleware({
        onRequest: async (req) => ({ ...req, systemPrompt: 'Added later' }),
      }),
    ]);
    await asyncRewrite(request, {});
    expect(provider.requests[1]?.systemPrompt).toBe('Added later');
    expect(seen).toEqual(['test-model']);
  });

  it('works on streams: rewritten request, onResponse with the collected response at finish', async () => {
    const responses: ChatResponse[] = [];
    const usage = { promptTokens: 2, completionTokens: 2, totalTokens: 4 };
    const provider = createFakeProvider().text('Streamed', { usage });
    const { stream } = composeMiddleware(provider, [
      hooksMiddleware({
        onRequest: (req) => ({ ...req, model: 'stream-model' }),
        onResponse: (response) => {
          responses.push(response);
        },
      }),
    ]);
    const started = await stream(request, {});
    expect(responses).toHaveLength(0);
    const collected = await started.collect();
    expect(provider.lastRequest?.model).toBe('stream-model');
    expect(responses).toEqual([collected]);
    expect(collected.usage).toEqual(usage);
  });

  it('fails the call when a hook throws', async () => {
    const provider = createFakeProvider().text('never');
    const { send } = composeMiddleware(provider, [
      hooksMiddleware({
        onRequest: () => {
          throw new Error('blocked by policy');
        },
      }),
    ]);
    await expect(send(request, {})).rejects.toThrow('blocked by policy');
    expect(provider.callCount).toBe(0);
  });

  it('validates its hooks', () => {
    expect(() => hooksMiddleware(null as never)).toThrow(ValidationError);
    expect(() => hooksMiddleware({ onRequest: 'x' as never })).toThrow(/hooks\.onRequest/);
    expect(() => hooksMiddleware({ onResponse: 1 as never })).toThrow(/hooks\.onResponse/);
  });
});
