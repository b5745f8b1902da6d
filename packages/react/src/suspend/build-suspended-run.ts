import {
  AgentStoppedError,
  copyRunState,
  type JsonObject,
  type Message,
  type SuspendedRun,
} from '@aigo/ai';
import type { Overview } from '@aigo/client';
import type { PendingApprovals } from '../approval/pending-approvals.js';
import type { AgentSettings, RunInput } from '../loop/agent-settings.js';
import type { RunExtras } from '../loop/loop-types.js';
import { stoppedOverview } from '../react-result.js';
import type { HeldTurn } from './deferring-memory.js';
import { sealRunState } from './seal-run-state.js';

/** What a run knows when it suspends. */
export interface SuspensionInput {
  readonly iteration: number;
  readonly held: HeldTurn;
  readonly approvals: PendingApprovals;
  readonly overview: Overview;
  /** True for a run without a memory: its conversation (its own memory's) goes into the value. */
  readonly ownMemory: boolean;
  /** The run's state (`ctx.state`), checked to be JSON and copied here. */
  readonly state: JsonObject;
  /** Steering messages not delivered yet: the resumed run's first model call reads them. */
  readonly steering: readonly Message[];
}

/**
 * Builds the JSON-serialisable value of a suspended run — signed when the agent has a key — and,
 * with a run store, saves it there (against the revision this run's claim produced, when it has
 * one), before the run rejects.
 */
export async function saveSuspendedRun(
  settings: AgentSettings,
  input: RunInput,
  extras: RunExtras,
  suspension: SuspensionInput,
): Promise<SuspendedRun> {
  const { held, approvals } = suspension;
  const memory = suspension.ownMemory ? undefined : extras.baseMemory;
  const conversationId = memory?.conversationId;
  const history = suspension.ownMemory ? await extras.baseMemory.allMessages() : undefined;
  const suspended = sealRunState(
    { agent: settings.name, runId: input.runId, signingKey: settings.signingKey },
    approvals.requests,
    {
      iteration: suspension.iteration,
      turn: held.messages,
      ...(history === undefined ? {} : { history }),
      ...(memory === undefined
        ? {}
        : {
            conversation: {
              ...(conversationId === undefined ? {} : { id: conversationId }),
              ...(held.version === undefined ? {} : { version: held.version }),
            },
          }),
      pending: approvals.pending,
      ...(approvals.denied.length === 0 ? {} : { denied: approvals.denied }),
      ...(input.principal === undefined ? {} : { principal: input.principal }),
      // Checked here: a state that is not JSON fails the run naming the key (`state.plan.due`).
      state: copyRunState(suspension.state),
      ...(suspension.steering.length === 0 ? {} : { steering: suspension.steering }),
    },
    suspension.overview,
  );
  const revision = extras.revision;
  await input.runStore?.save(suspended, {
    ...(revision === undefined ? {} : { expectedRevision: revision }),
    ...(input.signal === undefined ? {} : { signal: input.signal }),
  });
  return suspended;
}

/**
 * Suspends a run: saves it (`saveSuspendedRun`), ends its overview and returns the
 * `AgentStoppedError` (`stopReason: 'suspended'`) it rejects with.
 */
export async function suspendRun(
  settings: AgentSettings,
  input: RunInput,
  extras: RunExtras,
  suspension: SuspensionInput,
): Promise<AgentStoppedError> {
  const suspended = await saveSuspendedRun(settings, input, extras, suspension);
  const { overview, iteration, approvals } = suspension;
  overview.end();
  const count = approvals.requests.length;
  return new AgentStoppedError(
    'suspended',
    `The agent "${settings.name}" suspended its run at iteration ${iteration}: ${count} tool call${count === 1 ? '' : 's'} wait${count === 1 ? 's' : ''} for a decision`,
    stoppedOverview(overview, 'suspended', iteration, suspension.state),
    { suspended },
  );
}
