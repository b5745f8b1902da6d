import type { DemoEvent } from '../demo-events.js';
import { formatCount } from './format-cost-table.js';

/**
 * The run's progress as the events tell it: the iteration, the tokens (what the provider reported
 * for finished calls, plus an estimate — four characters a token — of what is streaming now, marked
 * `~`), and the time since the start.
 */
export class Progress {
  readonly #started: number;
  #iteration = 0;
  #reportedTokens = 0;
  #streamedCharacters = 0;
  #finished = false;

  /** @param now - The clock, in milliseconds. */
  constructor(readonly now: () => number = Date.now) {
    this.#started = now();
  }

  /** Folds one event into the progress. */
  record(event: DemoEvent): void {
    switch (event.type) {
      case 'iteration_start':
        this.#iteration = event.iteration;
        break;
      case 'reasoning':
      case 'content':
        this.#streamedCharacters += event.text.length;
        break;
      case 'usage':
        this.#reportedTokens = event.total.totalTokens;
        this.#streamedCharacters = 0;
        break;
      case 'end':
        this.#finished = true;
        break;
      default:
        break;
    }
  }

  /** Milliseconds since the start. */
  elapsedMs(): number {
    return this.now() - this.#started;
  }

  /** `iteration 2 · ~1,234 tokens · 3.4 s`. */
  text(): string {
    const estimate = Math.ceil(this.#streamedCharacters / 4);
    const tokens = `${estimate > 0 ? '~' : ''}${formatCount(this.#reportedTokens + estimate)} tokens`;
    const seconds = `${(this.elapsedMs() / 1000).toFixed(1)} s`;
    const iteration = this.#iteration === 0 ? 'starting' : `iteration ${this.#iteration}`;
    return `${this.#finished ? 'done' : iteration} · ${tokens} · ${seconds}`;
  }
}
