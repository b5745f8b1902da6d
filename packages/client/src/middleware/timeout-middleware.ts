import {
  AbortError,
  type CallOptions,
  type ChatResponse,
  type ChatStream,
  TimeoutError,
  ValidationError,
} from '@aigo/ai';
import type { Middleware } from './middleware.js';

/** Options of {@link timeoutMiddleware}. Durations in milliseconds. */
export interface TimeoutConfig {
  /**
   * The deadline of a whole call: a `sendMessage` until it resolves; a stream from the request
   * until its last event.
   */
  readonly total: number;
  /**
   * Streams only: the longest gap allowed between two events (and before the first one, counted
   * from the moment the stream started).
   */
  readonly idle?: number;
}

/**
 * Deadlines for model calls. The inner call gets its own `AbortSignal` (linked to the caller's);
 * when a deadline passes, the middleware aborts it — which aborts the HTTP request — and the call
 * rejects with `TimeoutError` (`timeoutMs` says which limit). A stream that runs out of time is
 * cancelled, so its consumer's next read rejects with the `TimeoutError` (carrying the partial
 * response). Timers are cleared as soon as the call or stream ends, however it ends.
 *
 * Placed inside `retryMiddleware` the limits apply to each attempt (and a timed-out attempt is
 * retried); placed outside, to the call as a whole.
 *
 * @throws ValidationError when `total` or `idle` is not a positive finite number.
 */
export function timeoutMiddleware(config: TimeoutConfig): Middleware {
  if (config === null || typeof config !== 'object') {
    throw new ValidationError('config', 'must be an object with a total timeout in ms');
  }
  const total = positive(config.total, 'config.total');
  const idle = config.idle === undefined ? undefined : positive(config.idle, 'config.idle');

  return {
    name: 'timeout',
    send(request, options, next) {
      const parent = options.signal;
      if (parent?.aborted) return Promise.reject(AbortError.fromSignal(parent));
      const controller = new AbortController();
      return new Promise<ChatResponse>((resolve, reject) => {
        const onParentAbort = (): void => {
          const parentSignal = parent as AbortSignal;
          controller.abort(parentSignal.reason);
          finish();
          reject(AbortError.fromSignal(parentSignal));
        };
        const timer = setTimeout(() => {
          const error = new TimeoutError(`The model call did not finish within ${total} ms`, {
            timeoutMs: total,
          });
          finish();
          controller.abort(error);
          reject(error);
        }, total);
        const finish = (): void => {
          clearTimeout(timer);
          parent?.removeEventListener('abort', onParentAbort);
        };
        parent?.addEventListener('abort', onParentAbort, { once: true });
        callInner(() => next(request, withSignal(options, controller.signal))).then(
          (response) => {
            finish();
            resolve(response);
          },
          (error: unknown) => {
            finish();
            reject(error);
          },
        );
      });
    },
    stream(request, options, next) {
      const parent = options.signal;
      if (parent?.aborted) return Promise.reject(AbortError.fromSignal(parent));
      const controller = new AbortController();
      let stream: ChatStream | undefined;
      let ended = false;
      let idleTimer: ReturnType<typeof setTimeout> | undefined;
      let rejectStart: ((error: unknown) => void) | undefined;

      const finish = (): void => {
        if (ended) return;
        ended = true;
        clearTimeout(totalTimer);
        if (idleTimer !== undefined) clearTimeout(idleTimer);
        parent?.removeEventListener('abort', onParentAbort);
      };
      const stop = (error: unknown): void => {
        finish();
        // Cancel the stream first so its consumer sees this error, then abort the request.
        stream?.cancel(error);
        controller.abort(error);
        rejectStart?.(error);
      };
      const onParentAbort = (): void => {
        stop(AbortError.fromSignal(parent as AbortSignal));
      };
      const totalTimer = setTimeout(() => {
        stop(
          new TimeoutError(`The stream did not finish within ${total} ms`, { timeoutMs: total }),
        );
      }, total);
      parent?.addEventListener('abort', onParentAbort, { once: true });

      return new Promise<ChatStream>((resolve, reject) => {
        rejectStart = reject;
        callInner(() => next(request, withSignal(options, controller.signal))).then(
          (started) => {
            rejectStart = undefined;
            if (ended) {
              // The deadline passed (or the caller aborted) while the stream was starting.
              started.cancel(controller.signal.reason);
              return;
            }
            stream = started;
            if (idle !== undefined) {
              idleTimer = setTimeout(() => {
                stop(
                  new TimeoutError(`The stream sent no event for ${idle} ms`, { timeoutMs: idle }),
                );
              }, idle);
              const timer = idleTimer;
              started.addHooks({
                onEvent: () => {
                  timer.refresh();
                },
                onFinish: finish,
                onError: finish,
              });
            } else {
              started.addHooks({ onFinish: finish, onError: finish });
            }
            resolve(started);
          },
          (error: unknown) => {
            rejectStart = undefined;
            finish();
            reject(error);
          },
        );
      });
    },
  };
}

function withSignal(options: CallOptions, signal: AbortSignal): CallOptions {
  return { ...options, signal };
}

/** Runs `call`, turning a synchronous throw into a rejection. */
function callInner<T>(call: () => Promise<T>): Promise<T> {
  try {
    return call();
  } catch (error) {
    return Promise.reject(error);
  }
}

function positive(value: number, argument: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ValidationError(argument, 'must be a positive number of milliseconds');
  }
  return value;
}
