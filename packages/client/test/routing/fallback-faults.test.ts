// Fallback under faults injected by real HTTP servers on 127.0.0.1: a 429 with Retry-After, 503s,
// a connection closed before the answer, a stream stalled before and after its first event — and
// which entry each call's tokens and money are recorded under.
import { computeModelCost, RetryExhaustedError, TimeoutError, type Usage } from '@aigo/ai';
import { createRecordingObserver } from '@aigo/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/client/client.js';
import { retryMiddleware } from '../../src/middleware/retry-middleware.js';
import { timeoutMiddleware } from '../../src/middleware/timeout-middleware.js';
import { fallback } from '../../src/routing/fallback-provider.js';
import {
  ALPHA_PRICE,
  answer,
  answerEvents,
  BETA_PRICE,
  miniSse,
  type PricedProvider,
  pricedProvider,
} from '../support/test-priced-providers.js';

const ALPHA_USAGE: Usage = { promptTokens: 1200, completionTokens: 300, totalTokens: 1500 };
const BETA_USAGE: Usage = { promptTokens: 1000, completionTokens: 500, totalTokens: 1500 };
const overloaded = { status: 503, body: { error: { message: 'overloaded' } } };

let opened: PricedProvider[] = [];

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.map((provider) => provider.close()));
  opened = [];
});

async function pair(
  alphaRoutes: Parameters<typeof pricedProvider>[3],
  betaRoutes: Parameters<typeof pricedProvider>[3] = [
    { path: '/chat', body: answer('model-b', 'from beta', BETA_USAGE) },
  ],
): Promise<[PricedProvider, PricedProvider]> {
  const alpha = await pricedProvider('alpha', 'model-a', ALPHA_PRICE, alphaRoutes);
  const beta = await pricedProvider('beta', 'model-b', BETA_PRICE, betaRoutes);
  opened.push(alpha, beta);
  return [alpha, beta];
}

const entries = (alpha: PricedProvider, beta: PricedProvider) => [
  { provider: alpha, model: 'model-a' },
  { provider: beta, model: 'model-b' },
];

