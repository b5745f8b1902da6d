import type { ChatResponse } from '../chat/chat-response.js';
import { AigoError } from '../errors/aigo-error.js';
import { AbortError } from '../errors/interruption-errors.js';
import { ValidationError } from '../errors/validation-error.js';
import { attachProgress } from './attach-progress.js';
import type { ChatStreamHooks } from './chat-stream-hooks.js';
import type { ChatStreamOptions } from './chat-stream-options.js';
import type { ChatStreamController, ChatStreamSource } from './chat-stream-source.js';
import { ResponseAccumulator } from './response-accumulator.js';
import { responseToEvents } from './response-to-events.js';
import type { FinishEvent, StreamEvent } from './stream-event.js';
import { isTextDelta, type TextDelta } from './text-delta.js';

type State = 'open' | 'closed' | 'errored';
type Consumer = 'none' | 'iterator' | 'collect';

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

/**
 * A model's answer as it arrives: an `AsyncIterable<StreamEvent>` over a queue, plus `collect()`.
 *
 * - Single consumer: iterate it once, or call `collect()` once (calling `collect()` after the loop
 *   finished returns the same response).
 * - `finish` is always the last event; errors reject the iterator with an `AigoError` whose `partial`
 *   is the response accumulated so far.
 * - Breaking out of `for await`, aborting the signal or calling `cancel()` cancels the source
 *   (and with it the HTTP request) at once, exactly once.
 * - A consumer that keeps up gets every event as it arrives. One that falls behind gets the
 *   `content`, `reasoning` or `refusal` deltas queued back to back joined into one event of that
 *   type at its next read: the same text in the same order, without one promise per token while
 *   it catches up. A `usage` event behind such text comes right after it, and only the latest of
 *   several (usage is a running total). Other events are never joined and keep their place. Hooks
 *   (`addHooks`) see every event as the provider sent it.
 */
export class ChatStream implements AsyncIterable<StreamEvent> {
  readonly #source: ChatStreamSource;
  readonly #provider: string;
  readonly #highWaterMark: number;
  readonly #accumulator = new ResponseAccumulator();
  readonly #queue: StreamEvent[] = [];
  /** How many of the source's events each queue entry holds (joined text deltas hold several). */
  readonly #counts: number[] = [];
  #head = 0;
  /** The source's events queued and not read yet: what back-pressure counts. */
  #pending = 0;
  /** Whether the last queue entry is a text event this stream made by joining (it may grow). */
  #ownTail = false;
  /** A usage event that goes right after the growing text entry at the tail (a later one replaces it). */
  #heldUsage: StreamEvent | undefined;
  /** How many of the source's usage events {@link ChatStream.#heldUsage} stands for. */
  #heldUsageCount = 0;
  #state: State = 'open';
  #consumer: Consumer = 'none';
  #error: AigoError | undefined;
  #errorDelivered = false;
  #started = false;
  #heldFinish: FinishEvent | undefined;
  #paused = false;
  #sourceDone = false;
  #hooks: ChatStreamHooks[] = [];
  #waiter: { resolve(r: IteratorResult<StreamEvent>): void; reject(e: unknown): void } | undefined;
  #collectPromise: Promise<ChatResponse> | undefined;
  #collectSettle: { resolve(r: ChatResponse): void; reject(e: unknown): void } | undefined;
  #response: ChatResponse | undefined;
  #signal: AbortSignal | undefined;
  #onAbort: (() => void) | undefined;

