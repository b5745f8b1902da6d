import { ProviderError } from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { fallback } from '../routing/fallback-provider.js';
import { createClient } from './client.js';

const filtered = () =>
  new ProviderError({
    provider: 'a',
    code: 'content_filter',
    status: 400,
    message: 'filtered',
    retryable: false,
  });

describe('a client over a fallback', () => {
  it('records a stream that failed before its first event with an error it does not move on from', async () => {
    const a = createFakeProvider({ id: 'a' }).error(filtered(), { afterEvents: 0 });
    const b = createFakeProvider({ id: 'b' }).text('never');
    const client = createClient(fallback([{ provider: a, model: 'x' }, b]), { defaultModel: 'm' });
    const overview = client.createOverview();
    await expect(client.streamMessage('Hi', { overview })).rejects.toMatchObject({
      code: 'content_filter',
    });
    expect(b.callCount).toBe(0);
    expect(overview.callAttempts).toEqual([
      {
        model: 'm',
        stream: true,
        attempts: 1,
        failures: [{ attempt: 1, code: 'content_filter', status: 400, entry: 'a:x' }],
        succeeded: false,
      },
    ]);
  });

  it('streams from the next entry when one fails before its first event, and records the route', async () => {
    const a = createFakeProvider({ id: 'a' }).error(
      new ProviderError({
        provider: 'a',
        code: 'overloaded',
        status: 529,
        message: 'busy',
        retryable: true,
      }),
      { afterEvents: 0 },
    );
    const b = createFakeProvider({ id: 'b' }).text('from b');
    const client = createClient(fallback([a, b]), { defaultModel: 'm', maxRetries: 0 });
    const overview = client.createOverview();
    const stream = await client.streamMessage('Hi', { overview });
    expect((await stream.collect()).content).toBe('from b');
    expect(overview.callAttempts[0]).toMatchObject({
      attempts: 2,
      failures: [{ code: 'overloaded', entry: 'a:m' }],
      answeredBy: 'b:m',
      succeeded: true,
    });
    expect(Object.keys(overview.costSummary().byModel)).toEqual(['b:m']);
  });
});
