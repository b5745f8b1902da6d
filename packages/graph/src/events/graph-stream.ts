import { AbortError, ValidationError } from '@aigo/ai';
import type { GraphResult } from '../graph-result.js';
import type { Execution } from '../run/index.js';
import type { GraphEvent } from './graph-events.js';

interface Waiter {
  readonly resolve: (result: IteratorResult<GraphEvent>) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The progress of one execution, from `graph.executeStream()`: iterate it for events, or call
 * {@link collect} for the result. Nothing runs until the first `next()` or `collect()`.
 *
 * - Single consumer: iterate it once. Events are buffered while the consumer is busy (the graph
 *   never waits for it).
 * - `graph_complete` is always the last event. When the execution stopped (a failure under
 *   `fail_fast`, an output node that failed or was skipped, an abort, a timeout), the iteration
 *   then rejects with the `GraphStoppedError` that `execute` would reject with.
 * - Leaving the loop early (`break`, `return`, a throw) aborts the execution: running nodes'
 *   signals fire.
 */
export class GraphStream<T> implements AsyncIterable<GraphEvent> {
  readonly #create: (emit: (event: GraphEvent) => void) => Execution<T>;
  #promise: Promise<GraphResult<T>> | undefined;
  #execution: Execution<T> | undefined;
  #events: GraphEvent[] = [];
  #head = 0;
  #waiter: Waiter | undefined;
  #iterating = false;
  #buffering = true;
  #closed = false;
  #settled = false;
  #error: unknown;
  #failed = false;
  #errorDelivered = false;

  /** @internal Made by `graph.executeStream()`. */
  constructor(create: (emit: (event: GraphEvent) => void) => Execution<T>) {
    this.#create = create;
  }

  [Symbol.asyncIterator](): AsyncIterator<GraphEvent> {
    if (this.#iterating) {
      throw new ValidationError('stream', 'can be iterated only once (single consumer)');
    }
    this.#iterating = true;
    this.#promise ??= this.#begin();
    return {
      next: () => this.#next(),
      return: () => this.#return(),
    };
  }

  /**
   * Resolves to what `execute` resolves to, or rejects with what it rejects with. Events not yet
   * read are dropped (and no longer buffered).
   */
  collect(): Promise<GraphResult<T>> {
    this.#promise ??= this.#begin();
    if (!this.#iterating) {
      this.#iterating = true;
      this.#buffering = false;
      this.#events = [];
      this.#head = 0;
    }
    return this.#promise;
  }

  #begin(): Promise<GraphResult<T>> {
    let execution: Execution<T>;
    try {
      execution = this.#create((event) => this.#push(event));
    } catch (error) {
      // e.g. a state provider object already in use: the iteration and collect() reject with it.
      this.#end(true, error);
      const failed = Promise.reject(error);
      failed.catch(() => {});
      return failed;
    }
    this.#execution = execution;
    execution.promise.then(
      () => this.#end(false, undefined),
      (error: unknown) => this.#end(true, error),
    );
    execution.start();
    return execution.promise;
  }

  #push(event: GraphEvent): void {
    if (!this.#buffering || this.#closed) return;
    const waiter = this.#waiter;
    if (waiter !== undefined) {
      this.#waiter = undefined;
      waiter.resolve({ value: event, done: false });
      return;
    }
    this.#events.push(event);
  }

  #end(failed: boolean, error: unknown): void {
    this.#settled = true;
    this.#failed = failed;
    this.#error = error;
    const waiter = this.#waiter;
    if (waiter === undefined) return;
    this.#waiter = undefined;
    this.#deliverEnd(waiter.resolve, waiter.reject);
  }

  #deliverEnd(
    resolve: (result: IteratorResult<GraphEvent>) => void,
    reject: (error: unknown) => void,
  ): void {
    if (this.#failed && !this.#errorDelivered && !this.#closed) {
      this.#errorDelivered = true;
      reject(this.#error);
      return;
    }
    resolve({ value: undefined, done: true });
  }

  #next(): Promise<IteratorResult<GraphEvent>> {
    if (this.#head < this.#events.length) {
      const event = this.#events[this.#head++] as GraphEvent;
      if (this.#head > 1024 && this.#head * 2 > this.#events.length) {
        this.#events = this.#events.slice(this.#head);
        this.#head = 0;
      }
      return Promise.resolve({ value: event, done: false });
    }
    if (this.#closed) return Promise.resolve({ value: undefined, done: true });
    if (this.#settled) {
      return new Promise((resolve, reject) => this.#deliverEnd(resolve, reject));
    }
    if (this.#waiter !== undefined) {
      return Promise.reject(
        new ValidationError('stream', 'next() called before the last one settled'),
      );
    }
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  #return(): Promise<IteratorResult<GraphEvent>> {
    if (!this.#closed) {
      this.#closed = true;
      this.#events = [];
      this.#head = 0;
      if (!this.#settled) {
        this.#execution?.cancel(new AbortError('The stream consumer stopped reading'));
      }
    }
    return Promise.resolve({ value: undefined, done: true });
  }
}
