import { AigoError } from '@aigo/ai';

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

/** What a consumer that stops reading (`break`) does to the stream behind it. */
type OnStop = () => void;

/**
 * One reader's view of values pushed by the stream: buffered until read, then done or failed. A
 * single consumer; `break` calls `onStop`.
 */
export class BufferedChannel<V> implements AsyncIterable<V> {
  readonly #name: string;
  readonly #onStop: OnStop;
  #buffer: V[] = [];
  #head = 0;
  #ended = false;
  #error: { readonly error: unknown } | undefined;
  #waiter: { resolve(result: IteratorResult<V>): void; reject(error: unknown): void } | undefined;
  #taken = false;
  #stopped = false;

  constructor(name: string, onStop: OnStop) {
    this.#name = name;
    this.#onStop = onStop;
  }

  /** True once the channel ended or failed. */
  get closed(): boolean {
    return this.#ended || this.#error !== undefined;
  }

  push(value: V): void {
    if (this.closed || this.#stopped) return;
    const waiter = this.#waiter;
    if (waiter !== undefined) {
      this.#waiter = undefined;
      waiter.resolve({ done: false, value });
      return;
    }
    this.#buffer.push(value);
  }

  end(): void {
    if (this.closed) return;
    this.#ended = true;
    const waiter = this.#waiter;
    if (waiter !== undefined) {
      this.#waiter = undefined;
      waiter.resolve(DONE);
    }
  }

  fail(error: unknown): void {
    if (this.closed) return;
    this.#error = { error };
    const waiter = this.#waiter;
    if (waiter !== undefined) {
      this.#waiter = undefined;
      waiter.reject(error);
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<V> {
    if (this.#taken) {
      throw new AigoError('unsupported', `A structured stream's ${this.#name} can be read once`);
    }
    this.#taken = true;
    return {
      next: () => this.#next(),
      return: () => {
        this.#stopped = true;
        this.#buffer = [];
        this.#head = 0;
        if (!this.closed) this.#onStop();
        return Promise.resolve(DONE);
      },
    };
  }

  #next(): Promise<IteratorResult<V>> {
    if (this.#head < this.#buffer.length) {
      const value = this.#buffer[this.#head] as V;
      this.#head++;
      if (this.#head === this.#buffer.length) {
        this.#buffer.length = 0;
        this.#head = 0;
      }
      return Promise.resolve({ done: false, value });
    }
    const failure = this.#error;
    if (failure !== undefined) {
      // The error is delivered once; the reader is done after it.
      this.#error = undefined;
      this.#ended = true;
      return Promise.reject(failure.error);
    }
    if (this.#ended || this.#stopped) return Promise.resolve(DONE);
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }
}

/**
 * The latest value of something that changes (the partial answer): a reader gets the newest value
 * at each read, and one that falls behind skips the values it missed — none is queued. The value is
 * made only when read (`take`), so changes nobody reads cost nothing.
 */
export class LatestChannel<V> implements AsyncIterable<V> {
  readonly #take: () => V | undefined;
  readonly #onStop: OnStop;
  #pending = false;
  #ended = false;
  #waiter: ((result: IteratorResult<V>) => void) | undefined;
  #taken = false;
  #stopped = false;

  constructor(take: () => V | undefined, onStop: OnStop) {
    this.#take = take;
    this.#onStop = onStop;
  }

  /** The value changed. */
  offer(): void {
    if (this.#ended || this.#stopped) return;
    const waiter = this.#waiter;
    if (waiter === undefined) {
      this.#pending = true;
      return;
    }
    const value = this.#take();
    if (value === undefined) return;
    this.#waiter = undefined;
    waiter({ done: false, value });
  }

  /** No more changes: a reader gets the last one it missed, then the end. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    const waiter = this.#waiter;
    if (waiter !== undefined) {
      this.#waiter = undefined;
      waiter(DONE);
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<V> {
    if (this.#taken) {
      throw new AigoError('unsupported', "A structured stream's partials can be read once");
    }
    this.#taken = true;
    return {
      next: () => this.#next(),
      return: () => {
        this.#stopped = true;
        if (!this.#ended) this.#onStop();
        return Promise.resolve(DONE);
      },
    };
  }

  #next(): Promise<IteratorResult<V>> {
    if (this.#pending) {
      this.#pending = false;
      const value = this.#take();
      if (value !== undefined) return Promise.resolve({ done: false, value });
    }
    if (this.#ended || this.#stopped) return Promise.resolve(DONE);
    return new Promise((resolve) => {
      this.#waiter = resolve;
    });
  }
}
