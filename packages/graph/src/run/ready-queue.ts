import { READY } from './node-state.js';

/**
 * The nodes of one execution decided to run and waiting for a concurrency slot, first in, first
 * out. A node enters at most once, so an array of the node count never wraps.
 */
export class ReadyQueue {
  readonly #states: Uint8Array;
  readonly #nodes: Int32Array;
  #head = 0;
  #tail = 0;

  /** @param states the execution's node states, where a queued node is marked `READY`. */
  constructor(states: Uint8Array) {
    this.#states = states;
    this.#nodes = new Int32Array(states.length);
  }

  /** Marks a node `READY` and queues it. */
  push(node: number): void {
    this.#states[node] = READY;
    this.#nodes[this.#tail++] = node;
  }

  /** Whether a node is waiting. */
  hasNext(): boolean {
    return this.#head < this.#tail;
  }

  /** The node that waited longest, left in the queue (call only when {@link hasNext}). */
  peek(): number {
    return this.#nodes[this.#head] as number;
  }

  /** Takes the node that waited longest (call only when {@link hasNext}). */
  shift(): number {
    return this.#nodes[this.#head++] as number;
  }
}
