import {
  ConversationConflictError,
  type MemoryProvider,
  RunConflictError,
  type RunStore,
  type SuspendedRun,
  ValidationError,
} from '@aigo/ai';
import type { AgentSettings, RunInput } from '../loop/agent-settings.js';
import { canonicalJson } from './canonical-json.js';
import { type CallDecision, checkResponses } from './check-responses.js';
import { readSuspendedRun } from './read-suspended-run.js';
import type { SuspendedState } from './suspended-state.js';

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
  const decisions = await checkResponses(resume.responses, state, tools);
  const store = input.runStore;
  const options = input.signal === undefined ? undefined : { signal: input.signal };
  // A run resumed before (or gone) is refused first: that is the news, not the conversation.
  const stored = store === undefined ? undefined : await storedRevision(store, run, options);
  await checkMemory(input.memory, state, input.signal);
  if (store === undefined || stored === undefined) {
    return { run, state, decisions, revision: undefined };
  }
  if (!(await store.claim(run.runId, stored, options))) {
    throw new RunConflictError(
      run.runId,
      `Run ${JSON.stringify(run.runId)} was claimed by another resume first`,
      { expectedRevision: stored },
    );
  }
  return { run, state, decisions, revision: stored + 1 };
}

async function checkMemory(
  memory: MemoryProvider | undefined,
  state: SuspendedState,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (state.history !== undefined) {
    if (memory !== undefined) {
      throw new ValidationError(
        'memory',
        'the run was suspended without a memory: resume it without one',
      );
    }
    return;
  }
  if (memory === undefined) {
    throw new ValidationError(
      'memory',
      'the run was suspended on a conversation: resume it with that memory',
    );
  }
  const suspendedOn = state.conversation?.id;
  if (suspendedOn !== undefined && memory.conversationId !== suspendedOn) {
    throw new ValidationError(
      'memory',
      `holds conversation ${JSON.stringify(memory.conversationId)}, the run was suspended on ${JSON.stringify(suspendedOn)}`,
    );
  }
  const expected = state.conversation?.version;
  if (expected === undefined || typeof memory.readVersioned !== 'function') return;
  const { version } = await memory.readVersioned(signal === undefined ? {} : { signal });
  if (version !== expected) {
    throw new ConversationConflictError({
      conversationId: memory.conversationId,
      expectedVersion: expected,
      actualVersion: version,
      message: `The conversation${suspendedOn === undefined ? '' : ` ${JSON.stringify(suspendedOn)}`} changed while the run waited for decisions (suspended at version ${expected}, now at ${version}): the run cannot resume on it`,
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
      `Run ${JSON.stringify(run.runId)} is not in the run store (resumed and finished, deleted, or never saved)`,
    );
  }
  if (stored.status !== 'suspended') {
    throw new RunConflictError(
      run.runId,
      `Run ${JSON.stringify(run.runId)} was already claimed by another resume`,
      {
        actualRevision: stored.revision,
      },
    );
  }
  if (canonicalJson(stored.suspended) !== canonicalJson(run)) {
    throw new RunConflictError(
      run.runId,
      `Run ${JSON.stringify(run.runId)} in the run store is not the suspended run given (it was resumed and suspended again since)`,
      { actualRevision: stored.revision },
    );
  }
  return stored.revision;
}
