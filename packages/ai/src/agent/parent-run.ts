import type { Usage } from '../chat/usage.js';
import type { CostSummary } from '../cost/cost.js';
import type { AgentEvent } from './agent-event.js';

/**
 * What a sub-run adds to the run that called it: its usage and its cost summary, each `undefined`
 * when unknown (a remote agent that reports none) — never counted as 0: the parent's summary is then
 * not `complete`.
 */
export interface SubRunCost {
  /** The sub-run's agent (the tool's name). */
  readonly agent: string;
  readonly usage: Usage | undefined;
  /** The sub-run's whole cost (its own sub-runs included, broken down by its `byAgent`). */
  readonly cost: CostSummary | undefined;
}

/** An event of a sub-run, as its tool hands it to the parent (which wraps it as `agent_event`). */
export interface SubRunEvent {
  /** The sub-run's agent (the tool's name). */
  readonly agent: string;
  /** The parent's tool call that runs the sub-run. */
  readonly toolCallId: string;
  readonly event: AgentEvent<unknown>;
}

/**
 * The agent run a tool call belongs to, as a tool that runs another agent sees it
 * (`ToolContext.parentRun`): where the sub-run's events go, where its cost adds up, and how deep the
 * nesting already is. Set by agent runs for their tools (`@aigo/react`); `undefined` outside a run.
 */
export interface ParentRun {
  /** The agents running, outermost first; the last is the agent whose tool this call is. */
  readonly path: readonly string[];
  /** True when the parent's events are streamed: a tool may then stream its sub-run to forward them. */
  readonly streams: boolean;
  /**
   * Hands one of the sub-run's events to the parent's stream, wrapped as an `agent_event` of the
   * parent's current iteration (a no-op when nobody streams the parent). A promise means the
   * parent's consumer is behind: wait for it before the next.
   */
  emit(event: SubRunEvent): Promise<void> | undefined;
  /** Adds a finished or stopped sub-run's usage and cost into the parent's (`byAgent`). */
  addSubRun(part: SubRunCost): void;
}
