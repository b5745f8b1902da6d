import type { MemoryProvider } from '@aigo/ai';
import type { Overview } from '@aigo/client';
import { toolsAsk } from '../approval/pending-approvals.js';
import { DeferringMemory } from '../suspend/deferring-memory.js';
import type { ResumePlan } from '../suspend/prepare-resume.js';
import { replayPriorWork } from '../suspend/prior-work.js';
import type { RunStateBody } from '../suspend/suspended-state.js';
import type { AgentSettings, RunInput, RunStart } from './agent-settings.js';
import { type AgentSpan, startAgentSpan } from './agent-span.js';
import { ReActLoop } from './react-loop.js';

/** Where a run that goes on comes from. */
export interface RunOrigin {
  /** A resume, checked and claimed. */
  readonly plan?: ResumePlan | undefined;
  /** A step: the saved state it continues. */
  readonly saved?: RunStateBody | undefined;
  /** With a run store: the revision this run's claim produced. */
  readonly revision?: number | undefined;
}

/** A run set up: its loop and what the driver finishes it with. */
export interface OpenRun {
  readonly loop: ReActLoop;
  readonly overview: Overview;
  readonly agentSpan: AgentSpan | undefined;
  /** The memory the run writes to (its own for a run without one). */
  readonly baseMemory: MemoryProvider;
  /** True for a run without a memory (its conversation lives in its own, and in its saved state). */
  readonly ownMemory: boolean;
  /** The run's view of the memory, when it defers writes (approvals) or pins a version (steps). */
  readonly deferring: DeferringMemory | undefined;
}

/**
 * Sets a run up — new (`execute`), resumed or stepped: its overview (with the work of the run's
 * earlier parts replayed, so usage, cost and run time add up), its memory (a run without one gets
 * its own, holding the conversation saved so far), the deferring view of that memory when tools may
 * wait for approval or the run goes on from a saved version, its `invoke_agent` span and its loop.
 */
export async function openRun(
  settings: AgentSettings,
  input: RunInput,
  start: RunStart,
  origin: RunOrigin,
  localMemory: () => MemoryProvider,
): Promise<OpenRun> {
  const { client } = settings;
  const overview = client.createOverview({ agent: settings.name });
  const prior = origin.plan?.state ?? origin.saved;
  if (prior !== undefined) {
    replayPriorWork(overview, prior.calls, prior.tools);
    if (prior.computeMs !== undefined) overview.addPriorDuration(prior.computeMs);
  }
  const ownMemory = input.memory === undefined;
  const baseMemory = input.memory ?? localMemory();
  if (prior?.history !== undefined && prior.history.length > 0) {
    await baseMemory.appendMessages(prior.history);
  }
  const guards = settings.guards;
  const defers =
    prior !== undefined ||
    // Guardrails hold turns back (answers, a first turn), authorizeTool decides in the write.
    (guards !== undefined &&
      (guards.authorizeTool !== undefined ||
        guards.output.length > 0 ||
        guards.inputParallel.length > 0)) ||
    (settings.approval !== undefined && settings.approval !== 'none') ||
    (settings.approval === undefined && toolsAsk(client.tools));
  let loop: ReActLoop | undefined;
  const deferring = defers
    ? new DeferringMemory(
        baseMemory,
        (messages) => (loop as ReActLoop).holdBack(messages),
        prior?.conversation?.version,
      )
    : undefined;
  const memory = deferring?.view ?? baseMemory;
  const agentSpan = startAgentSpan(client.observer, settings, input.parentSpan, input.principal);
  const span = agentSpan?.span ?? input.parentSpan;
  loop = new ReActLoop(
    settings,
    input,
    { overview, memory, ownMemory, span },
    { baseMemory, deferring, plan: origin.plan, revision: origin.revision },
    start,
  );
  return { loop, overview, agentSpan, baseMemory, ownMemory, deferring };
}
