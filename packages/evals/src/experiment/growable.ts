/** A Float64Array that grows: numbers of every case or run, without an object per entry. */
export class GrowableNumbers {
  #values: Float64Array;
  #length = 0;

  constructor(capacity = 64) {
    this.#values = new Float64Array(capacity);
  }

  get length(): number {
    return this.#length;
  }

  /** Appends a value; returns its index. */
  push(value: number): number {
    if (this.#length === this.#values.length) this.#grow();
    this.#values[this.#length] = value;
    return this.#length++;
  }

  /** Adds `value` to the entry at `index`. */
  add(index: number, value: number): void {
    this.#values[index] = (this.#values[index] as number) + value;
  }

  at(index: number): number {
    return this.#values[index] as number;
  }

  /** The values, as a view (valid until the next push). */
  view(): Float64Array {
    return this.#values.subarray(0, this.#length);
  }

  #grow(): void {
    const larger = new Float64Array(this.#values.length * 2);
    larger.set(this.#values);
    this.#values = larger;
  }
}

/**
 * A sum that does not depend on the order its terms arrive in (runs finish in any order when they
 * run concurrently): the terms are kept and added smallest first at the end, so a replayed
 * experiment's totals are identical to the last bit.
 */
export class OrderFreeSum {
  readonly #terms = new GrowableNumbers(16);

  add(value: number): void {
    if (value !== 0) this.#terms.push(value);
  }

  total(): number {
    const sorted = Float64Array.from(this.#terms.view()).sort();
    let sum = 0;
    for (let index = 0; index < sorted.length; index++) sum += sorted[index] as number;
    return sum;
  }
}