  constructor(source: ChatStreamSource, options: ChatStreamOptions = {}) {
    if (source === null || typeof source !== 'object' || typeof source.start !== 'function') {
      throw new ValidationError('source', 'must be an object with a start(controller) method');
    }
    this.#source = source;
    this.#provider = options.provider ?? 'unknown';
    this.#highWaterMark = options.highWaterMark ?? 64;
    const signal = options.signal;
    if (signal !== undefined) {
      if (signal.aborted) {
        this.#sourceDone = true;
        this.#fail(AbortError.fromSignal(signal), false);
        return;
      }
      this.#signal = signal;
      this.#onAbort = () => this.#cancel(AbortError.fromSignal(signal), true);
      signal.addEventListener('abort', this.#onAbort, { once: true });
    }
    const controller = new ChatStream.#Controller(this);
    try {
      source.start(controller);
    } catch (error) {
      if (this.#state === 'open') {
        this.#sourceDone = true;
        this.#fail(error, false);
      }
    }
  }

  /**
   * The controller a source writes to. A class, not an object literal: a literal with a getter is a
   * dictionary-mode object in V8, and `enqueue` runs once per event.
   */
  static readonly #Controller = class Controller implements ChatStreamController {
    readonly #stream: ChatStream;

    constructor(stream: ChatStream) {
      this.#stream = stream;
    }

    enqueue(event: StreamEvent): void {
      this.#stream.#enqueue(event);
    }

    close(): void {
      this.#stream.#close();
    }

    error(error: unknown): void {
      const stream = this.#stream;
      if (stream.#state !== 'open') return;
      stream.#sourceDone = true;
      stream.#fail(error, false);
    }

    get desiredSize(): number {
      const stream = this.#stream;
      return stream.#highWaterMark - stream.#pending;
    }
  };

  /**
   * A stream that replays a finished response: for providers without streaming, and for tests. Its
   * `collect()` deep-equals `response`.
   */
  static fromResponse(response: ChatResponse, options?: ChatStreamOptions): ChatStream {
    return new ChatStream(
      {
        start(controller) {
          for (const event of responseToEvents(response)) controller.enqueue(event);
          controller.close();
        },
      },
      options,
    );
  }

  /**
   * Adds synchronous hooks. Middleware call this before handing the stream on; hooks added after
   * consumption started see only the events still to come. On a stream that already ended (a
   * source that closed or failed synchronously, as `fromResponse` does) `onFinish` or `onError`
   * runs at once, so a hook always learns how the stream ended.
   */
  addHooks(hooks: ChatStreamHooks): this {
    this.#hooks = [...this.#hooks, hooks];
    if (this.#state === 'closed' && this.#response !== undefined) {
      hooks.onFinish?.(this.#response);
    } else if (this.#state === 'errored' && this.#error !== undefined) {
      try {
        hooks.onError?.(this.#error);
      } catch {
        // The stream already failed; a failing error hook must not mask the error.
      }
    }
    return this;
  }

  /** Whether the source handed over an event yet (hooks added later miss the ones it did). */
  get started(): boolean {
    return this.#started;
  }

  /** The response accumulated so far (complete once the stream finished). */
  get partial(): ChatResponse {
    return this.#response ?? this.#accumulator.toResponse();
  }

  /** Reads the whole stream and resolves to the response, equal to what `sendMessage` returns. */
  collect(): Promise<ChatResponse> {
    if (this.#collectPromise !== undefined) return this.#collectPromise;
    if (this.#consumer === 'iterator') {
      if (
        this.#state === 'closed' &&
        this.#response !== undefined &&
        this.#queue.length === this.#head
      ) {
        this.#collectPromise = Promise.resolve(this.#response);
        return this.#collectPromise;
      }
      if (this.#state === 'errored' && this.#errorDelivered && this.#error !== undefined) {
        this.#collectPromise = Promise.reject(this.#error);
        return this.#collectPromise;
      }
      throw new AigoError('unsupported', 'collect() cannot run while the stream is being iterated');
    }
    this.#consumer = 'collect';
    this.#clearQueue();
    if (this.#paused) {
      this.#paused = false;
      this.#source.pull?.();
    }
    if (this.#state === 'closed') {
      this.#collectPromise = Promise.resolve(this.#response as ChatResponse);
    } else if (this.#state === 'errored') {
      this.#errorDelivered = true;
      this.#collectPromise = Promise.reject(this.#error);
    } else {
      this.#collectPromise = new Promise<ChatResponse>((resolve, reject) => {
        this.#collectSettle = { resolve, reject };
      });
    }
    return this.#collectPromise;
  }

  /** Stops the stream: cancels the source and rejects pending reads with an `AbortError`. */
  cancel(reason?: unknown): void {
    const error = AigoError.isInstance(reason)
      ? reason
      : new AbortError('The stream was cancelled', { cause: reason });
    this.#cancel(error, true);
  }

  [Symbol.asyncIterator](): AsyncIterator<StreamEvent> {
    if (this.#consumer !== 'none') {
      throw new AigoError(
        'unsupported',
        'A ChatStream has a single consumer: it is already being read (iterate it once, or call collect())',
      );
    }
    this.#consumer = 'iterator';
    return {
      next: () => this.#next(),
      return: () => {
        // `break` out of for-await: stop the source now.
        if (this.#state === 'open') {
          this.#cancel(new AbortError('The stream consumer stopped reading'), false);
        }
        this.#clearQueue();
        return Promise.resolve(DONE);
      },
    };
  }

  #next(): Promise<IteratorResult<StreamEvent>> {
    if (this.#heldUsage !== undefined && this.#head === this.#queue.length - 1) {
      // The text at the tail is read now and stops growing: the usage held for it comes next.
      this.#releaseUsage();
    }
    if (this.#head < this.#queue.length) {
      const value = this.#queue[this.#head] as StreamEvent;
      this.#pending -= this.#counts[this.#head] as number;
      this.#head++;
      if (this.#head === this.#queue.length) this.#clearQueue();
      if (this.#paused && this.#pending <= this.#highWaterMark >> 1) {
        this.#paused = false;
        this.#source.pull?.();
      }
      return Promise.resolve({ done: false, value });
    }
    if (this.#state === 'closed') return Promise.resolve(DONE);
    if (this.#state === 'errored') {
      if (this.#errorDelivered) return Promise.resolve(DONE);
      this.#errorDelivered = true;
      return Promise.reject(this.#error);
    }
    if (this.#paused) {
      this.#paused = false;
      this.#source.pull?.();
    }
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  #clearQueue(): void {
    this.#queue.length = 0;
    this.#counts.length = 0;
    this.#head = 0;
    this.#pending = 0;
    this.#ownTail = false;
    this.#heldUsage = undefined;
    this.#heldUsageCount = 0;
  }

  /** Queues the held usage event as an entry of its own. */
  #releaseUsage(): void {
    const usage = this.#heldUsage;
    if (usage === undefined) return;
    this.#queue.push(usage);
    this.#counts.push(this.#heldUsageCount);
    this.#heldUsage = undefined;
    this.#heldUsageCount = 0;
    this.#ownTail = false;
  }

  #enqueue(event: StreamEvent): void {
    if (this.#state !== 'open') return;
    // `?.`: a source may hand over anything; the hooks (the client's contract check) judge it.
    if (event?.type === 'finish') {
      // Held back: usage and metadata may still come; `finish` is always last.
      this.#heldFinish = event;
      return;
    }
    this.#deliver(event);
  }

  #deliver(event: StreamEvent): void {
    // Hooks first: one that rejects the event fails the stream before the event is in the response.
    const hooks = this.#hooks;
    if (hooks.length > 0) {
      try {
        for (const hook of hooks) hook.onEvent?.(event);
      } catch (error) {
        this.#cancel(error, true);
        return;
      }
    }
    this.#accumulator.add(event);
    this.#started = true;
    if (this.#consumer === 'collect') return;
    const waiter = this.#waiter;
    if (waiter !== undefined) {
      this.#waiter = undefined;
      waiter.resolve({ done: false, value: event });
      return;
    }
    this.#queueEvent(event);
    if (++this.#pending >= this.#highWaterMark) this.#paused = true;
  }

  /**
   * Queues an event for a reader that is behind. A text delta of the same kind as the last unread
   * entry is joined to it, so the reader gets the text it missed in one event, not one promise per
   * token; the entry becomes an object of this stream's own, which it may grow until it is read. A
   * `usage` event arriving behind such an entry is held to go right after it, and a later one
   * replaces it (usage is a running total, the last one wins): a provider that reports usage with
   * every chunk (Gemini) does not split the text into one event per chunk.
   */
  #queueEvent(event: StreamEvent): void {
    const queue = this.#queue;
    const last = queue.length - 1;
    const tail = last >= this.#head ? queue[last] : undefined;
    if (tail !== undefined && isTextDelta(tail)) {
      if (event.type === 'usage') {
        this.#heldUsage = event;
        this.#heldUsageCount++;
        return;
      }
      if (event.type === tail.type && isTextDelta(event)) {
        const text = tail.text + event.text;
        if (this.#ownTail) (tail as TextDelta).text = text;
        else {
          queue[last] = { type: event.type, text };
          this.#ownTail = true;
        }
        this.#counts[last] = (this.#counts[last] as number) + 1;
        return;
      }
    }
    this.#releaseUsage();
    queue.push(event);
    this.#counts.push(1);
    this.#ownTail = false;
  }

  #close(): void {
    if (this.#state !== 'open') return;
    this.#sourceDone = true;
    const finish: FinishEvent = this.#heldFinish ?? {
      type: 'finish',
      finishReason: this.#accumulator.hasToolCalls ? 'tool_calls' : 'other',
    };
    this.#heldFinish = undefined;
    this.#deliver(finish);
    if (this.#state !== 'open') return; // a hook failed the stream
    this.#state = 'closed';
    this.#detachSignal();
    const response = this.#accumulator.toResponse();
    this.#response = response;
    try {
      for (const hook of this.#hooks) hook.onFinish?.(response);
    } catch (error) {
      this.#state = 'open';
      this.#fail(error, false);
      return;
    }
    const waiter = this.#waiter;
    if (waiter !== undefined) {
      this.#waiter = undefined;
      waiter.resolve(DONE);
    }
    this.#collectSettle?.resolve(response);
    this.#collectSettle = undefined;
  }

  /** Stops the source (unless it already ended) and fails the stream. */
  #cancel(reason: unknown, deliverToConsumer: boolean): void {
    if (this.#state !== 'open') return;
    if (!this.#sourceDone) {
      this.#sourceDone = true;
      try {
        this.#source.cancel?.(reason);
      } catch {
        // A source that fails to cancel has nothing more to tell the consumer.
      }
    }
    this.#fail(reason, !deliverToConsumer);
  }

  #fail(reason: unknown, silent: boolean): void {
    if (this.#state !== 'open') return;
    this.#state = 'errored';
    this.#detachSignal();
    const partial = this.#accumulator.toResponse();
    const error = attachProgress(reason, this.#provider, partial, this.#accumulator.usage);
    this.#error = error;
    for (const hook of this.#hooks) {
      try {
        hook.onError?.(error);
      } catch {
        // The stream already failed; a failing error hook must not mask the error.
      }
    }
    if (silent) this.#errorDelivered = true;
    // Events already queued are still delivered before the error.
    const waiter = this.#waiter;
    if (waiter !== undefined) {
      this.#waiter = undefined;
      if (silent) {
        waiter.resolve(DONE);
      } else {
        this.#errorDelivered = true;
        waiter.reject(error);
      }
    }
    if (this.#collectSettle !== undefined) {
      this.#errorDelivered = true;
      this.#collectSettle.reject(error);
      this.#collectSettle = undefined;
    }
  }

  #detachSignal(): void {
    if (this.#signal !== undefined && this.#onAbort !== undefined) {
      this.#signal.removeEventListener('abort', this.#onAbort);
      this.#signal = undefined;
      this.#onAbort = undefined;
    }
  }
}
