import { AssertionError } from 'node:assert';
import { inspect } from 'node:util';
import { ValidationError } from '@aigo/ai';

/**
 * Throws an `AssertionError` when `secret` (an API key, say) appears anywhere an error is shown:
 * its `message`, `stack`, own properties (a `body`), `String(error)` and `JSON.stringify(error)` —
 * the same for every error in its `cause` chain — and `util.inspect(error)` (what `console.log`
 * prints). The failure names the place, never the secret.
 */
export function assertNoSecretLeak(error: unknown, secret: string): void {
  if (typeof secret !== 'string' || secret.length < 4) {
    throw new ValidationError('secret', 'must be a string of at least 4 characters');
  }
  const seen = new Set<unknown>();
  let current: unknown = error;
  let path = 'error';
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    if (seen.has(current)) break;
    seen.add(current);
    for (const [place, text] of views(current)) {
      if (text.includes(secret)) {
        throw new AssertionError({
          message: `The secret (${mask(secret)}) appears in ${place.replace('error', path)}`,
        });
      }
    }
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
    path += '.cause';
  }
  // Last, what console.log would print of the whole chain (non-enumerable properties, nested causes).
  let printed = '';
  try {
    printed = inspect(error, { depth: 6 });
  } catch {
    // An object that cannot be inspected prints nothing.
  }
  if (printed.includes(secret)) {
    throw new AssertionError({
      message: `The secret (${mask(secret)}) appears in util.inspect(error)`,
    });
  }
}

function views(value: unknown): Array<[string, string]> {
  const result: Array<[string, string]> = [];
  const add = (place: string, read: () => unknown) => {
    try {
      const text = read();
      if (typeof text === 'string') result.push([place, text]);
    } catch {
      // A getter or toJSON that throws shows nothing.
    }
  };
  if (typeof value === 'object' && value !== null) {
    add('error.message', () => (value as { message?: unknown }).message);
    add('error.stack', () => (value as { stack?: unknown }).stack);
    for (const key of Object.keys(value)) {
      add(`error.${key}`, () => (value as Record<string, unknown>)[key]);
    }
  }
  add('String(error)', () => String(value));
  add('JSON.stringify(error)', () => JSON.stringify(value));
  return result;
}

function mask(secret: string): string {
  return `${secret.slice(0, 2)}…${secret.slice(-2)}`;
}
