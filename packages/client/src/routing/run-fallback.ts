import { AbortError, ProviderError, RetryExhaustedError, ValidationError } from '@aigo/ai';
import type { CircuitBreaker } from './circuit-breaker.js';
import type { RouteEntry } from './route-entry.js';

/** What a fallback decides with: its entries, their circuit breaker and which errors move on. */
export interface FallbackPlan {
  readonly entries: readonly RouteEntry[];
  /** `undefined` when the breaker is off. */
  readonly breaker: CircuitBreaker | undefined;
  readonly retryOn: (error: unknown) => boolean;
}

/** Hears how a fallback call goes, entry by entry. Its methods must not throw. */
export interface FallbackListener {
  /** `entry` was skipped: its circuit is open. */
  skipped?(entry: RouteEntry): void;
  /** `entry` (the call's `attempt`-th try) failed with an error the fallback moves on from. */
  entryFailed?(entry: RouteEntry, attempt: number, error: unknown): void;
}

/** The outcome of a fallback call: the value, the entry that gave it, and which try that was. */
export interface Routed<T> {
  readonly value: T;
  readonly entry: RouteEntry;
  /** 1 when the first entry tried answered. */
  readonly attempt: number;
}

/** Calls one entry: the call's `attempt`-th try. */
export type EntryCall<T> = (entry: RouteEntry, attempt: number) => Promise<T>;

/**
 * The fallback loop: tries the entries in order, skipping those whose circuit is open, and moves on
 * from an entry whose error `plan.retryOn` accepts; any other error, an abort, or an error once
 * `signal` aborted is thrown at once, as is.
 *
 * @throws RetryExhaustedError with every tried entry's error (oldest first) when all of them failed.
 * @throws ProviderError (`provider_error`, retryable, `retryAfterMs` until the first circuit
 * half-opens) when every entry was skipped.
 * @throws ValidationError naming `options.retryOn` when it throws.
 */
export async function runFallback<T>(
  plan: FallbackPlan,
  call: EntryCall<T>,
  signal: AbortSignal | undefined,
  listener?: FallbackListener,
): Promise<Routed<T>> {
  const breaker = plan.breaker;
  let errors: unknown[] | undefined;
  let attempt = 0;
  for (const entry of plan.entries) {
    if (breaker !== undefined && !breaker.admit(entry.index)) {
      listener?.skipped?.(entry);
      continue;
    }
    attempt++;
    try {
      const value = await call(entry, attempt);
      breaker?.succeeded(entry.index);
      return { value, entry, attempt };
    } catch (error) {
      if (signal?.aborted === true || AbortError.isInstance(error)) {
        breaker?.released(entry.index);
        throw error;
      }
      let accepted: boolean;
      try {
        accepted = plan.retryOn(error) === true;
      } catch (thrown) {
        breaker?.released(entry.index);
        const detail = thrown instanceof Error ? thrown.message : String(thrown);
        throw new ValidationError(
          'options.retryOn',
          `threw on the error of entry "${entry.label}": ${detail}`,
          { cause: thrown },
        );
      }
      if (!accepted) {
        breaker?.released(entry.index);
        throw error;
      }
      breaker?.failed(entry.index);
      errors ??= [];
      errors.push(error);
      listener?.entryFailed?.(entry, attempt, error);
    }
  }
  if (errors !== undefined) throw new RetryExhaustedError(errors);
  throw allOpen(plan);
}

function allOpen(plan: FallbackPlan): ProviderError {
  let waitMs = Number.POSITIVE_INFINITY;
  for (const entry of plan.entries)
    waitMs = Math.min(waitMs, plan.breaker?.waitMs(entry.index) ?? 0);
  const labels = plan.entries.map((entry) => entry.label).join(', ');
  return new ProviderError({
    provider: 'fallback',
    code: 'provider_error',
    message: `Every fallback entry is skipped, its circuit open after repeated failures (${labels}); the first is tried again in ${Math.ceil(waitMs)} ms`,
    retryable: true,
    retryAfterMs: Math.ceil(waitMs),
  });
}
