import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import type { HostResolver } from './resolve-target.js';
import { pickSafeNetworkOptions } from './safe-network-options.js';

describe('pickSafeNetworkOptions', () => {
  it('keeps the three address-check settings that are set, and nothing else', () => {
    const lookup: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const picked = pickSafeNetworkOptions({
      allowPrivateNetwork: false,
      allowedPrivateHosts: ['wiki.internal'],
      lookup,
      name: 'WebFetch',
      timeoutSeconds: 3,
    } as never);
    expect(picked).toEqual({
      allowPrivateNetwork: false,
      allowedPrivateHosts: ['wiki.internal'],
      lookup,
    });
  });

  it('leaves unset settings out, so they do not override defaults as undefined', () => {
    const picked = pickSafeNetworkOptions({ allowPrivateNetwork: undefined, lookup: undefined });
    expect(picked).toEqual({});
    expect(Object.keys(picked)).toEqual([]);
    expect(pickSafeNetworkOptions(undefined)).toEqual({});
  });

  it('names options when it is not an object', () => {
    expect(() => pickSafeNetworkOptions(null as never)).toThrow(ValidationError);
    expect(() => pickSafeNetworkOptions('x' as never)).toThrow(/options/);
  });
});
