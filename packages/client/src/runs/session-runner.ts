import {
  type Agent,
  type AgentResult,
  AgentStoppedError,
  copyRunState,
  type InteractionRequest,
  type InteractionResponses,
  type JsonObject,
  type MemoryStore,
  type Prompt,
  RunConflictError,
  type RunStore,
  SUSPENDED_RUN_FORMAT,
  ValidationError,
} from '@aigo/ai';

/** Where a session's conversations and waiting runs live. */
export interface SessionRunnerOptions<T> {
  /** The agent every session runs (any `Agent`: `createReAct`'s, or another). */
  readonly agent: Agent<T>;
  /** The conversations, one per session id (`inMemoryMemoryStore`, `pgMemoryStore`). */
  readonly memoryStore: Pick<MemoryStore, 'conversation'>;
  /**
   * The runs waiting for decisions, one per session at most (`inMemoryRunStore`, `pgRunStore`), and
   * each session's run state (`ctx.state`) between its prompts.
   */
  readonly runStore: RunStore;
}

/** Per-call options of a session run or resume. */
export interface SessionCallOptions {
  readonly signal?: AbortSignal;
  /** Passed to every tool as `ctx.context`. */
  readonly context?: unknown;
}

/** How a session call ended: with the agent's result, or waiting for decisions. */
export type SessionOutcome<T> =
  | { readonly status: 'completed'; readonly result: AgentResult<T> }
  | {
      readonly status: 'suspended';
      /** The id of the waiting run (`session:<sessionId>`). */
      readonly runId: string;
      /** What to ask: answer each by its `id` in `resume(sessionId, responses)`. */
      readonly requests: readonly InteractionRequest[];
    };

/**
 * Runs an agent in sessions that may wait for people between calls and keep a state between prompts
 * (the seed's `SessionRunner` and `Session.State`).
 */
export interface SessionRunner<T> {
  /**
   * Runs `prompt` in the session's conversation. Resolves to the result, or to the pending requests
   * when the run suspends (it is then saved in the run store).
   *
   * @throws RunConflictError (as a rejection) while the session has a run waiting for decisions.
   */
  run(sessionId: string, prompt: Prompt, options?: SessionCallOptions): Promise<SessionOutcome<T>>;
  /**
   * Resumes the session's waiting run with a decision for each request (claimed in the run store
   * first, so two resumes of a session never both run its tools); it may suspend again.
   *
   * @throws RunConflictError (as a rejection) when the session has no run waiting, or another
   *   resume claimed it first.
   */
  resume(
    sessionId: string,
    responses: InteractionResponses,
    options?: SessionCallOptions,
  ): Promise<SessionOutcome<T>>;
  /** The requests the session's run waits for, or `undefined` when none waits. */
  pending(
    sessionId: string,
    options?: { readonly signal?: AbortSignal },
  ): Promise<readonly InteractionRequest[] | undefined>;
}

/**
 * Sessions for an agent with human in the loop: each session id has its conversation (in
 * `memoryStore`), at most one run waiting for decisions (in `runStore`, under the run id
 * `session:<sessionId>`, which tools see as `ctx.runId`) and its run state: the `ctx.state` a prompt's
 * run ends with (`result.state`) is where the session's next prompt starts — kept in `runStore` too,
 * under `session-state:<sessionId>` (a record with no requests, never claimed; written only when the
 * state changed, checked to be JSON first: `ValidationError` naming the key). Any process with the
 * same agent and stores can resume a session. Two prompts of one session at once: the later-ending
 * run's state wins.
 *
 * @example
 * const sessions = createSessionRunner({ agent, memoryStore: inMemoryMemoryStore(), runStore: inMemoryRunStore() });
 * const outcome = await sessions.run('user-42', 'Delete my old invoices');
 * if (outcome.status === 'suspended') {
 *   const done = await sessions.resume('user-42', { [outcome.requests[0].id]: { approved: true } });
 * }
 *
 * @throws ValidationError naming the first bad option.
 */
