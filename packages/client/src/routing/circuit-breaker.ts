import { ValidationError } from '@aigo/ai';

/** Options of a fallback's circuit breaker. */
export interface CircuitBreakerOptions {
  /** Consecutive failures that open an entry's circuit. Default 3. */
  readonly failures?: number;
  /** How long an open circuit skips its entry before one trial call (half-open), in ms. Default 30 000. */
  readonly cooldownMs?: number;
}

/** The circuit breaker defaults: 3 failures in a row, 30 seconds of cooldown. */
export const DEFAULT_CIRCUIT_BREAKER: Required<CircuitBreakerOptions> = Object.freeze({
  failures: 3,
  cooldownMs: 30_000,
});

interface EntryState {
  failures: number;
  /** When the circuit opened (ms since the epoch); `undefined` while it is closed. */
  openedAt: number | undefined;
  /** A trial call is under way (half-open): other calls keep skipping the entry. */
  probing: boolean;
}

/**
 * The health of a fallback's entries: an entry that failed `failures` times in a row is skipped
 * until `cooldownMs` passed, then let through for one trial call (half-open) — closed again when it
 * succeeds, open for another cooldown when it fails. Time is `Date.now()`, so fake timers drive it.
 */
export class CircuitBreaker {
  readonly #threshold: number;
  readonly #cooldownMs: number;
  readonly #states: EntryState[];

  constructor(entries: number, options: Required<CircuitBreakerOptions>) {
    this.#threshold = options.failures;
    this.#cooldownMs = options.cooldownMs;
    this.#states = Array.from({ length: entries }, () => ({
      failures: 0,
      openedAt: undefined,
      probing: false,
    }));
  }

  /** Whether a call may go to entry `index` now (an open circuit past its cooldown: one trial). */
  admit(index: number): boolean {
    const state = this.#states[index] as EntryState;
    if (state.openedAt === undefined) return true;
    if (state.probing || Date.now() - state.openedAt < this.#cooldownMs) return false;
    state.probing = true;
    return true;
  }

  /** Milliseconds until entry `index` may be tried again (0 when it may be now). */
  waitMs(index: number): number {
    const state = this.#states[index] as EntryState;
    if (state.openedAt === undefined) return 0;
    return Math.max(0, state.openedAt + this.#cooldownMs - Date.now());
  }

  /** Whether entry `index`'s circuit is open (skipping it, or half-open for a trial). */
  isOpen(index: number): boolean {
    return (this.#states[index] as EntryState).openedAt !== undefined;
  }

  /** Entry `index` answered: its circuit closes. */
  succeeded(index: number): void {
    const state = this.#states[index] as EntryState;
    if (state.failures === 0 && state.openedAt === undefined) return;
    state.failures = 0;
    state.openedAt = undefined;
    state.probing = false;
  }

  /** Entry `index` failed in a way the fallback moves on from. */
  failed(index: number): void {
    const state = this.#states[index] as EntryState;
    state.failures++;
    if (state.probing || state.failures >= this.#threshold) state.openedAt = Date.now();
    state.probing = false;
  }

  /** The call to entry `index` ended without saying anything of its health (aborted, bad request). */
  released(index: number): void {
    (this.#states[index] as EntryState).probing = false;
  }
}

/**
 * Checks the `circuitBreaker` option and fills in its defaults; `false` turns the breaker off.
 *
 * @throws ValidationError naming the bad field.
 */
export function readCircuitBreaker(value: unknown): Required<CircuitBreakerOptions> | undefined {
  if (value === false) return undefined;
  if (value === undefined || value === true) return DEFAULT_CIRCUIT_BREAKER;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(
      'options.circuitBreaker',
      'must be { failures?, cooldownMs? } or false',
    );
  }
  for (const key of Object.keys(value)) {
    if (key !== 'failures' && key !== 'cooldownMs') {
      throw new ValidationError(`options.circuitBreaker.${key}`, 'is not an option');
    }
  }
  const { failures, cooldownMs } = value as CircuitBreakerOptions;
  if (failures !== undefined && (!Number.isSafeInteger(failures) || failures < 1)) {
    throw new ValidationError('options.circuitBreaker.failures', 'must be a positive integer');
  }
  if (
    cooldownMs !== undefined &&
    (typeof cooldownMs !== 'number' || !Number.isFinite(cooldownMs) || cooldownMs < 0)
  ) {
    throw new ValidationError(
      'options.circuitBreaker.cooldownMs',
      'must be a finite number of milliseconds ≥ 0',
    );
  }
  return Object.freeze({
    failures: failures ?? DEFAULT_CIRCUIT_BREAKER.failures,
    cooldownMs: cooldownMs ?? DEFAULT_CIRCUIT_BREAKER.cooldownMs,
  });
}
