import { propertyName } from './property-names.js';

type Container = Record<string, unknown> | unknown[];

/**
 * The objects and arrays a partial value is building, outermost first, with copy on write: a
 * snapshot hands out the value as it is and marks the open containers shared; the next change to
 * one of them copies it (and the open containers around it) first. Closed containers never change
 * again, so a partial shares them with every later one, and a snapshot costs one copy of each open
 * container at most.
 */
export class OpenContainers {
  readonly #values: Container[] = [];
  readonly #isArray: boolean[] = [];
  readonly #keys: string[] = [];
  readonly #shared: boolean[] = [];
  #root: Container | undefined;

  /** The value built so far (`undefined` before the first container). */
  get root(): Container | undefined {
    return this.#root;
  }

  /** How many containers are open. */
  get depth(): number {
    return this.#values.length;
  }

  /** Whether the container at `depth` (0: the root) is an array. */
  isArrayAt(depth: number): boolean {
    return this.#isArray[depth] === true;
  }

  /** The current key of the object at `depth` (`''` for an array). */
  keyAt(depth: number): string {
    return this.#keys[depth] ?? '';
  }

  /** Sets the key the innermost object's next value goes under. */
  setKey(key: string): void {
    this.#keys[this.#values.length - 1] = propertyName(key);
  }

  /** The number of elements of the innermost container, when it is an array. */
  innermostLength(): number {
    const inner = this.#values[this.#values.length - 1];
    return Array.isArray(inner) ? inner.length : 0;
  }

  /** Opens an object or array: in the innermost container, or as the root. */
  open(isArray: boolean): void {
    const value: Container = isArray ? [] : {};
    if (this.#values.length === 0) this.#root = value;
    else this.add(value);
    this.#values.push(value);
    this.#isArray.push(isArray);
    this.#keys.push('');
    this.#shared.push(false);
  }

  /** Closes the innermost container; returns it (it never changes again). */
  close(): unknown {
    const value = this.#values.pop();
    this.#isArray.pop();
    this.#keys.pop();
    this.#shared.pop();
    return value;
  }

  /** Places a new value at the end of the innermost container. */
  add(value: unknown): void {
    const depth = this.#values.length - 1;
    this.#own(depth);
    const container = this.#values[depth] as Container;
    if (this.#isArray[depth] === true) (container as unknown[]).push(value);
    else setProperty(container as Record<string, unknown>, this.#keys[depth] as string, value);
  }

  /** Replaces the last value of the innermost container (a string that grew). */
  replaceLast(value: unknown): void {
    const depth = this.#values.length - 1;
    this.#own(depth);
    const container = this.#values[depth] as Container;
    if (this.#isArray[depth] === true) {
      const array = container as unknown[];
      array[array.length - 1] = value;
    } else {
      setProperty(container as Record<string, unknown>, this.#keys[depth] as string, value);
    }
  }

  /** The value as it is now; every open container is then shared with it. */
  snapshot(): unknown {
    const shared = this.#shared;
    for (let depth = 0; depth < shared.length; depth++) shared[depth] = true;
    return this.#root;
  }

  /** Drops the open containers; the root built so far stays what `root` gives. */
  reset(): void {
    this.#values.length = 0;
    this.#isArray.length = 0;
    this.#keys.length = 0;
    this.#shared.length = 0;
  }

  /** Copies the container at `depth` (and those around it) if a snapshot holds it. */
  #own(depth: number): void {
    if (this.#shared[depth] !== true) return;
    const current = this.#values[depth] as Container;
    const copy: Container = Array.isArray(current) ? current.slice() : { ...current };
    this.#values[depth] = copy;
    this.#shared[depth] = false;
    if (depth === 0) {
      this.#root = copy;
      return;
    }
    const parentDepth = depth - 1;
    this.#own(parentDepth);
    const parent = this.#values[parentDepth] as Container;
    if (this.#isArray[parentDepth] === true) {
      const array = parent as unknown[];
      array[array.length - 1] = copy;
    } else {
      setProperty(parent as Record<string, unknown>, this.#keys[parentDepth] as string, copy);
    }
  }
}

/** Sets a property as `JSON.parse` does (`__proto__` is an own property, not the prototype). */
function setProperty(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return;
  }
  object[key] = value;
}
