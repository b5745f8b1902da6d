import type { Observer, Span } from '@aigo/ai';
import type { Client } from '@aigo/client';
import type { CheckpointState } from '../durable/checkpoint-state.js';
import type { GraphEvent } from '../events/graph-events.js';
import type { ErrorStrategy } from '../plan/graph-options.js';
import type { GraphPlan } from '../plan/graph-plan.js';
import type { StateProvider } from '../state/state-provider.js';

/** The graph-wide settings an execution runs with. */
export interface ExecutionSettings {
  readonly plan: GraphPlan;
  readonly errorStrategy: ErrorStrategy;
  readonly maxConcurrency: number;
  readonly executionTimeout: number | undefined;
  readonly defaultClient: Client | undefined;
  readonly observer: Observer | undefined;
}

/** One execution's inputs. */
export interface ExecutionRequest {
  readonly state: StateProvider;
  readonly initialState: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal | undefined;
  /** The parent of the graph's span. */
  readonly span: Span | undefined;
  /** Receives progress events (streaming only; `undefined` makes none). */
  readonly emit: ((event: GraphEvent) => void) | undefined;
  /** Called once the execution has settled (to release its state provider). */
  readonly onSettled: (() => void) | undefined;
  /** The id of the run given to `execute` (else one is made when a node reads its attempt key). */
  readonly runId: string | undefined;
  /** The durable run's checkpoint, when the execution is durable (it is then also `state`). */
  readonly durable: CheckpointState | undefined;
}
