import type { AigoError } from '../errors/aigo-error.js';
import { AbortError } from '../errors/interruption-errors.js';
import { toStreamError } from './web-error.js';

/**
 * What the web functions read: an async iterable of events that may also be cancelled with a reason
 * (`ChatStream` and `ReActStream` can; any `AgentStream` works without).
 */
export interface WebStreamSource<E> extends AsyncIterable<E> {
  cancel?(reason?: unknown): void;
}

/** Where a mapper puts the chunks an event becomes. */
export interface ChunkSink<C> {
  enqueue(chunk: C): void;
}

/** How the events of a stream become the chunks of a web `ReadableStream`. */
export interface StreamMapper<E, C> {
  /** One event: enqueue zero or more chunks. Throwing fails the stream (through `error`). */
  event(event: E, out: ChunkSink<C>): void;
  /** The events ended normally: enqueue the last chunks (it may wait, for an agent's usage). */
  end?(out: ChunkSink<C>): void | Promise<void>;
  /**
   * The stream failed: enqueue a last chunk (an SSE `error` event) and return, and the web stream
   * closes; or throw, and the web stream errors with what was thrown.
   */
  error(error: AigoError, out: ChunkSink<C>): void;
}

/** Options of {@link iteratorStream}. */
export interface IteratorStreamOptions<C> {
  /** While no chunk was enqueued for `ms` milliseconds, enqueue `chunk()` (a fresh one each time). */
  readonly keepAlive?: { readonly ms: number; readonly chunk: () => C };
}

/**
 * A web `ReadableStream` over `source`: each `pull` reads events until one yields a chunk, so the
 * web stream's back-pressure reaches the source. Cancelling the web stream (a client that went away,
 * `reader.cancel()`) cancels the source with an `AbortError` and ends its iterator, which stops the
 * model call or the agent run. The iterator is taken at once, so a stream that already has a
 * consumer throws here, not later inside a server.
 */
export function iteratorStream<E, C>(
  source: WebStreamSource<E>,
  mapper: StreamMapper<E, C>,
  options: IteratorStreamOptions<C> = {},
): ReadableStream<C> {
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  /** Whether a chunk went out since the last keep-alive tick. */
  let wrote = false;
  let chunks = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let controller!: ReadableStreamDefaultController<C>;
  const out: ChunkSink<C> = {
    enqueue(chunk) {
      wrote = true;
      chunks++;
      controller.enqueue(chunk);
    },
  };
  const finish = (): void => {
    finished = true;
    if (timer !== undefined) clearInterval(timer);
  };
  const fail = (error: unknown): void => {
    finish();
    // Either enqueues an error event (and the stream closes) or throws (and the stream errors).
    mapper.error(toStreamError(error), out);
    controller.close();
  };

  return new ReadableStream<C>({
    start(c) {
      controller = c;
      const keepAlive = options.keepAlive;
      if (keepAlive !== undefined) {
        timer = setInterval(() => {
          if (!wrote && !finished) controller.enqueue(keepAlive.chunk());
          wrote = false;
        }, keepAlive.ms);
        // An idle stream must not keep the process alive on its own.
        (timer as { unref?: () => void }).unref?.();
      }
    },
    async pull() {
      try {
        const before = chunks;
        while (chunks === before) {
          let result: IteratorResult<E>;
          try {
            result = await iterator.next();
          } catch (error) {
            if (!finished) fail(error);
            return;
          }
          if (finished) return; // cancelled while waiting
          if (result.done) {
            await mapper.end?.(out);
            if (finished) return;
            finish();
            controller.close();
            return;
          }
          try {
            mapper.event(result.value, out);
          } catch (error) {
            // The event cannot be sent (or it says the stream failed): stop the source first.
            await Promise.resolve(iterator.return?.()).catch(() => undefined);
            if (!finished) fail(error);
            return;
          }
        }
      } catch (error) {
        // `mapper.error` threw: the web stream errors with it.
        finish();
        throw error;
      }
    },
    cancel(reason) {
      if (finished) return undefined;
      finish();
      const error = new AbortError(
        'The web stream was cancelled: the client disconnected or stopped reading',
        { cause: reason },
      );
      try {
        source.cancel?.(error);
      } catch {
        // The iterator's `return` below still stops it.
      }
      return Promise.resolve(iterator.return?.()).then(
        () => undefined,
        () => undefined,
      );
    },
  });
}