export function createSessionRunner<T>(options: SessionRunnerOptions<T>): SessionRunner<T> {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object with agent, memoryStore and runStore');
  }
  const { agent, memoryStore, runStore } = options;
  if (agent === null || typeof agent !== 'object' || typeof agent.resume !== 'function') {
    throw new ValidationError('agent', 'must be an Agent (execute, resume, …)');
  }
  if (memoryStore === null || typeof memoryStore?.conversation !== 'function') {
    throw new ValidationError('memoryStore', 'must be a MemoryStore (conversation(id))');
  }
  if (
    runStore === null ||
    typeof runStore !== 'object' ||
    typeof runStore.load !== 'function' ||
    typeof runStore.claim !== 'function'
  ) {
    throw new ValidationError('runStore', 'must be a RunStore');
  }
  const runIdOf = (sessionId: string) => {
    if (typeof sessionId !== 'string' || sessionId === '') {
      throw new ValidationError('sessionId', 'must be a non-empty string');
    }
    return `session:${sessionId}`;
  };
  const stateIdOf = (sessionId: string) => `session-state:${sessionId}`;
  const loadState = async (sessionId: string, signal: AbortSignal | undefined) => {
    const stored = await runStore.load(
      stateIdOf(sessionId),
      signal === undefined ? undefined : { signal },
    );
    return stored?.suspended.state;
  };
  /** Saves the state a run ended with, when it is not the one the session had. */
  const keepState = async (
    sessionId: string,
    before: JsonObject | undefined,
    result: AgentResult<T>,
    signal: AbortSignal | undefined,
  ) => {
    if (result.state === undefined) return;
    const state = copyRunState(result.state, 'result.state');
    const unchanged =
      before === undefined
        ? Object.keys(state).length === 0
        : JSON.stringify(before) === JSON.stringify(state);
    if (unchanged) return;
    await runStore.save(
      {
        format: SUSPENDED_RUN_FORMAT,
        version: 1,
        runId: stateIdOf(sessionId),
        agent: agent.name,
        requests: [],
        state,
      },
      signal === undefined ? undefined : { signal },
    );
  };
  const settle = async (
    sessionId: string,
    runId: string,
    before: JsonObject | undefined,
    call: SessionCallOptions | undefined,
    outcome: Promise<AgentResult<T>>,
  ): Promise<SessionOutcome<T>> => {
    try {
      const result = await outcome;
      await keepState(sessionId, before, result, call?.signal);
      return { status: 'completed', result };
    } catch (error) {
      if (AgentStoppedError.isInstance(error) && error.suspended !== undefined) {
        return { status: 'suspended', runId, requests: error.suspended.requests };
      }
      throw error;
    }
  };
  const callOptions = (sessionId: string, runId: string, call: SessionCallOptions | undefined) => ({
    memory: memoryStore.conversation(sessionId),
    runStore,
    runId,
    ...(call?.signal === undefined ? {} : { signal: call.signal }),
    ...(call?.context === undefined ? {} : { context: call.context }),
  });
  const waiting = async (runId: string, signal: AbortSignal | undefined) => {
    const stored = await runStore.load(runId, signal === undefined ? undefined : { signal });
    return stored?.status === 'suspended' ? stored : undefined;
  };

  return Object.freeze({
    run: async (sessionId: string, prompt: Prompt, call?: SessionCallOptions) => {
      const runId = runIdOf(sessionId);
      const [stored, state] = await Promise.all([
        waiting(runId, call?.signal),
        loadState(sessionId, call?.signal),
      ]);
      if (stored !== undefined) {
        throw new RunConflictError(
          runId,
          `Session ${JSON.stringify(sessionId)} has a run waiting for decisions: resume it first`,
        );
      }
      const options = callOptions(sessionId, runId, call);
      return settle(
        sessionId,
        runId,
        state,
        call,
        agent.execute(prompt, state === undefined ? options : { ...options, state }),
      );
    },
    resume: async (
      sessionId: string,
      responses: InteractionResponses,
      call?: SessionCallOptions,
    ) => {
      const runId = runIdOf(sessionId);
      // The waiting run carries the state its run had; the stored one is what to compare with.
      const [stored, state] = await Promise.all([
        waiting(runId, call?.signal),
        loadState(sessionId, call?.signal),
      ]);
      if (stored === undefined) {
        throw new RunConflictError(
          runId,
          `Session ${JSON.stringify(sessionId)} has no run waiting for decisions`,
        );
      }
      return settle(
        sessionId,
        runId,
        state,
        call,
        agent.resume(stored.suspended, responses, callOptions(sessionId, runId, call)),
      );
    },
    pending: async (sessionId: string, call?: { readonly signal?: AbortSignal }) =>
      (await waiting(runIdOf(sessionId), call?.signal))?.suspended.requests,
  });
}
