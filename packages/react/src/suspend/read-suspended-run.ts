import {
  checkPrincipal,
  type Message,
  SUSPENDED_RUN_FORMAT,
  type SuspendedRun,
  SuspendedRunError,
  validateMessage,
} from '@aigo/ai';
import type { ToolCatalog } from '@aigo/client';
import { verifySuspendedRun } from './sign-suspended-run.js';
import {
  type RunStateBody,
  SUSPENDED_STATE_VERSION,
  type SuspendedState,
} from './suspended-state.js';

type Problem = 'format' | 'version' | 'agent' | 'tools';

/**
 * Checks a run's saved state handed to `resume` or `step` — its format and version, the agent that
 * made it, its signature (with a key), its state, and, for a suspended run, that the agent has every
 * tool its waiting reply calls — and returns its state.
 *
 * @throws SuspendedRunError naming the problem; nothing has run.
 */
export function readRunState(
  value: unknown,
  agentName: string,
  signingKey: Uint8Array | undefined,
  tools: ToolCatalog,
): { readonly run: SuspendedRun; readonly state: RunStateBody } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw bad('format', 'The run state must be an object (a SuspendedRun or a ReActRunState)');
  }
  const run = value as SuspendedRun;
  const runId = typeof run.runId === 'string' ? run.runId : undefined;
  if (run.format !== SUSPENDED_RUN_FORMAT) {
    throw bad('format', `The run state’s format must be "${SUSPENDED_RUN_FORMAT}"`, runId);
  }
  if (run.version !== SUSPENDED_STATE_VERSION) {
    throw bad(
      'version',
      `The run state has version ${JSON.stringify(run.version)}; this agent reads version ${SUSPENDED_STATE_VERSION}`,
      runId,
    );
  }
  if (runId === undefined || runId === '') throw bad('format', 'The run state has no runId');
  if (run.agent !== agentName) {
    throw bad(
      'agent',
      `The run state was saved by agent ${JSON.stringify(run.agent)}, not by "${agentName}"`,
      runId,
    );
  }
  if (signingKey !== undefined) verifySuspendedRun(signingKey, run);
  if (!Array.isArray(run.requests)) throw bad('format', 'The run state has no requests', runId);
  const state = readBody(run.state, runId);
  if (run.requests.length === 0) {
    if (state.turn !== undefined || state.pending !== undefined) {
      throw bad('format', 'The run state’s requests do not match its state', runId);
    }
    readProgress(state, runId);
    return { run, state };
  }
  const waiting = readWaiting(state, runId);
  if (run.requests.length !== waiting.pending.length) {
    throw bad('format', 'The suspended run’s requests do not match its state', runId);
  }
  waiting.pending.forEach((decision, index) => {
    if (run.requests[index]?.id !== decision.requestId) {
      throw bad('format', 'The suspended run’s requests do not match its state', runId);
    }
  });
  const reply = waiting.turn.at(-1) as Message;
  const missing = (reply.toolCalls ?? [])
    .map((call) => call.function.name)
    .filter((name) => !tools.has(name));
  if (missing.length > 0) {
    throw bad(
      'tools',
      `The suspended run calls tools this agent does not have: ${[...new Set(missing)].join(', ')}`,
      runId,
    );
  }
  return { run, state: waiting };
}

/**
 * Checks a suspended run handed to `resume`: a run state (`readRunState`) that waits for decisions.
 *
 * @throws SuspendedRunError naming the problem (`format` for a run state that waits for none).
 */
export function readSuspendedRun(
  suspended: unknown,
  agentName: string,
  signingKey: Uint8Array | undefined,
  tools: ToolCatalog,
): { readonly run: SuspendedRun; readonly state: SuspendedState } {
  const { run, state } = readRunState(suspended, agentName, signingKey, tools);
  if (run.requests.length === 0) {
    throw bad(
      'format',
      'The run state waits for no decision: it is not a suspended run (step it with agent.step)',
      run.runId,
    );
  }
  return { run, state: state as SuspendedState };
}

