import { throwIfAborted } from '../abort/throw-if-aborted.js';
import { ValidationError } from '../errors/validation-error.js';
import type { ContextReadOptions, SaveSummaryOptions, StoredSummary } from './context-memory.js';

/** The most messages a bounded read returns when the caller gives no bound. */
export const DEFAULT_MAX_CONTEXT_MESSAGES = 10_000;

/** `readContext` options, checked. */
export interface CheckedContextReadOptions {
  readonly maxTokens: number;
  readonly maxMessages: number;
  readonly signal: AbortSignal | undefined;
}

function isCount(value: unknown, min: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min;
}

/**
 * Checks the options of `readContext`, for memory implementations.
 *
 * @throws ValidationError naming `options`, `options.maxTokens`, `options.maxMessages` or
 *   `options.signal`.
 */
export function checkContextReadOptions(options: ContextReadOptions): CheckedContextReadOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object { maxTokens, maxMessages?, signal? }');
  }
  const { maxTokens, maxMessages = DEFAULT_MAX_CONTEXT_MESSAGES, signal } = options;
  if (!isCount(maxTokens, 1)) {
    throw new ValidationError(
      'options.maxTokens',
      `must be a positive integer, got ${String(maxTokens)}`,
    );
  }
  if (!isCount(maxMessages, 1)) {
    throw new ValidationError(
      'options.maxMessages',
      `must be a positive integer, got ${String(maxMessages)}`,
    );
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ValidationError('options.signal', 'must be an AbortSignal');
  }
  return { maxTokens, maxMessages, signal };
}

/**
 * Checks a summary to store, for memory implementations; returns a frozen copy.
 *
 * @throws ValidationError naming `summary` or its bad field.
 */
export function checkSummary(summary: StoredSummary): StoredSummary {
  if (summary === null || typeof summary !== 'object') {
    throw new ValidationError('summary', 'must be { text, through, tokens }');
  }
  const { text, through, tokens } = summary;
  if (typeof text !== 'string') throw new ValidationError('summary.text', 'must be a string');
  if (!isCount(through, 0)) {
    throw new ValidationError('summary.through', 'must be a non-negative integer');
  }
  if (!isCount(tokens, 0)) {
    throw new ValidationError('summary.tokens', 'must be a non-negative integer');
  }
  return Object.freeze({ text, through, tokens });
}

/**
 * Checks the arguments of `saveSummary`, for memory implementations: the summary (as
 * {@link checkSummary}, whose frozen copy it returns), the options object, and the signal (an
 * aborted one throws `AbortError` before anything is written).
 *
 * @throws ValidationError naming `summary`, its bad field or `options`; AbortError.
 */
export function checkSaveSummary(
  summary: StoredSummary,
  options: SaveSummaryOptions | undefined,
): StoredSummary {
  const checked = checkSummary(summary);
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  throwIfAborted(options?.signal);
  return checked;
}
