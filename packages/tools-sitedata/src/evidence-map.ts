/** Something found, how sure the best sighting of it is, and every place it was seen. */
export interface Evidence<T> {
  readonly value: T;
  /** The highest confidence it was seen with, 0–1. */
  confidence: number;
  /** Where it was seen (`page:method`). */
  readonly sources: Set<string>;
}

/**
 * Evidence by key: the first value stays, a repeated sighting raises the confidence to the highest
 * seen and adds its source. Insertion order is kept; callers sort what they return.
 */
export class EvidenceMap<T> {
  readonly #entries = new Map<string, Evidence<T>>();

  /** Records `value` under `key`, or one more sighting of the entry already there. */
  add(key: string, value: T, confidence: number, source: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) {
      this.#entries.set(key, { value, confidence, sources: new Set([source]) });
    } else {
      confirm(entry, confidence, source);
    }
  }

  /** True when something was recorded under `key`. */
  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** The first entry whose value passes `test`. */
  find(test: (value: T) => boolean): Evidence<T> | undefined {
    for (const entry of this.#entries.values()) if (test(entry.value)) return entry;
    return undefined;
  }

  /** Every entry, in insertion order. */
  entries(): Evidence<T>[] {
    return [...this.#entries.values()];
  }
}

/** One more sighting of `entry`: its confidence becomes the higher of the two, the source is added. */
export function confirm<T>(entry: Evidence<T>, confidence: number, source: string): void {
  entry.confidence = Math.max(entry.confidence, confidence);
  entry.sources.add(source);
}
