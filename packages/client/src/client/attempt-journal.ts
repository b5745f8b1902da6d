import { type ChatStream, ProviderError } from '@aigo/ai';
import type { AttemptListener } from '../middleware/run-with-retries.js';
import { attemptErrorCode, type FailedAttempt } from '../overview/call-attempts.js';
import type { Overview } from '../overview/overview.js';

const NO_FAILURES: readonly FailedAttempt[] = Object.freeze([]);

/**
 * The attempts of one model call, written into its overview when the call ends: a `send` when the
 * retry loop is done, a stream when it failed to start, or else when it finished or failed (or was
 * cancelled).
 */
export class AttemptJournal implements AttemptListener {
  readonly #overview: Overview;
  readonly #model: string;
  readonly #stream: boolean;
  #failures: FailedAttempt[] | undefined;

  constructor(overview: Overview, model: string, stream: boolean) {
    this.#overview = overview;
    this.#model = model;
    this.#stream = stream;
  }

  attemptFailed(error: unknown, delayMs: number | undefined): void {
    this.#add(error, delayMs);
  }

  succeeded(value: unknown): void {
    const attempts = (this.#failures?.length ?? 0) + 1;
    if (!this.#stream) {
      this.#record(attempts, true);
      return;
    }
    (value as ChatStream).addHooks({
      onFinish: () => this.#record(attempts, true),
      onError: (error) => {
        // The attempt that started the stream failed after all: it is the last failure.
        this.#add(error, undefined);
        this.#record(attempts, false);
      },
    });
  }

  failed(): void {
    // Every rejection follows a failed attempt, so this is at least 1; kept as a guard.
    this.#record(Math.max(1, this.#failures?.length ?? 0), false);
  }

  #add(error: unknown, delayMs: number | undefined): void {
    if (this.#failures === undefined) this.#failures = [];
    this.#failures.push(failedAttempt(this.#failures.length + 1, error, delayMs));
  }

  #record(attempts: number, succeeded: boolean): void {
    const failures = this.#failures;
    this.#overview.recordAttempts({
      model: this.#model,
      stream: this.#stream,
      attempts,
      failures: failures === undefined ? NO_FAILURES : Object.freeze(failures),
      succeeded,
    });
  }
}

function failedAttempt(
  attempt: number,
  error: unknown,
  delayMs: number | undefined,
): FailedAttempt {
  const provider = ProviderError.isInstance(error) ? error : undefined;
  return {
    attempt,
    code: attemptErrorCode(error),
    ...(provider?.status === undefined ? {} : { status: provider.status }),
    ...(provider?.retryAfterMs === undefined ? {} : { retryAfterMs: provider.retryAfterMs }),
    ...(delayMs === undefined ? {} : { delayMs }),
  };
}
