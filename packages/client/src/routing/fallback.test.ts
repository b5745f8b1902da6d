import {
  type ChatRequest,
  ProviderError,
  TimeoutError,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFallbackError } from './fallback-errors.js';
import { fallback } from './fallback-provider.js';
import { createRegistry } from './model-registry.js';

const request: ChatRequest = { model: 'm', messages: [userMessage('Hi')] };
const unavailable = () =>
  new ProviderError({
    provider: 'a',
    code: 'server_error',
    status: 503,
    message: 'down',
    retryable: true,
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('fallback', () => {
  it('answers from the first healthy entry, with that entry’s model', async () => {
    const a = createFakeProvider({ id: 'a' }).error(unavailable());
    const b = createFakeProvider({ id: 'b' }).text('from b');
    const provider = fallback([a, { provider: b, model: 'b-model' }]);
    const response = await provider.sendMessage(request);
    expect(response.content).toBe('from b');
    expect(a.lastRequest?.model).toBe('m');
    expect(b.lastRequest?.model).toBe('b-model');
  });

  it('streams: moves on before the first event, never after it', async () => {
    const a = createFakeProvider({ id: 'a' }).error(unavailable());
    const b = createFakeProvider({ id: 'b' }).error(unavailable(), { afterEvents: 1 });
    const c = createFakeProvider({ id: 'c' }).text('never');
    const provider = fallback([a, b, c]);
    const stream = await provider.streamMessage(request);
    await expect(stream.collect()).rejects.toMatchObject({ code: 'server_error' });
    expect(c.callCount).toBe(0);
  });

  it('opens an entry’s circuit after N failures in a row, keeps it open, then half-opens once', async () => {
    vi.useFakeTimers();
    const a = createFakeProvider({ id: 'a' }).default(unavailable());
    const b = createFakeProvider({ id: 'b' }).default('from b');
    const provider = fallback([a, b], { circuitBreaker: { failures: 2, cooldownMs: 1_000 } });
    await provider.sendMessage(request);
    await provider.sendMessage(request);
    expect(a.callCount).toBe(2);
    // Open: a is skipped, even just before the cooldown ends.
    await provider.sendMessage(request);
    vi.advanceTimersByTime(999);
    await provider.sendMessage(request);
    expect(a.callCount).toBe(2);
    expect(b.callCount).toBe(4);
    // Half-open: one trial, which fails, so the circuit opens for another cooldown.
    vi.advanceTimersByTime(1);
    await provider.sendMessage(request);
    expect(a.callCount).toBe(3);
    await provider.sendMessage(request);
    expect(a.callCount).toBe(3);
    // The next trial succeeds: closed again, a answers every call.
    vi.advanceTimersByTime(1_000);
    a.default('a is back');
    expect((await provider.sendMessage(request)).content).toBe('a is back');
    expect((await provider.sendMessage(request)).content).toBe('a is back');
    expect(a.callCount).toBe(5);
  });

  it('lets one trial through while half-open; concurrent calls keep skipping the entry', async () => {
    vi.useFakeTimers();
    const a = createFakeProvider({ id: 'a' }).error(unavailable()).default('a is back');
    const b = createFakeProvider({ id: 'b' }).default('from b');
    const provider = fallback([a, b], { circuitBreaker: { failures: 1, cooldownMs: 10 } });
    await provider.sendMessage(request);
    vi.advanceTimersByTime(10);
    const answers = await Promise.all([
      provider.sendMessage(request),
      provider.sendMessage(request),
    ]);
    expect(answers.map((answer) => answer.content)).toEqual(['a is back', 'from b']);
  });

  it('rejects with a retryable provider error when every circuit is open', async () => {
    vi.useFakeTimers();
    const a = createFakeProvider({ id: 'a' }).default(unavailable());
    const provider = fallback([a], { circuitBreaker: { failures: 1, cooldownMs: 5_000 } });
    await expect(provider.sendMessage(request)).rejects.toMatchObject({ code: 'retry_exhausted' });
    vi.advanceTimersByTime(2_000);
    const error = await provider.sendMessage(request).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'provider_error', retryable: true, retryAfterMs: 3_000 });
  });

  it('never moves on from an abort', async () => {
    const controller = new AbortController();
    const a = createFakeProvider({ id: 'a' }).onRequest(() => {
      controller.abort();
      throw unavailable();
    });
    const b = createFakeProvider({ id: 'b' }).text('no');
    await expect(
      fallback([a, b]).sendMessage(request, { signal: controller.signal }),
    ).rejects.toBeDefined();
    expect(b.callCount).toBe(0);
  });

  it('names what is wrong with its input', async () => {
    const a = createFakeProvider({ id: 'a' });
    const cases: [() => unknown, string, RegExp][] = [
      [() => fallback([]), 'entries', /non-empty/],
      [() => fallback(['fast']), 'entries[0]', /registry/],
      [() => fallback([a, 42 as never]), 'entries[1]', /provider/],
      [() => fallback([{ provider: a, model: '' }]), 'entries[0].model', /non-empty/],
      [
        () => fallback([{ provider: a, modle: 'x' } as never]),
        'entries[0].modle',
        /not an entry option/,
      ],
      [() => fallback([a], { retries: 2 } as never), 'options.retries', /not an option/],
      [
        () => fallback([a], { circuitBreaker: { failures: 0 } }),
        'options.circuitBreaker.failures',
        /positive/,
      ],
      [
        () =>
          fallback(['fast', 'nope:x'], {
            registry: createRegistry({ providers: { a }, aliases: { fast: 'a:m' } }),
          }),
        'entries[1]',
        /unknown provider "nope"/,
      ],
    ];
    for (const [make, argument, message] of cases) {
      const error = (() => {
        try {
          make();
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(ValidationError.isInstance(error), argument).toBe(true);
      expect((error as ValidationError).argument).toBe(argument);
      expect((error as ValidationError).message).toMatch(message);
    }
  });

  it('reports a retryOn that throws as a ValidationError naming the entry', async () => {
    const a = createFakeProvider({ id: 'a' }).error(unavailable());
    const provider = fallback([{ provider: a, model: 'x' }, a], {
      retryOn: () => {
        throw new Error('boom');
      },
    });
    const error = await provider.sendMessage(request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).argument).toBe('options.retryOn');
    expect((error as ValidationError).message).toContain('"a:x"');
  });

  it('routes prices by `<provider id>:<model>` and takes the tightest limits of its entries', () => {
    const a = Object.assign(createFakeProvider({ id: 'a' }), {
      modelCost: (model: string) =>
        model === 'm' ? { inputCostPerMillion: 1, outputCostPerMillion: 1 } : undefined,
      modelLimits: () => ({ contextWindow: 8_000, maxOutputTokens: 4_000 }),
    });
    const b = Object.assign(createFakeProvider({ id: 'b' }), {
      modelCost: (model: string) =>
        model === 'm' ? { inputCostPerMillion: 9, outputCostPerMillion: 9 } : undefined,
      modelLimits: () => ({ contextWindow: 200_000 }),
    });
    const provider = fallback([a, b]);
    expect(provider.modelCost('b:m')?.inputCostPerMillion).toBe(9);
    expect(provider.modelCost('m')?.inputCostPerMillion).toBe(1);
    expect(provider.modelLimits('m')).toEqual({ contextWindow: 8_000, maxOutputTokens: 4_000 });
  });
});

describe('isFallbackError', () => {
  it('moves on from rate limits, overloads, 5xx, timeouts and connection failures only', () => {
    const error = (code: ProviderError['code'], retryable: boolean) =>
      new ProviderError({ provider: 'p', code, message: code, retryable });
    expect(isFallbackError(error('rate_limited', true))).toBe(true);
    expect(isFallbackError(error('overloaded', true))).toBe(true);
    expect(isFallbackError(error('connection_error', true))).toBe(true);
    expect(isFallbackError(new TimeoutError('slow'))).toBe(true);
    expect(isFallbackError(error('invalid_api_key', false))).toBe(false);
    expect(isFallbackError(error('bad_request', false))).toBe(false);
    expect(isFallbackError(error('content_filter', false))).toBe(false);
    expect(isFallbackError(new ValidationError('x', 'bad'))).toBe(false);
  });
});
