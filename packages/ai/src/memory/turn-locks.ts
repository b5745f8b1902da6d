import { raceAbort } from '../abort/race-abort.js';
import { AbortError } from '../errors/interruption-errors.js';
import type { ReleaseTurn } from './memory.js';

/**
 * One async lock per key, so the turns of one conversation run one after another: a turn reads the
 * memory, calls the model and writes its messages before the next turn reads. A memory store keys
 * it by conversation id to implement `acquireTurn` (`inMemoryMemoryStore`, `pgMemoryStore`); the
 * client keys it by memory object for memories without an `acquireTurn` of their own. Turns get the
 * lock in the order they asked. A key is forgotten as soon as its last turn has released, so nothing
 * is left behind and there is no global state.
 *
 * @example
 * const locks = new TurnLocks<string>();
 * const release = await locks.acquire(conversationId, signal);
 * try {
 *   // read, call the model, store
 * } finally {
 *   release();
 * }
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
