import { ValidationError } from '../errors/validation-error.js';
import type { MemoryWriteOptions } from './memory.js';

/** The longest `turnId` a memory must accept, in UTF-16 code units (a UUID has 36). */
export const MAX_TURN_ID_LENGTH = 256;

/** Memory write options, checked: absent fields are `undefined`. */
export interface CheckedMemoryWriteOptions {
  readonly signal: AbortSignal | undefined;
  readonly expectedVersion: number | undefined;
  readonly turnId: string | undefined;
  readonly tokenCounts: readonly number[] | undefined;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const NONE: CheckedMemoryWriteOptions = {
  signal: undefined,
  expectedVersion: undefined,
  turnId: undefined,
  tokenCounts: undefined,
};

/**
 * Checks the options of a memory write (`appendMessages`, `appendMessage`, `clear`), for memory
 * implementations: `expectedVersion` a non-negative safe integer, `turnId` a non-empty string of at
 * most {@link MAX_TURN_ID_LENGTH} UTF-16 units without NUL characters or lone surrogates (text a
 * database column can hold, so that an id always names the same turn), `tokenCounts` an array of
 * non-negative integers.
 *
 * @throws ValidationError naming the bad option (`options.turnId`).
 */
export function checkMemoryWriteOptions(
  options: MemoryWriteOptions | undefined,
): CheckedMemoryWriteOptions {
  if (options === undefined) return NONE;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
  const { signal, expectedVersion, turnId, tokenCounts } = options;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ValidationError('options.signal', 'must be an AbortSignal');
  }
  if (
    expectedVersion !== undefined &&
    (typeof expectedVersion !== 'number' ||
      !Number.isSafeInteger(expectedVersion) ||
      expectedVersion < 0)
  ) {
    throw new ValidationError(
      'options.expectedVersion',
      `must be a version that readVersioned() returned (a non-negative integer), got ${String(expectedVersion)}`,
    );
  }
  if (turnId !== undefined) {
    if (typeof turnId !== 'string' || turnId === '' || turnId.length > MAX_TURN_ID_LENGTH) {
      throw new ValidationError(
        'options.turnId',
        `must be a non-empty string of at most ${MAX_TURN_ID_LENGTH} characters`,
      );
    }
    if (UNSTORABLE.test(turnId)) {
      throw new ValidationError(
        'options.turnId',
        'must not contain NUL characters or lone surrogates',
      );
    }
  }
  if (
    tokenCounts !== undefined &&
    (!Array.isArray(tokenCounts) ||
      !tokenCounts.every((count) => Number.isSafeInteger(count) && (count as number) >= 0))
  ) {
    throw new ValidationError(
      'options.tokenCounts',
      'must be an array of non-negative integers (one per message)',
    );
  }
  return { signal, expectedVersion, turnId, tokenCounts };
}
