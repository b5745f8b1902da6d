import { SUSPENDED_RUN_FORMAT, type SuspendedRun, SuspendedRunError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { checkSigningKey, signSuspendedRun, verifySuspendedRun } from './sign-suspended-run.js';

const key = checkSigningKey('k'.repeat(32)) as Uint8Array;
const run: SuspendedRun = {
  format: SUSPENDED_RUN_FORMAT,
  version: 1,
  runId: 'r',
  agent: 'a',
  requests: [],
  state: { b: [1, { y: 2, x: 'é' }], a: null },
};

describe('canonical JSON and the signature', () => {
  it('sorts keys at every depth, drops undefined properties, keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { f: 1, e: undefined }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"f":1}]},"b":1}',
    );
    expect(canonicalJson({ b: 2, a: 1 })).toBe(canonicalJson({ a: 1, b: 2 }));
  });

  it('signs over the value without its signature; key order does not matter, any change does', () => {
    const signed = signSuspendedRun(key, run);
    expect(signed.signature).toMatch(/^hmac-sha256:[A-Za-z0-9_-]{43}$/);
    const reordered = JSON.parse(
      JSON.stringify({ signature: signed.signature, ...run, state: signed.state }),
    );
    expect(() => verifySuspendedRun(key, reordered)).not.toThrow();
    const changed = { ...signed, state: { ...signed.state, a: 0 } };
    expect(() => verifySuspendedRun(key, changed as never)).toThrow(SuspendedRunError);
    const other = checkSigningKey('o'.repeat(32)) as Uint8Array;
    expect(() => verifySuspendedRun(other, signed)).toThrow(/another key/);
    expect(() => verifySuspendedRun(key, { ...signed, signature: 'hmac-sha256:AAAA' })).toThrow(
      SuspendedRunError,
    );
    expect(() => verifySuspendedRun(key, run)).toThrow(/not signed/);
  });

  it('refuses keys that are too short or not bytes', () => {
    expect(() => checkSigningKey('short')).toThrow(
      expect.objectContaining({ argument: 'signingKey' }),
    );
    expect(() => checkSigningKey(42)).toThrow(expect.objectContaining({ argument: 'signingKey' }));
    expect(checkSigningKey(new Uint8Array(32))?.byteLength).toBe(32);
  });
});
