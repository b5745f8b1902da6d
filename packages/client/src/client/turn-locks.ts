import { AbortError, raceAbort } from '@aigo/ai';

/** Releases a turn lock. Safe to call more than once. */
export type ReleaseTurn = () => void;

/**
 * One async lock per memory object, so the turns of one conversation run one after another: a turn
 * reads the memory, calls the model and writes its messages before the next turn reads. Keyed by the
 * memory object in a `WeakMap`, owned by a client (and shared with the clients derived from it), so
 * there is no global state and a forgotten memory is collected with its lock.
 */
export class TurnLocks {
  readonly #tails = new WeakMap<object, Promise<void>>();

  /**
   * Waits until every earlier turn on `memory` has released, then resolves to this turn's release
   * function. An aborted `signal` stops the wait with `AbortError` (and the place in line is given up).
   */
  acquire(memory: object, signal?: AbortSignal): Promise<ReleaseTurn> {
    if (signal?.aborted) return Promise.reject(AbortError.fromSignal(signal));
    const previous = this.#tails.get(memory);
    let releaseSlot!: () => void;
    const slot = new Promise<void>((resolve) => {
      releaseSlot = resolve;
    });
    // The next turn waits for this one, and (through this one) for every earlier one.
    const tail = previous === undefined ? slot : previous.then(() => slot);
    this.#tails.set(memory, tail);
    // Once this turn and every earlier one are done, the last turn in line leaves nothing behind.
    tail.then(() => {
      if (this.#tails.get(memory) === tail) this.#tails.delete(memory);
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
