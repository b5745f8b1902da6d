import { createHmac, timingSafeEqual } from 'node:crypto';
import { type SuspendedRun, SuspendedRunError, ValidationError } from '@aigo/ai';
import { canonicalJson } from './canonical-json.js';

const PREFIX = 'hmac-sha256:';
const MIN_KEY_BYTES = 32;

/** A signing key, checked: at least 32 bytes (a string is taken as UTF-8). */
export function checkSigningKey(key: unknown): Uint8Array | undefined {
  if (key === undefined) return undefined;
  const bytes =
    typeof key === 'string'
      ? new TextEncoder().encode(key)
      : key instanceof Uint8Array
        ? key
        : undefined;
  if (bytes === undefined) {
    throw new ValidationError('signingKey', 'must be a string or a Uint8Array');
  }
  if (bytes.byteLength < MIN_KEY_BYTES) {
    throw new ValidationError('signingKey', `must have at least ${MIN_KEY_BYTES} bytes`);
  }
  return Uint8Array.from(bytes);
}

function mac(key: Uint8Array, run: Omit<SuspendedRun, 'signature'>): Buffer {
  const { signature: _signature, ...unsigned } = run as SuspendedRun;
  return createHmac('sha256', key).update(canonicalJson(unsigned)).digest();
}

/** `run` with its signature: HMAC-SHA256 over the canonical JSON of everything but `signature`. */
export function signSuspendedRun(
  key: Uint8Array,
  run: Omit<SuspendedRun, 'signature'>,
): SuspendedRun {
  return { ...run, signature: PREFIX + mac(key, run).toString('base64url') };
}

/**
 * @throws SuspendedRunError (`signature`) unless `run` carries a signature made with `key` over
 *   exactly this value.
 */
export function verifySuspendedRun(key: Uint8Array, run: SuspendedRun): void {
  const signature = run.signature;
  if (typeof signature !== 'string' || !signature.startsWith(PREFIX)) {
    throw new SuspendedRunError(
      'signature',
      'The suspended run is not signed, and this agent has a signingKey: it resumes only runs it signed',
      { runId: run.runId },
    );
  }
  const given = Buffer.from(signature.slice(PREFIX.length), 'base64url');
  const expected = mac(key, run);
  if (given.byteLength !== expected.byteLength || !timingSafeEqual(given, expected)) {
    throw new SuspendedRunError(
      'signature',
      'The suspended run’s signature does not match: it was changed after it was signed, or signed with another key',
      { runId: run.runId },
    );
  }
}
