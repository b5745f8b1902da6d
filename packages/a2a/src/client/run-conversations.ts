/** Where one run stands with the remote agent. */
export interface RunConversation {
  /** The A2A context of the run: every call of the run continues it. */
  readonly contextId: string | undefined;
  /** The task waiting for input, which the run's next call answers. */
  readonly pendingTaskId: string | undefined;
}

/**
 * The A2A context and the task waiting for input of each run, by the tool context's `runId`. Keeps
 * the most recent `limit` runs (a run that ended is simply forgotten when newer ones push it out).
 */
export class RunConversations {
  readonly #runs = new Map<string, RunConversation>();
  readonly #limit: number;

  constructor(limit = 1_000) {
    this.#limit = limit;
  }

  get(runId: string | undefined): RunConversation | undefined {
    return runId === undefined ? undefined : this.#runs.get(runId);
  }

  set(runId: string | undefined, conversation: RunConversation): void {
    if (runId === undefined) return;
    this.#runs.delete(runId);
    this.#runs.set(runId, conversation);
    if (this.#runs.size > this.#limit) {
      const oldest = this.#runs.keys().next();
      if (oldest.done !== true) this.#runs.delete(oldest.value);
    }
  }
}
