import type { AgentStopReason } from '@aigo/ai';
import { type Overview, type StructuredOverview, toStructuredOverview } from '@aigo/client';

/**
 * What a run that ended with a final answer resolves to: its overview (requests, responses, usage,
 * tool stats, `costSummary()`) with the typed `data`, `stopReason: 'final_answer'` and the number
 * of `iterations` (model calls, the JSON-only retry not counted).
 */
export type ReActOverview<T> = StructuredOverview<T> & {
  readonly stopReason: 'final_answer';
  readonly iterations: number;
};

/** The overview an `AgentStoppedError` of a ReAct run carries: what the run did until it stopped. */
export type ReActStoppedOverview = Overview & {
  readonly stopReason: AgentStopReason;
  readonly iterations: number;
};

function define(overview: Overview, stopReason: string, iterations: number): void {
  Object.defineProperty(overview, 'stopReason', { value: stopReason, enumerable: true });
  Object.defineProperty(overview, 'iterations', { value: iterations, enumerable: true });
}

/** Marks `overview` as a finished run with its data. */
export function finishedOverview<T>(
  overview: Overview,
  data: T,
  iterations: number,
): ReActOverview<T> {
  const structured = toStructuredOverview(overview, data);
  define(structured, 'final_answer', iterations);
  return structured as ReActOverview<T>;
}

/** Marks `overview` as a run stopped for `stopReason`. */
export function stoppedOverview(
  overview: Overview,
  stopReason: AgentStopReason,
  iterations: number,
): ReActStoppedOverview {
  define(overview, stopReason, iterations);
  return overview as ReActStoppedOverview;
}
