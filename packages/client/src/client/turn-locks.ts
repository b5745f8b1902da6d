import { AbortError, type ReleaseTurn, raceAbort } from '@aigo/ai';

export type { ReleaseTurn } from '@aigo/ai';

/**
 * One async lock per key, so the turns of one conversation run one after another: a turn reads the
 * memory, calls the model and writes its messages before the next turn reads. The in-memory store
 * keys it by conversation id (its memories' `acquireTurn`); a client keys it by memory object for
 * memories that have no `acquireTurn` of their own (owned by the client and shared with the clients
 * derived from it). A key is forgotten as soon as its last turn has released, so nothing is left
 * behind and there is no global state.
 */
export class TurnLocks<Key = object> {
  readonly #tails = new Map<Key, Promise<void>>();

  /** How many keys have a turn running or waiting (for tests: 0 once every turn released). */
  get size(): number {
    return this.#tails.size;
  }

  /**
   * Waits until every earlier turn on `key` has released, then resolves to this turn's release
   * function. An aborted `signal` stops the wait with `AbortError` (and the place in line is given up).
   */
  acquire(key: Key, signal?: AbortSignal): Promise<ReleaseTurn> {
    if (signal?.aborted) return Promise.reject(AbortError.fromSignal(signal));
    const previous = this.#tails.get(key);
    let releaseSlot!: () => void;
    const slot = new Promise<void>((resolve) => {
      releaseSlot = resolve;
    });
    // The next turn waits for this one, and (through this one) for every earlier one.
    const tail = previous === undefined ? slot : previous.then(() => slot);
    this.#tails.set(key, tail);
    // Once this turn and every earlier one are done, the last turn in line leaves nothing behind.
    tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    let released = false;
    const release: ReleaseTurn = () => {
      if (released) return;
      released = true;
      releaseSlot();
    };
    if (previous === undefined) return Promise.resolve(release);
    return raceAbort(previous, signal).then(
      () => release,
      (error: unknown) => {
        release();
        throw error;
      },
    );
  }
}
