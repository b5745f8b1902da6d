import {
  type InteractionRequest,
  SUSPENDED_RUN_FORMAT,
  type SuspendedRun,
  type Usage,
} from '@aigo/ai';
import type { Overview } from '@aigo/client';
import { priorCalls, priorTools } from './prior-work.js';
import { signSuspendedRun } from './sign-suspended-run.js';
import { type RunStateBody, SUSPENDED_STATE_VERSION, stateToJson } from './suspended-state.js';

/** The parts of a run's state that the run's overview does not say. */
export type RunStateParts = Omit<RunStateBody, 'calls' | 'tools' | 'usage' | 'cost' | 'computeMs'>;

/** Whose run state it is, and how to sign it. */
export interface RunStateOwner {
  readonly agent: string;
  readonly runId: string;
  readonly signingKey: Uint8Array | undefined;
}

const NO_USAGE: Usage = Object.freeze({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });

/**
 * The JSON value of a run's state — a suspended run (with `requests`) or a run driven step by step
 * (none) — with the model calls and tool runs its `overview` recorded (so usage and cost add up when
 * it goes on) and its run time so far; signed when the agent has a key. Without an overview (a run
 * not started), nothing was spent.
 */
export function sealRunState(
  owner: RunStateOwner,
  requests: readonly InteractionRequest[],
  parts: RunStateParts,
  overview: Overview | undefined,
): SuspendedRun {
  const summary = overview?.costSummary();
  const body: RunStateBody = {
    ...parts,
    calls: overview === undefined ? [] : priorCalls(overview),
    tools: overview === undefined ? [] : priorTools(overview),
    usage: overview?.totalUsage ?? NO_USAGE,
    cost: {
      total: summary === undefined ? 0 : summary.totalModelCost + summary.totalToolCost,
      currency: summary?.currency ?? 'USD',
    },
    computeMs: overview === undefined ? 0 : overview.executionDuration(),
  };
  const unsigned = {
    format: SUSPENDED_RUN_FORMAT,
    version: SUSPENDED_STATE_VERSION,
    runId: owner.runId,
    agent: owner.agent,
    requests: JSON.parse(JSON.stringify(requests)) as InteractionRequest[],
    state: stateToJson(body),
  } satisfies SuspendedRun;
  return owner.signingKey === undefined ? unsigned : signSuspendedRun(owner.signingKey, unsigned);
}
