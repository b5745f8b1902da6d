import { describe, expect, it } from 'vitest';
import { deferred } from './deferred.js';

describe('deferred', () => {
  it('resolves when the test says so', async () => {
    const gate = deferred<string>();
    let settled = false;
    void gate.promise.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    gate.resolve('done');
    await expect(gate.promise).resolves.toBe('done');
    expect(settled).toBe(true);
  });

  it('rejects when the test says so', async () => {
    const gate = deferred();
    const failure = new Error('no');
    gate.reject(failure);
    await expect(gate.promise).rejects.toBe(failure);
  });
});