describe('fallback over real HTTP', () => {
  it('moves on from a 429 with Retry-After and prices the answer at the answering entry’s rates', async () => {
    const [alpha, beta] = await pair([
      { path: '/chat', status: 429, headers: { 'retry-after': '7' }, body: { error: {} } },
    ]);
    const client = createClient(fallback(entries(alpha, beta)), { maxRetries: 0 });
    const overview = client.createOverview();
    const response = await client.sendMessage('Hi', { overview });

    expect(response.content).toBe('from beta');
    expect(alpha.server.requests).toHaveLength(1);
    expect(
      beta.server.requests.map((request) => (request.body as { model: string }).model),
    ).toEqual(['model-b']);
    expect(overview.callAttempts).toEqual([
      {
        model: '',
        stream: false,
        attempts: 2,
        failures: [
          {
            attempt: 1,
            code: 'rate_limited',
            status: 429,
            retryAfterMs: 7000,
            entry: 'alpha:model-a',
          },
        ],
        succeeded: true,
        answeredBy: 'beta:model-b',
      },
    ]);
    const summary = overview.costSummary();
    const expected = computeModelCost(BETA_USAGE, BETA_PRICE).totalCost;
    expect(Object.keys(summary.byModel)).toEqual(['beta:model-b']);
    expect(summary.byModel['beta:model-b']).toMatchObject({
      requests: 1,
      promptTokens: 1000,
      completionTokens: 500,
      totalCost: expected,
      priceSources: [{ source: 'provider', provider: 'beta' }],
    });
    expect(summary.totalModelCost).toBe(0.02);
    expect(summary.complete).toBe(true);
  });

  it('runs the client’s retries per entry, then moves on: 503, 503, then the next entry', async () => {
    const [alpha, beta] = await pair([{ path: '/chat', ...overloaded }]);
    const client = createClient(fallback(entries(alpha, beta)), {
      middleware: [retryMiddleware({ maxRetries: 1, initialBackoffMs: 0, maxBackoffMs: 0 })],
    });
    const response = await client.sendMessage('Hi');
    expect(response.content).toBe('from beta');
    expect(alpha.server.requests).toHaveLength(2);
    expect(beta.server.requests).toHaveLength(1);
  });

  it('moves on from a connection closed before the answer', async () => {
    const [alpha, beta] = await pair([
      { path: '/chat', body: {}, fault: { kind: 'close-before-response' } },
    ]);
    const client = createClient(fallback(entries(alpha, beta)), { maxRetries: 0 });
    const overview = client.createOverview();
    await expect(client.sendMessage('Hi', { overview })).resolves.toMatchObject({
      content: 'from beta',
    });
    expect(overview.callAttempts[0]?.failures).toEqual([
      { attempt: 1, code: 'connection_error', entry: 'alpha:model-a' },
    ]);
    expect(beta.server.requests).toHaveLength(1);
  });

  it('does not move on from a 400: the request is at fault, not the entry', async () => {
    const [alpha, beta] = await pair([
      { path: '/chat', status: 400, body: { error: { message: 'bad' } } },
    ]);
    const client = createClient(fallback(entries(alpha, beta)), { maxRetries: 0 });
    await expect(client.sendMessage('Hi')).rejects.toMatchObject({ code: 'bad_request' });
    expect(beta.server.requests).toHaveLength(0);
  });

  it('rejects with every entry’s error when all fail', async () => {
    const [alpha, beta] = await pair(
      [{ path: '/chat', ...overloaded }],
      [{ path: '/chat', status: 429, body: { error: {} } }],
    );
    const client = createClient(fallback(entries(alpha, beta)), { maxRetries: 0 });
    const error = await client.sendMessage('Hi').catch((caught: unknown) => caught);
    expect(RetryExhaustedError.isInstance(error)).toBe(true);
    expect(
      (error as RetryExhaustedError).errors.map((each) => (each as { code: string }).code),
    ).toEqual(['overloaded', 'rate_limited']);
  });

  it('falls back from a stream stalled before its first event; spans say which attempt went where', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const [alpha, beta] = await pair(
      [
        {
          path: '/chat',
          sse: miniSse(answerEvents('model-a', 'from alpha', ALPHA_USAGE)).body,
          fault: { kind: 'stall', afterBytes: 0 },
        },
      ],
      [{ path: '/chat', sse: miniSse(answerEvents('model-b', 'from beta', BETA_USAGE)).body }],
    );
    const observer = createRecordingObserver();
    const client = createClient(fallback(entries(alpha, beta)), {
      maxRetries: 0,
      observer,
      // The total deadline starts with the call, before the request reaches the server.
      middleware: [timeoutMiddleware({ total: 5_000 })],
    });
    const overview = client.createOverview();
    const starting = client.streamMessage('Hi', { overview });
    await alpha.server.waitForRequests(1);
    await vi.advanceTimersByTimeAsync(5_000);
    const stream = await starting;
    const response = await stream.collect();
    expect(response.content).toBe('from beta');

    const summary = overview.costSummary();
    expect(Object.keys(summary.byModel)).toEqual(['beta:model-b']);
    expect(summary.byModel['beta:model-b']?.totalCost).toBe(
      computeModelCost(BETA_USAGE, BETA_PRICE).totalCost,
    );
    expect(overview.callAttempts[0]).toMatchObject({
      attempts: 2,
      failures: [{ attempt: 1, code: 'timeout', entry: 'alpha:model-a' }],
      answeredBy: 'beta:model-b',
    });

    const call = observer.spans.find((span) => span.name === 'fallback ');
    const attempts = observer.spans.filter((span) => span.name.startsWith('chat '));
    expect(attempts.map((span) => span.attributes)).toEqual([
      expect.objectContaining({
        'aigo.fallback.attempt': 1,
        'aigo.fallback.entry': 'alpha:model-a',
        'gen_ai.provider.name': 'alpha',
        'error.type': 'timeout',
      }),
      expect.objectContaining({
        'aigo.fallback.attempt': 2,
        'aigo.fallback.entry': 'beta:model-b',
        'gen_ai.provider.name': 'beta',
        'aigo.cost.model': 'beta:model-b',
        'aigo.cost.total': computeModelCost(BETA_USAGE, BETA_PRICE).totalCost,
      }),
    ]);
    expect(attempts.every((span) => span.parent === call)).toBe(true);
    expect(call?.events).toEqual([
      {
        name: 'aigo.fallback',
        attributes: {
          'aigo.fallback.entry': 'alpha:model-a',
          'aigo.fallback.attempt': 1,
          'error.type': 'timeout',
        },
      },
    ]);
    expect(call?.attributes).toMatchObject({
      'aigo.fallback.entry': 'beta:model-b',
      'aigo.fallback.attempts': 2,
    });
  });

  it('surfaces a stall after the first event, and counts the tokens the failed entry billed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { body } = miniSse(answerEvents('model-a', 'from alpha', ALPHA_USAGE));
    // The stall comes after the start and usage events.
    const cut = body.indexOf('data: {"type":"content"');
    const [alpha, beta] = await pair([
      { path: '/chat', sse: body, fault: { kind: 'stall', afterBytes: cut } },
    ]);
    const client = createClient(fallback(entries(alpha, beta)), {
      maxRetries: 0,
      middleware: [timeoutMiddleware({ total: 600_000, idle: 5_000 })],
    });
    const overview = client.createOverview();
    const stream = await client.streamMessage('Hi', { overview });
    const collected = stream.collect().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await collected;
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(beta.server.requests).toHaveLength(0);

    const summary = overview.costSummary();
    expect(summary.byModel['alpha:model-a']).toMatchObject({
      requests: 0,
      promptTokens: 1200,
      completionTokens: 300,
      totalCost: computeModelCost(ALPHA_USAGE, ALPHA_PRICE).totalCost,
    });
    expect(overview.callAttempts[0]).toMatchObject({
      succeeded: false,
      answeredBy: 'alpha:model-a',
      failures: [{ code: 'timeout', entry: 'alpha:model-a' }],
    });
  });
});
