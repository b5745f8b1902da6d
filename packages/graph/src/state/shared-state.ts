/** The shared state of one execution, as nodes and edge conditions see it. */
export interface SharedState {
  /** The value under `key`, or `undefined`. */
  get(key: string): Promise<unknown>;
  /** Stores `value` under `key`; later nodes see it. */
  set(key: string, value: unknown): Promise<void>;
  /** A copy of every key and value. */
  getAll(): Promise<Record<string, unknown>>;
}
