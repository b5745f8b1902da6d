// Test helpers (not built): gates that hold nodes until the test releases them, and a node that
// waits for its signal. Deferred promises and the recording observer come from @aigo/testing.
import { type Deferred, deferred } from '@aigo/testing';

/**
 * Nodes call `enter(id)` and wait there until the test calls `release(id)`; `reached(count)`
 * resolves once `count` nodes have entered in total. `inside` counts nodes entered and not
 * released; `maxInside` is the most ever at once.
 */
export class Gates {
  readonly entered: string[] = [];
  inside = 0;
  maxInside = 0;
  readonly #held = new Map<string, Deferred<void>>();
  #watchers: { count: number; done: Deferred<void> }[] = [];

  enter(id: string): Promise<void> {
    const gate = deferred();
    this.#held.set(id, gate);
    this.entered.push(id);
    this.inside++;
    this.maxInside = Math.max(this.maxInside, this.inside);
    this.#watchers = this.#watchers.filter((watcher) => {
      if (this.entered.length < watcher.count) return true;
      watcher.done.resolve();
      return false;
    });
    return gate.promise;
  }

  reached(count: number): Promise<void> {
    if (this.entered.length >= count) return Promise.resolve();
    const done = deferred();
    this.#watchers.push({ count, done });
    return done.promise;
  }

  release(id: string): void {
    const gate = this.#held.get(id);
    if (gate === undefined) throw new Error(`no node ${id} is waiting`);
    this.#held.delete(id);
    this.inside--;
    gate.resolve();
  }

  /** Ids waiting now, in the order they entered. */
  get waiting(): string[] {
    return [...this.#held.keys()];
  }
}

/** Resolves when `signal` aborts, rejecting with its reason (a node that honours its signal). */
export function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
