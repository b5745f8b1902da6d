import { ValidationError } from '@aigo/ai';

/** One failed attempt of a model call. */
export interface FailedAttempt {
  /** Which attempt of its call failed: 1 for the first. */
  readonly attempt: number;
  /**
   * The error's code: an aigo error's `code` (`rate_limited`, `server_error`, `timeout`,
   * `connection_error`…), else the error's name.
   */
  readonly code: string;
  /** The HTTP status, when the provider answered with one. */
  readonly status?: number;
  /** The wait the provider asked for (`Retry-After`), in milliseconds, when it asked for one. */
  readonly retryAfterMs?: number;
  /** How long the client waited before the next attempt, in milliseconds; absent when none followed. */
  readonly delayMs?: number;
  /** The fallback entry the attempt went to (`openai:gpt-4o`), for a call through `fallback`. */
  readonly entry?: string;
}

/** The attempts of one model call (a `sendMessage`, or the start of a stream and how it ended). */
export interface CallAttempts {
  /** The model the call asked for. */
  readonly model: string;
  /** True for a streaming call. */
  readonly stream: boolean;
  /** How many times the request was sent: 1 when the first attempt succeeded. */
  readonly attempts: number;
  /**
   * Each failed attempt, oldest first. For a stream that started and then failed (or was cancelled),
   * the last entry is that failure.
   */
  readonly failures: readonly FailedAttempt[];
  /** Whether the call ended with a complete answer. */
  readonly succeeded: boolean;
  /** The fallback entry that answered (`anthropic:claude-haiku-4-5`), for a call through `fallback`. */
  readonly answeredBy?: string;
}

/** The attempts recorded into one overview, call by call. */
export class AttemptLog {
  readonly #calls: CallAttempts[] = [];
  #total = 0;

  /** @throws ValidationError naming the first malformed field of `call`. */
  record(call: CallAttempts): void {
    checkCallAttempts(call);
    this.#calls.push(call);
    this.#total += call.attempts;
  }

  /** Adds another log's calls after this one's. */
  merge(other: AttemptLog): void {
    this.#calls.push(...other.#calls);
    this.#total += other.#total;
  }

  /** Every request sent, retries included. */
  get total(): number {
    return this.#total;
  }

  /** The calls, in the order they ended (a live, read-only view). */
  get calls(): readonly CallAttempts[] {
    return this.#calls;
  }
}

/** The code an attempt's error is recorded with: an aigo `code`, else the error's name. */
export function attemptErrorCode(error: unknown): string {
  if (error !== null && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    if (error instanceof Error) return error.name;
  }
  return 'unknown';
}

function checkCallAttempts(call: CallAttempts): void {
  if (call === null || typeof call !== 'object') {
    throw new ValidationError('call', 'must be an object ({ model, stream, attempts, failures })');
  }
  if (typeof call.model !== 'string') throw new ValidationError('call.model', 'must be a string');
  if (typeof call.stream !== 'boolean') {
    throw new ValidationError('call.stream', 'must be a boolean');
  }
  if (typeof call.succeeded !== 'boolean') {
    throw new ValidationError('call.succeeded', 'must be a boolean');
  }
  if (!Number.isInteger(call.attempts) || call.attempts < 1) {
    throw new ValidationError('call.attempts', 'must be a positive integer');
  }
  if (!Array.isArray(call.failures)) {
    throw new ValidationError('call.failures', 'must be an array');
  }
  if (call.failures.length > call.attempts) {
    throw new ValidationError('call.failures', 'cannot hold more entries than call.attempts');
  }
  for (let index = 0; index < call.failures.length; index++) {
    const failure = call.failures[index] as FailedAttempt;
    const argument = `call.failures[${index}]`;
    if (failure === null || typeof failure !== 'object') {
      throw new ValidationError(argument, 'must be an object ({ attempt, code })');
    }
    if (typeof failure.code !== 'string' || failure.code === '') {
      throw new ValidationError(`${argument}.code`, 'must be a non-empty string');
    }
    if (!Number.isInteger(failure.attempt) || failure.attempt < 1) {
      throw new ValidationError(`${argument}.attempt`, 'must be a positive integer');
    }
  }
}
