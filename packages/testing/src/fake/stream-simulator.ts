import {
  ChatStream,
  type ChatStreamController,
  type ChatStreamSource,
  ProviderError,
  type StreamEvent,
  ValidationError,
} from '@aigo/ai';

/** Options of `streamFromEvents`. */
export interface StreamFromEventsOptions {
  /** Fail after this many events were delivered (0: before the first). */
  readonly errorAfter?: number;
  /**
   * The error the stream fails with. Default (when `errorAfter` is set): a non-retryable
   * `ProviderError` with code `stream_error`. Given without `errorAfter`, the stream fails after
   * its last event instead of finishing.
   */
  readonly error?: unknown;
  /** Aborting it cancels the stream (`AbortError`). */
  readonly signal?: AbortSignal;
  /** The provider id put on errors. Default `fake`. */
  readonly provider?: string;
}

/**
 * A `ChatStream` that replays `events`, one at a time as the consumer reads them (so a consumer
 * that breaks or aborts midway really stops it), optionally failing after `errorAfter` events. For
 * tests of code that consumes streams.
 */
export function streamFromEvents(
  events: readonly StreamEvent[],
  options: StreamFromEventsOptions = {},
): ChatStream {
  if (!Array.isArray(events))
    throw new ValidationError('events', 'must be an array of stream events');
  const { errorAfter } = options;
  if (errorAfter !== undefined && (!Number.isInteger(errorAfter) || errorAfter < 0)) {
    throw new ValidationError('options.errorAfter', 'must be a non-negative integer');
  }
  const provider = options.provider ?? 'fake';
  let failure: { afterEvents: number; error: unknown } | undefined;
  if (errorAfter !== undefined || options.error !== undefined) {
    failure = {
      afterEvents: Math.min(errorAfter ?? events.length, events.length),
      error:
        options.error ??
        new ProviderError({
          code: 'stream_error',
          message: `The simulated ${provider} stream failed after ${errorAfter} events`,
          provider,
          retryable: false,
        }),
    };
  }
  return new ChatStream(lockstepSource(events, failure), {
    provider,
    highWaterMark: 1,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
}

/**
 * A source that hands out one event each time the consumer wants one: with a high-water mark of 1,
 * the stream pulls the next event only when the previous one was read.
 */
export function lockstepSource(
  events: readonly StreamEvent[],
  failure?: { readonly afterEvents: number; readonly error: unknown },
): ChatStreamSource {
  let controller: ChatStreamController | undefined;
  let index = 0;
  let done = false;
  const pump = (): void => {
    while (!done && controller !== undefined && controller.desiredSize > 0) {
      if (failure !== undefined && index >= failure.afterEvents) {
        done = true;
        controller.error(failure.error);
        return;
      }
      if (index >= events.length) {
        done = true;
        controller.close();
        return;
      }
      controller.enqueue(events[index++] as StreamEvent);
    }
  };
  return {
    start(streamController) {
      controller = streamController;
      pump();
    },
    pull: pump,
    cancel() {
      done = true;
    },
  };
}

/** Options of `createStreamSimulator`. */
export interface StreamSimulatorOptions {
  readonly signal?: AbortSignal;
  /** The provider id put on errors. Default `fake`. */
  readonly provider?: string;
  /** Events queued before the stream reports back-pressure (`desiredSize` ≤ 0). Default 64. */
  readonly highWaterMark?: number;
}

/** A stream the test drives by hand. */
export interface StreamSimulator {
  /** The stream to hand to the code under test. */
  readonly stream: ChatStream;
  /** Adds events (ignored once the stream ended). */
  emit(...events: StreamEvent[]): void;
  /** Ends the stream normally. */
  close(): void;
  /** Fails the stream with `error` (non-`AigoError`s become a `ProviderError` with code `stream_error`). */
  fail(error: unknown): void;
  /** True once the consumer cancelled (broke out of its loop, aborted, or called `cancel()`). */
  readonly cancelled: boolean;
  /** Why the consumer cancelled (an `AbortError`), once it did. */
  readonly cancelReason: unknown;
  /** Resolves with the reason when the consumer cancels. */
  whenCancelled(): Promise<unknown>;
  /** How many more events the consumer wants before it is saturated. */
  readonly desiredSize: number;
  /** How many times the stream asked for more after back-pressure. */
  readonly pulls: number;
}

/**
 * A `ChatStream` whose events the test pushes by hand, and that reports whether and why the
 * consumer cancelled it — to check that breaking out of a loop or aborting reaches the source.
 */
export function createStreamSimulator(options: StreamSimulatorOptions = {}): StreamSimulator {
  // Undefined only when the signal was already aborted: the stream never starts its source.
  let controller: ChatStreamController | undefined;
  let cancelled = false;
  let cancelReason: unknown;
  let pulls = 0;
  let resolveCancelled!: (reason: unknown) => void;
  const cancelledPromise = new Promise<unknown>((resolve) => {
    resolveCancelled = resolve;
  });
  const stream = new ChatStream(
    {
      start(streamController) {
        controller = streamController;
      },
      pull() {
        pulls++;
      },
      cancel(reason) {
        cancelled = true;
        cancelReason = reason;
        resolveCancelled(reason);
      },
    },
    {
      provider: options.provider ?? 'fake',
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.highWaterMark === undefined ? {} : { highWaterMark: options.highWaterMark }),
    },
  );
  return {
    stream,
    emit(...events) {
      for (const event of events) controller?.enqueue(event);
    },
    close() {
      controller?.close();
    },
    fail(error) {
      controller?.error(error);
    },
    get cancelled() {
      return cancelled;
    },
    get cancelReason() {
      return cancelReason;
    },
    whenCancelled: () => cancelledPromise,
    get desiredSize() {
      return controller?.desiredSize ?? 0;
    },
    get pulls() {
      return pulls;
    },
  };
}