/** What every state has: iteration, prior work, the optional parts well-formed. */
function readBody(value: unknown, runId: string): RunStateBody {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw bad('format', 'The run state has no state', runId);
  }
  const state = value as Record<string, unknown>;
  const iteration = state.iteration;
  if (!Number.isSafeInteger(iteration) || (iteration as number) < 0) {
    throw bad('format', 'The run state has no iteration', runId);
  }
  if (!Array.isArray(state.calls) || !Array.isArray(state.tools)) {
    throw bad('format', 'The run state has no calls or tools record', runId);
  }
  for (const field of ['history', 'steering', 'next'] as const) {
    if (state[field] !== undefined) messages(state[field], field, runId);
  }
  try {
    checkPrincipal(state.principal, 'principal');
  } catch {
    throw bad('format', 'The run state’s principal is malformed', runId);
  }
  if (
    state.denied !== undefined &&
    (!Array.isArray(state.denied) ||
      state.denied.some(
        (call: { index?: unknown; reason?: unknown } | null) =>
          call === null || !Number.isSafeInteger(call.index) || typeof call.reason !== 'string',
      ))
  ) {
    throw bad('format', 'The run state’s denied calls are malformed', runId);
  }
  if (
    state.steering !== undefined &&
    (state.steering as Message[]).some((m) => m.role !== 'user')
  ) {
    throw bad('format', 'The run state’s steering messages must be user messages', runId);
  }
  if (
    state.state !== undefined &&
    (state.state === null || typeof state.state !== 'object' || Array.isArray(state.state))
  ) {
    throw bad('format', 'The run state’s state must be an object', runId);
  }
  const computeMs = state.computeMs;
  if (computeMs !== undefined && !(typeof computeMs === 'number' && computeMs >= 0)) {
    throw bad('format', 'The run state’s computeMs must be a non-negative number', runId);
  }
  return value as unknown as RunStateBody;
}

/** A state between steps: a prompt not sent yet, or iterations done; an ending well-formed. */
function readProgress(state: RunStateBody, runId: string): void {
  if (state.prompt !== undefined) {
    const [prompt] = messages([state.prompt], 'prompt', runId);
    if (prompt?.role !== 'user')
      throw bad('format', 'The run state’s prompt must be a user message', runId);
  } else if (state.iteration < 1 && state.outcome === undefined) {
    throw bad('format', 'The run state has neither a prompt nor an iteration done', runId);
  }
  const outcome = state.outcome;
  if (outcome === undefined) return;
  const ended =
    outcome === 'final'
      ? state.final !== null &&
        typeof state.final === 'object' &&
        typeof state.final.content === 'string'
      : outcome === 'stopped' &&
        state.stopped !== null &&
        typeof state.stopped === 'object' &&
        typeof state.stopped.reason === 'string' &&
        typeof state.stopped.message === 'string';
  if (!ended) throw bad('format', 'The run state’s outcome is malformed', runId);
}

/** A suspended run's state: the waiting turn and its pending decisions. */
function readWaiting(state: RunStateBody, runId: string): SuspendedState {
  if (state.iteration < 1) throw bad('format', 'The suspended run’s state has no iteration', runId);
  const turn = messages(state.turn, 'turn', runId);
  const reply = turn.at(-1);
  if (reply === undefined || reply.role !== 'assistant' || (reply.toolCalls?.length ?? 0) === 0) {
    throw bad('format', 'The suspended run’s turn does not end with a reply calling tools', runId);
  }
  const calls = (reply.toolCalls ?? []).length;
  const pending: unknown = state.pending;
  if (
    !Array.isArray(pending) ||
    pending.length === 0 ||
    pending.some(
      (decision: { requestId?: unknown; index?: unknown }) =>
        decision === null ||
        typeof decision !== 'object' ||
        typeof decision.requestId !== 'string' ||
        !Number.isSafeInteger(decision.index) ||
        (decision.index as number) < 0 ||
        (decision.index as number) >= calls,
    )
  ) {
    throw bad('format', 'The suspended run’s pending decisions are malformed', runId);
  }
  return state as SuspendedState;
}

function messages(value: unknown, field: string, runId: string): Message[] {
  if (!Array.isArray(value)) throw bad('format', `The run state’s ${field} is not a list`, runId);
  try {
    return value.map((message, index) => validateMessage(message, `state.${field}[${index}]`));
  } catch (error) {
    throw new SuspendedRunError(
      'format',
      `The run state’s ${field} holds an invalid message: ${error instanceof Error ? error.message : String(error)}`,
      { runId, cause: error },
    );
  }
}

function bad(problem: Problem, message: string, runId?: string): SuspendedRunError {
  return new SuspendedRunError(problem, message, runId === undefined ? undefined : { runId });
}
