/** A promise with its `resolve` and `reject`, for tests that decide when something finishes. */
export interface Deferred<T = void> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

/**
 * A new deferred promise: hand out `promise`, settle it from the test with `resolve` or `reject`.
 *
 * @example
 * const gate = deferred<string>();
 * const tool = defineTool({ …, execute: () => gate.promise });
 * // … start the run, check it waits, then:
 * gate.resolve('done');
 */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}
