import type { ChatResponse } from '../chat/chat-response.js';
import type { Usage } from '../chat/usage.js';
import { AigoError } from './aigo-error.js';

/** Progress kept on an interrupted call. */
export interface InterruptionOptions {
  readonly cause?: unknown;
  readonly partial?: ChatResponse;
  readonly usage?: Usage;
}

/** The caller's signal aborted the call. `cause` is the signal's reason. */
export class AbortError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/AbortError');
  readonly partial: ChatResponse | undefined;
  readonly usage: Usage | undefined;

  constructor(message = 'The operation was aborted', options?: InterruptionOptions) {
    super('aborted', message, options);
    this.partial = options?.partial;
    this.usage = options?.usage;
  }

  /**
   * The AbortError for an aborted signal, with the signal's reason as `cause`. Anything that carries
   * an abort `reason` the way `AbortSignal` does is accepted.
   */
  static fromSignal(
    signal: Pick<AbortSignal, 'reason'>,
    options?: Omit<InterruptionOptions, 'cause'>,
  ): AigoError {
    const reason: unknown = signal.reason;
    // A timeout that aborted through a signal stays a TimeoutError.
    if (TimeoutError.isInstance(reason)) return reason;
    const detail =
      reason instanceof Error && reason.name !== 'AbortError' ? `: ${reason.message}` : '';
    return new AbortError(`The operation was aborted${detail}`, { ...options, cause: reason });
  }
}

/** A deadline passed before the call finished; the request was cancelled. */
export class TimeoutError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/TimeoutError');
  readonly timeoutMs: number | undefined;
  readonly partial: ChatResponse | undefined;
  readonly usage: Usage | undefined;

  constructor(message: string, options?: InterruptionOptions & { timeoutMs?: number }) {
    super('timeout', message, options);
    this.timeoutMs = options?.timeoutMs;
    this.partial = options?.partial;
    this.usage = options?.usage;
  }
}
