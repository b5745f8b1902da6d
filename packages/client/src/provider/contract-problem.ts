import { FINISH_REASONS } from '@aigo/ai';

/** A field that breaks a contract: where it is, what it holds, what it must be. */
export interface ContractProblem {
  readonly field: string;
  readonly value: unknown;
  readonly must: string;
}

/** A problem, made only when there is one (the checks allocate nothing on the happy path). */
export function problem(field: string, value: unknown, must: string): ContractProblem {
  return { field, value, must };
}

/** A non-null object that is not an array. */
export function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A token count: a finite number, not negative. */
export function isCount(value: unknown): boolean {
  return typeof value === 'number' && value >= 0 && Number.isFinite(value);
}

/** One of `FINISH_REASONS`. */
export function isFinishReason(value: unknown): boolean {
  switch (value) {
    case 'stop':
    case 'length':
    case 'tool_calls':
    case 'content_filter':
    case 'error':
    case 'other':
      return true;
    default:
      return false;
  }
}

/** What a finish reason must be, for messages. */
export const FINISH_REASON_RULE = `be one of ${FINISH_REASONS.map((reason) => `"${reason}"`).join(', ')}`;

/** The problem of a `Usage` value at `field`, if any. */
export function usageProblem(usage: unknown, field: string): ContractProblem | undefined {
  if (!isRecord(usage)) {
    return problem(
      field,
      usage,
      'be a Usage object ({ promptTokens, completionTokens, totalTokens })',
    );
  }
  if (!isCount(usage.promptTokens)) {
    return problem(`${field}.promptTokens`, usage.promptTokens, 'be a number of tokens (≥ 0)');
  }
  if (!isCount(usage.completionTokens)) {
    return problem(
      `${field}.completionTokens`,
      usage.completionTokens,
      'be a number of tokens (≥ 0)',
    );
  }
  if (!isCount(usage.totalTokens)) {
    return problem(`${field}.totalTokens`, usage.totalTokens, 'be a number of tokens (≥ 0)');
  }
  // Named reads, not a loop over keys, and the field's path made only on failure: this runs for
  // every usage event.
  return (
    optionalCount(usage.reasoningTokens, field, 'reasoningTokens') ??
    optionalCount(usage.cachedTokens, field, 'cachedTokens') ??
    optionalCount(usage.cacheWrite5mTokens, field, 'cacheWrite5mTokens') ??
    optionalCount(usage.cacheWrite1hTokens, field, 'cacheWrite1hTokens')
  );
}

function optionalCount(count: unknown, field: string, key: string): ContractProblem | undefined {
  if (count === undefined || isCount(count)) return undefined;
  return problem(
    `${field}.${key}`,
    count,
    'be a number of tokens (≥ 0), or be left out when the provider did not report it',
  );
}
