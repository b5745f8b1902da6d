import { ProviderError, TimeoutError, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { attemptErrorCode, type CallAttempts } from './call-attempts.js';
import { Overview } from './overview.js';

const retried: CallAttempts = {
  model: 'model-a',
  stream: false,
  attempts: 3,
  failures: [
    { attempt: 1, code: 'rate_limited', status: 429, retryAfterMs: 2_000, delayMs: 2_000 },
    { attempt: 2, code: 'overloaded', status: 503, delayMs: 730 },
  ],
  succeeded: true,
};
const once: CallAttempts = {
  model: 'model-b',
  stream: true,
  attempts: 1,
  failures: [],
  succeeded: true,
};

describe('Overview attempts', () => {
  it('counts every attempt and keeps each call, in order', () => {
    const overview = new Overview();
    expect(overview.attempts).toBe(0);
    expect(overview.callAttempts).toEqual([]);
    overview.recordAttempts(retried);
    overview.recordAttempts(once);
    expect(overview.attempts).toBe(4);
    expect(overview.callAttempts).toEqual([retried, once]);
  });

  it('merges another overview’s attempts after its own', () => {
    const graph = new Overview();
    const node = new Overview();
    graph.recordAttempts(once);
    node.recordAttempts(retried);
    graph.merge(node);
    expect(graph.attempts).toBe(4);
    expect(graph.callAttempts.map((call) => call.model)).toEqual(['model-b', 'model-a']);
    expect(node.attempts).toBe(3);
  });

  it('puts the attempts in toJSON', () => {
    const overview = new Overview();
    overview.recordAttempts(retried);
    const json = JSON.parse(JSON.stringify(overview));
    expect(json.attempts).toBe(3);
    expect(json.callAttempts).toEqual([retried]);
  });

  it('refuses a malformed record, naming the field', () => {
    const overview = new Overview();
    const bad: Array<[unknown, string]> = [
      [null, 'call'],
      [{ ...once, model: 1 }, 'call.model'],
      [{ ...once, stream: 'yes' }, 'call.stream'],
      [{ ...once, succeeded: undefined }, 'call.succeeded'],
      [{ ...once, attempts: 0 }, 'call.attempts'],
      [{ ...once, failures: 'none' }, 'call.failures'],
      [
        {
          ...once,
          failures: [
            { attempt: 1, code: 'x' },
            { attempt: 2, code: 'y' },
          ],
        },
        'call.failures',
      ],
      [{ ...retried, failures: [{ attempt: 1, code: '' }] }, 'call.failures[0].code'],
      [{ ...retried, failures: [{ attempt: 0, code: 'x' }] }, 'call.failures[0].attempt'],
    ];
    for (const [record, argument] of bad) {
      const error = (() => {
        try {
          overview.recordAttempts(record as CallAttempts);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(ValidationError.isInstance(error)).toBe(true);
      expect((error as ValidationError).argument).toBe(argument);
    }
    expect(overview.attempts).toBe(0);
  });
});

describe('attemptErrorCode', () => {
  it('is the aigo code, else the error name, else unknown', () => {
    const rateLimited = new ProviderError({
      code: 'rate_limited',
      message: 'slow down',
      provider: 'p',
      retryable: true,
    });
    expect(attemptErrorCode(rateLimited)).toBe('rate_limited');
    expect(attemptErrorCode(new TimeoutError('slow', { timeoutMs: 5 }))).toBe('timeout');
    expect(attemptErrorCode(new TypeError('fetch failed'))).toBe('TypeError');
    expect(attemptErrorCode('a string')).toBe('unknown');
  });
});
