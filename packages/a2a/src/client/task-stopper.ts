/**
 * The signal the SDK's requests of one call run with. When `stop` (the caller's signal or the call's
 * deadline) fires after the agent named its task, it stops them at once; when it fires before, it
 * waits until the task is named — or `graceMs` — so that the task can still be cancelled (a request
 * stopped earlier leaves a task running that nobody can name).
 */
export class TaskStopper {
  readonly #controller = new AbortController();
  readonly #stop: AbortSignal;
  readonly #graceMs: number;
  readonly #onStop = () => this.#stopped();
  #named = false;
  #grace: ReturnType<typeof setTimeout> | undefined;

  constructor(stop: AbortSignal, graceMs: number) {
    this.#stop = stop;
    this.#graceMs = graceMs;
    if (stop.aborted) this.#stopped();
    else stop.addEventListener('abort', this.#onStop, { once: true });
  }

  /** What the requests run with. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The agent named its task: a stop that came before takes effect now. */
  named(): void {
    this.#named = true;
    if (this.#stop.aborted) this.#abort();
  }

  /** Releases the listener and the timer. */
  dispose(): void {
    this.#stop.removeEventListener('abort', this.#onStop);
    if (this.#grace !== undefined) clearTimeout(this.#grace);
  }

  #stopped(): void {
    if (this.#named) this.#abort();
    else this.#grace ??= setTimeout(() => this.#abort(), this.#graceMs);
  }

  #abort(): void {
    if (this.#grace !== undefined) clearTimeout(this.#grace);
    this.#controller.abort(this.#stop.reason);
  }
}
