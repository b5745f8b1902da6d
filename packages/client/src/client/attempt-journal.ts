import { type ChatStream, ProviderError } from '@aigo/ai';
import type { AttemptListener } from '../middleware/run-with-retries.js';
import { attemptErrorCode, type FailedAttempt } from '../overview/call-attempts.js';
import type { Overview } from '../overview/overview.js';

/**
 * The attempts of one model call, written into its overview when the call ends: a `send` when its
 * promise settles, a stream when it finishes or fails (or fails to start).
 */
export class AttemptJournal implements AttemptListener {
  readonly #overview: Overview;
  readonly #model: string;
  readonly #stream: boolean;
  readonly #failures: FailedAttempt[] = [];

  constructor(overview: Overview, model: string, stream: boolean) {
    this.#overview = overview;
    this.#model = model;
    this.#stream = stream;
  }

  /** Notes a failed attempt (called by the retry loop). */
  attemptFailed(error: unknown, delayMs: number | undefined): void {
    this.#failures.push(failedAttempt(this.#failures.length + 1, error, delayMs));
  }

  /** Records the call when `call` settles, and passes its outcome on. */
  settle<T>(call: Promise<T>): Promise<T> {
    return call.then(
      (value) => {
        this.#record(this.#failures.length + 1, true);
        return value;
      },
      (error: unknown) => {
        this.#record(this.#failures.length, false);
        throw error;
      },
    );
  }

  /**
   * Records a streaming call: at once when it failed to start; when it started, once the stream
   * finished, or failed or was cancelled (that failure is the last attempt's).
   */
  async settleStream(start: Promise<ChatStream>): Promise<ChatStream> {
    let stream: ChatStream;
    try {
      stream = await start;
    } catch (error) {
      this.#record(this.#failures.length, false);
      throw error;
    }
    const attempts = this.#failures.length + 1;
    return stream.addHooks({
      onFinish: () => this.#record(attempts, true),
      onError: (error) => {
        this.#failures.push(failedAttempt(attempts, error, undefined));
        this.#record(attempts, false);
      },
    });
  }

  #record(attempts: number, succeeded: boolean): void {
    this.#overview.recordAttempts(
      Object.freeze({
        model: this.#model,
        stream: this.#stream,
        // Every rejection follows a failed attempt, so this is at least 1 already; kept as a guard.
        attempts: Math.max(1, attempts),
        failures: Object.freeze(this.#failures),
        succeeded,
      }),
    );
  }
}

function failedAttempt(
  attempt: number,
  error: unknown,
  delayMs: number | undefined,
): FailedAttempt {
  const provider = ProviderError.isInstance(error) ? error : undefined;
  return Object.freeze({
    attempt,
    code: attemptErrorCode(error),
    ...(provider?.status === undefined ? {} : { status: provider.status }),
    ...(provider?.retryAfterMs === undefined ? {} : { retryAfterMs: provider.retryAfterMs }),
    ...(delayMs === undefined ? {} : { delayMs }),
  });
}
