import { type ChatStream, ProviderError } from '@aigo/ai';
import type { AttemptListener } from '../middleware/run-with-retries.js';
import { billedUsage } from '../overview/billed-usage.js';
import { attemptErrorCode, type FailedAttempt } from '../overview/call-attempts.js';
import type { CallRoute } from '../overview/call-route.js';
import type { Overview } from '../overview/overview.js';

const NO_FAILURES: readonly FailedAttempt[] = Object.freeze([]);

/**
 * The attempts of one model call, written into its overview when the call ends: a `send` when the
 * retry loop is done, a stream when it failed to start, or else when it finished or failed (or was
 * cancelled). A failed attempt whose error carries usage was billed: its tokens are recorded too.
 */
export class AttemptJournal implements AttemptListener {
  readonly #overview: Overview;
  readonly #model: string;
  readonly #stream: boolean;
  #failures: FailedAttempt[] | undefined;
  #answeredBy: CallRoute | undefined;

  constructor(overview: Overview, model: string, stream: boolean) {
    this.#overview = overview;
    this.#model = model;
    this.#stream = stream;
  }

  attemptFailed(error: unknown, delayMs: number | undefined, route?: CallRoute): void {
    this.#add(error, delayMs, route);
  }

  /** The call resolved: `answeredBy` is the fallback entry that answered, for a routed call. */
  succeeded(value: unknown, answeredBy?: CallRoute): void {
    this.#answeredBy = answeredBy;
    const attempts = (this.#failures?.length ?? 0) + 1;
    if (!this.#stream) {
      this.#record(attempts, true);
      return;
    }
    (value as ChatStream).addHooks({
      onFinish: () => this.#record(attempts, true),
      onError: (error) => {
        // The attempt that started the stream failed after all: it is the last failure.
        this.#add(error, undefined, this.#answeredBy);
        this.#record(attempts, false);
      },
    });
  }

  failed(): void {
    // Every rejection follows a failed attempt, so this is at least 1; kept as a guard.
    this.#record(Math.max(1, this.#failures?.length ?? 0), false);
  }

  #add(error: unknown, delayMs: number | undefined, route: CallRoute | undefined): void {
    if (this.#failures === undefined) this.#failures = [];
    this.#failures.push(failedAttempt(this.#failures.length + 1, error, delayMs, route?.key));
    const usage = billedUsage(error);
    if (usage !== undefined) this.#overview.recordBilledAttempt(this.#model, usage, route);
  }

  #record(attempts: number, succeeded: boolean): void {
    const failures = this.#failures;
    this.#overview.recordAttempts({
      model: this.#model,
      stream: this.#stream,
      attempts,
      failures: failures === undefined ? NO_FAILURES : Object.freeze(failures),
      succeeded,
      ...(this.#answeredBy === undefined ? {} : { answeredBy: this.#answeredBy.key }),
    });
  }
}

function failedAttempt(
  attempt: number,
  error: unknown,
  delayMs: number | undefined,
  entry: string | undefined,
): FailedAttempt {
  const provider = ProviderError.isInstance(error) ? error : undefined;
  return {
    attempt,
    code: attemptErrorCode(error),
    ...(provider?.status === undefined ? {} : { status: provider.status }),
    ...(provider?.retryAfterMs === undefined ? {} : { retryAfterMs: provider.retryAfterMs }),
    ...(delayMs === undefined ? {} : { delayMs }),
    ...(entry === undefined ? {} : { entry }),
  };
}
