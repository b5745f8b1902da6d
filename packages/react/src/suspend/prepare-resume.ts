import {
  ConversationConflictError,
  type MemoryProvider,
  RunConflictError,
  type RunStore,
  type SuspendedRun,
  ValidationError,
} from '@aigo/ai';
import { checkPrincipalMayContinue } from '../guardrails/check-principal.js';
import type { AgentSettings, RunInput } from '../loop/agent-settings.js';
import { canonicalJson } from './canonical-json.js';
import { type CallDecision, checkResponses } from './check-responses.js';
import { readSuspendedRun } from './read-suspended-run.js';
import type { RunStateBody, SuspendedState } from './suspended-state.js';

/** A resume, checked and claimed: what the resumed run starts from. */
export interface ResumePlan {
  readonly run: SuspendedRun;
  readonly state: SuspendedState;
  /** The decision for every call of the waiting reply, by index. */
  readonly decisions: readonly CallDecision[];
  /** With a run store: the revision this resume's claim produced. */
  readonly revision: number | undefined;
}

/**
 * Everything a resume checks before it runs anything, in order: the suspended value (format,
 * version, agent, signature, state, tools), the responses (every request answered, edited arguments
 * valid), the memory (the one the run suspended on, still at the version it was), and — with a run
 * store — the claim (exactly one resume of a stored run proceeds).
 *
 * @throws SuspendedRunError, ValidationError, ConversationConflictError or RunConflictError.
 */
export async function prepareResume(
  settings: AgentSettings,
  input: RunInput,
  resume: NonNullable<RunInput['resume']>,
): Promise<ResumePlan> {
  const tools = settings.client.tools;
  const { run, state } = readSuspendedRun(
    resume.suspended,
    settings.name,
    settings.signingKey,
    tools,
  );
  if (input.runId !== run.runId) {
    throw new ValidationError(
      'runId',
      `must be the suspended run’s id, ${JSON.stringify(run.runId)}`,
    );
  }
  checkPrincipalMayContinue(
    state.principal,
    input.principal,
    settings.guards?.approverRoles,
    run.runId,
  );
  const decisions = await checkResponses(resume.responses, state, tools);
  const revision = await checkAndClaim(input, run, state);
  return { run, state, decisions, revision };
}

/**
 * What a run that goes on (a resume, a step) checks before it runs anything, after its value: with a
 * run store, that the stored run is this value, waiting; that the memory is the one the run was
 * saved on, still at the version it was; then the claim (exactly one of racing callers proceeds).
 * Resolves to the revision the claim produced (`undefined` without a run store).
 *
 * @throws ValidationError, ConversationConflictError or RunConflictError.
 */
export async function checkAndClaim(
  input: Pick<RunInput, 'runStore' | 'memory' | 'signal'>,
  run: SuspendedRun,
  state: RunStateBody,
): Promise<number | undefined> {
  const store = input.runStore;
  const options = input.signal === undefined ? undefined : { signal: input.signal };
  // A run resumed (or stepped) before, or gone, is refused first: that is the news, not the conversation.
  const stored = store === undefined ? undefined : await storedRevision(store, run, options);
  await checkMemory(input.memory, state, input.signal);
  if (store === undefined || stored === undefined) return undefined;
  if (!(await store.claim(run.runId, stored, options))) {
    throw new RunConflictError(
      run.runId,
      `Run ${JSON.stringify(run.runId)} was claimed by another caller first (a resume or a step of the same state)`,
      { expectedRevision: stored },
    );
  }
  return stored + 1;
}

async function checkMemory(
  memory: MemoryProvider | undefined,
  state: RunStateBody,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (state.history !== undefined) {
    if (memory !== undefined) {
      throw new ValidationError(
        'memory',
        'the run was saved without a memory: continue it without one (memory: null)',
      );
    }
    return;
  }
  if (memory === undefined) {
    throw new ValidationError(
      'memory',
      'the run was saved on a conversation: continue it with that memory',
    );
  }
  const suspendedOn = state.conversation?.id;
  if (suspendedOn !== undefined && memory.conversationId !== suspendedOn) {
    throw new ValidationError(
      'memory',
      `holds conversation ${JSON.stringify(memory.conversationId)}, the run was saved on ${JSON.stringify(suspendedOn)}`,
    );
  }
  const expected = state.conversation?.version;
  if (expected === undefined || typeof memory.readVersioned !== 'function') return;
  // The version is the whole conversation's; one message is all the read needs to bring.
  const { version } = await memory.readVersioned(
    signal === undefined ? { limit: 1 } : { signal, limit: 1 },
  );
  if (version !== expected) {
    throw new ConversationConflictError({
      conversationId: memory.conversationId,
      expectedVersion: expected,
      actualVersion: version,
      message: `The conversation${suspendedOn === undefined ? '' : ` ${JSON.stringify(suspendedOn)}`} changed while the run waited (saved at version ${expected}, now at ${version}): the run cannot go on on it`,
    });
  }
}

/** The revision of the stored run, checked to be this value, waiting for its decisions. */
async function storedRevision(
  store: RunStore,
  run: SuspendedRun,
  options: { readonly signal: AbortSignal } | undefined,
): Promise<number> {
  const stored = await store.load(run.runId, options);
  if (stored === undefined) {
    throw new RunConflictError(
      run.runId,
      `Run ${JSON.stringify(run.runId)} is not in the run store (continued and finished, deleted, or never saved)`,
    );
  }
  if (stored.status !== 'suspended') {
    throw new RunConflictError(
      run.runId,
      `Run ${JSON.stringify(run.runId)} was already claimed (by a resume or a step of this state)`,
      {
        actualRevision: stored.revision,
      },
    );
  }
  if (canonicalJson(stored.suspended) !== canonicalJson(run)) {
    throw new RunConflictError(
      run.runId,
      `Run ${JSON.stringify(run.runId)} in the run store is not the state given (it went on and was saved again since)`,
      { actualRevision: stored.revision },
    );
  }
  return stored.revision;
}
