import type { AgentStopReason, JsonObject } from '@aigo/ai';
import { type Overview, type StructuredOverview, toStructuredOverview } from '@aigo/client';

/**
 * What a run that ended with a final answer resolves to: its overview (requests, responses, usage,
 * tool stats, `costSummary()`) with the typed `data`, `stopReason: 'final_answer'`, the number of
 * `iterations` (model calls, the JSON-only retry not counted) and the run's `state` (`ctx.state` as
 * the run left it).
 */
export type ReActOverview<T> = StructuredOverview<T> & {
  readonly stopReason: 'final_answer';
  readonly iterations: number;
  readonly state: JsonObject;
  /**
   * An agent with guardrails: what each guardrail's model calls (`ctx.client`) used, by guardrail
   * name — also counted in the run's own usage and cost.
   */
  readonly guardrails?: Readonly<Record<string, Overview>>;
};

/** The overview an `AgentStoppedError` of a ReAct run carries: what the run did until it stopped. */
export type ReActStoppedOverview = Overview & {
  readonly stopReason: AgentStopReason;
  readonly iterations: number;
  /** The run's state (`ctx.state`) when it stopped. */
  readonly state: JsonObject;
  /** An agent with guardrails: each guardrail's model calls, by name (see `ReActOverview`). */
  readonly guardrails?: Readonly<Record<string, Overview>>;
};

function define(
  overview: Overview,
  stopReason: string,
  iterations: number,
  state: JsonObject,
): void {
  Object.defineProperty(overview, 'stopReason', { value: stopReason, enumerable: true });
  Object.defineProperty(overview, 'iterations', { value: iterations, enumerable: true });
  Object.defineProperty(overview, 'state', { value: state, enumerable: true });
}

/** Marks `overview` as a finished run with its data and state. */
export function finishedOverview<T>(
  overview: Overview,
  data: T,
  iterations: number,
  state: JsonObject,
): ReActOverview<T> {
  const structured = toStructuredOverview(overview, data);
  define(structured, 'final_answer', iterations, state);
  return structured as ReActOverview<T>;
}

/** Marks `overview` as a run stopped for `stopReason`. */
export function stoppedOverview(
  overview: Overview,
  stopReason: AgentStopReason,
  iterations: number,
  state: JsonObject,
): ReActStoppedOverview {
  define(overview, stopReason, iterations, state);
  return overview as ReActStoppedOverview;
}
