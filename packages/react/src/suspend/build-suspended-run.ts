import {
  type InteractionRequest,
  type MemoryProvider,
  type Message,
  SUSPENDED_RUN_FORMAT,
  type SuspendedRun,
} from '@aigo/ai';
import type { Overview } from '@aigo/client';
import type { PendingApprovals } from '../approval/pending-approvals.js';
import type { HeldTurn } from './deferring-memory.js';
import { priorCalls, priorTools } from './prior-work.js';
import { signSuspendedRun } from './sign-suspended-run.js';
import { SUSPENDED_STATE_VERSION, type SuspendedState, stateToJson } from './suspended-state.js';

/** What a run knows when it suspends. */
export interface SuspensionInput {
  readonly agent: string;
  readonly runId: string;
  readonly iteration: number;
  readonly held: HeldTurn;
  readonly approvals: PendingApprovals;
  readonly overview: Overview;
  /** The conversation so far of a run without a memory (its own memory's messages). */
  readonly history: readonly Message[] | undefined;
  /** The memory of a run on a conversation. */
  readonly memory: MemoryProvider | undefined;
  readonly signingKey: Uint8Array | undefined;
}

/** The JSON-serialisable value of a suspended run, signed when the agent has a key. */
export function buildSuspendedRun(input: SuspensionInput): SuspendedRun {
  const { overview, memory, held } = input;
  const summary = overview.costSummary();
  const conversationId = memory?.conversationId;
  const state: SuspendedState = {
    iteration: input.iteration,
    turn: held.messages,
    ...(input.history === undefined ? {} : { history: input.history }),
    ...(memory === undefined
      ? {}
      : {
          conversation: {
            ...(conversationId === undefined ? {} : { id: conversationId }),
            ...(held.version === undefined ? {} : { version: held.version }),
          },
        }),
    pending: input.approvals.pending,
    calls: priorCalls(overview),
    tools: priorTools(overview),
    usage: overview.totalUsage,
    cost: { total: summary.totalModelCost + summary.totalToolCost, currency: summary.currency },
  };
  const requests = JSON.parse(JSON.stringify(input.approvals.requests)) as InteractionRequest[];
  const unsigned = {
    format: SUSPENDED_RUN_FORMAT,
    version: SUSPENDED_STATE_VERSION,
    runId: input.runId,
    agent: input.agent,
    requests,
    state: stateToJson(state),
  } satisfies SuspendedRun;
  return input.signingKey === undefined ? unsigned : signSuspendedRun(input.signingKey, unsigned);
}
