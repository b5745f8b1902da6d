import {
  type Message,
  SUSPENDED_RUN_FORMAT,
  type SuspendedRun,
  SuspendedRunError,
  validateMessage,
} from '@aigo/ai';
import type { ToolCatalog } from '@aigo/client';
import { verifySuspendedRun } from './sign-suspended-run.js';
import { SUSPENDED_STATE_VERSION, type SuspendedState } from './suspended-state.js';

/**
 * Checks a suspended run handed to `resume` — its format and version, the agent that made it, its
 * signature (with a key), its state, and that the agent has every tool its reply calls — and
 * returns its state.
 *
 * @throws SuspendedRunError naming the problem; nothing has run.
 */
export function readSuspendedRun(
  suspended: unknown,
  agentName: string,
  signingKey: Uint8Array | undefined,
  tools: ToolCatalog,
): { readonly run: SuspendedRun; readonly state: SuspendedState } {
  if (suspended === null || typeof suspended !== 'object' || Array.isArray(suspended)) {
    throw bad('format', 'The suspended run must be an object (a SuspendedRun)');
  }
  const run = suspended as SuspendedRun;
  const runId = typeof run.runId === 'string' ? run.runId : undefined;
  if (run.format !== SUSPENDED_RUN_FORMAT) {
    throw bad('format', `The suspended run’s format must be "${SUSPENDED_RUN_FORMAT}"`, runId);
  }
  if (run.version !== SUSPENDED_STATE_VERSION) {
    throw bad(
      'version',
      `The suspended run has version ${JSON.stringify(run.version)}; this agent reads version ${SUSPENDED_STATE_VERSION}`,
      runId,
    );
  }
  if (runId === undefined || runId === '') throw bad('format', 'The suspended run has no runId');
  if (run.agent !== agentName) {
    throw bad(
      'agent',
      `The run was suspended by agent ${JSON.stringify(run.agent)}, not by "${agentName}"`,
      runId,
    );
  }
  if (signingKey !== undefined) verifySuspendedRun(signingKey, run);
  const state = readState(run.state, runId);
  if (!Array.isArray(run.requests) || run.requests.length !== state.pending.length) {
    throw bad('format', 'The suspended run’s requests do not match its state', runId);
  }
  state.pending.forEach((decision, index) => {
    if (run.requests[index]?.id !== decision.requestId) {
      throw bad('format', 'The suspended run’s requests do not match its state', runId);
    }
  });
  const reply = state.turn.at(-1) as Message;
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
  return { run, state };
}

function readState(value: unknown, runId: string): SuspendedState {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw bad('format', 'The suspended run has no state', runId);
  }
  const state = value as Record<string, unknown>;
  const iteration = state.iteration;
  if (!Number.isSafeInteger(iteration) || (iteration as number) < 1) {
    throw bad('format', 'The suspended run’s state has no iteration', runId);
  }
  const turn = messages(state.turn, 'turn', runId);
  const reply = turn.at(-1);
  if (reply === undefined || reply.role !== 'assistant' || (reply.toolCalls?.length ?? 0) === 0) {
    throw bad('format', 'The suspended run’s turn does not end with a reply calling tools', runId);
  }
  if (state.history !== undefined) messages(state.history, 'history', runId);
  const calls = (reply.toolCalls ?? []).length;
  const pending = state.pending;
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
  if (!Array.isArray(state.calls) || !Array.isArray(state.tools)) {
    throw bad('format', 'The suspended run’s state has no calls or tools record', runId);
  }
  return value as unknown as SuspendedState;
}

function messages(value: unknown, field: string, runId: string): Message[] {
  if (!Array.isArray(value))
    throw bad('format', `The suspended run’s ${field} is not a list`, runId);
  try {
    return value.map((message, index) => validateMessage(message, `state.${field}[${index}]`));
  } catch (error) {
    throw new SuspendedRunError(
      'format',
      `The suspended run’s ${field} holds an invalid message: ${error instanceof Error ? error.message : String(error)}`,
      { runId, cause: error },
    );
  }
}

function bad(
  problem: 'format' | 'version' | 'agent' | 'tools',
  message: string,
  runId?: string,
): SuspendedRunError {
  return new SuspendedRunError(problem, message, runId === undefined ? undefined : { runId });
}
