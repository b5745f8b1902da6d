import { type ChatResponse, type ChatStream, type Observer, ParseError } from '@aigo/ai';

/** A streamed turn's part in its stream. */
export interface StreamTurn {
  /** Runs when the stream finished; returns the memory write, if any. */
  onFinish(response: ChatResponse): Promise<void> | undefined;
  /** Ends the turn (lets the next call on the memory go). */
  release(): void;
  readonly observer: Observer | undefined;
}

/**
 * Hooks a turn onto a stream: when it finishes, the turn is recorded and stored, and the memory is
 * released once the write is done; when it fails or is cancelled, nothing is stored and the memory
 * is released at once. `collect()` resolves only after the write, and rejects if it failed.
 */
export function persistWhenFinished(stream: ChatStream, turn: StreamTurn): ChatStream {
  let outcome: Promise<unknown> = Promise.resolve(undefined);
  stream.addHooks({
    onFinish(response) {
      let write: Promise<void> | undefined;
      try {
        write = turn.onFinish(response);
      } catch (error) {
        write = Promise.reject(error);
      }
      if (write === undefined) {
        turn.release();
        return;
      }
      outcome = write.then(
        () => {
          turn.release();
          return undefined;
        },
        (error: unknown) => {
          turn.release();
          // An answer a structured stream could not parse stored nothing: that is its `final`'s
          // error to report, not a failed write.
          if (ParseError.isInstance(error)) return { error };
          try {
            turn.observer?.warn('aigo client: storing a streamed turn failed', {
              'error.type': error instanceof Error ? error.name : typeof error,
            });
          } catch {
            // An observer that throws never breaks a call.
          }
          return { error };
        },
      );
    },
    onError() {
      turn.release();
    },
  });
  const collect = stream.collect.bind(stream);
  Object.defineProperty(stream, 'collect', {
    configurable: true,
    writable: true,
    value: () =>
      collect().then(async (response) => {
        const result = (await outcome) as { error: unknown } | undefined;
        if (result !== undefined) throw result.error;
        return response;
      }),
  });
  return stream;
}
