import type { NodeCheckpoint, Span, SuspendedRun } from '@aigo/ai';
import type { Overview } from '@aigo/client';
import type { DurableRecords } from '../durable/durable-lifecycle.js';
import type { ProgressRecords } from '../events/progress-events.js';
import type { SkipReason } from '../graph-result.js';
import type { GraphPlan } from '../plan/graph-plan.js';
import type { NodeResult, NodeResume, StoredNodeResult } from '../plan/node-types.js';
import type { NodeRecords } from './node-reports.js';
import { SKIPPED } from './node-state.js';

/**
 * What one execution knows about its nodes, by node index (per-node counters in typed arrays), and
 * how far it got. Shared by the parts of the execution — the scheduler, the edge joins and the
 * outcome — and read as it is by the node reports.
 */
export class ExecutionRecords implements NodeRecords, DurableRecords, ProgressRecords {
  readonly ids: readonly string[];
  /** How many nodes the graph has. */
  readonly total: number;
  /** Each node's state (`PENDING` … `SKIPPED` of `node-state.ts`). */
  readonly states: Uint8Array;
  readonly attempts: Int32Array;
  /** When each node started (`performance.now()`). */
  readonly started: Float64Array;
  readonly durations: Float64Array;
  readonly results: (StoredNodeResult | undefined)[];
  readonly errors: unknown[] = [];
  readonly skipReasons: (SkipReason | undefined)[] = [];
  readonly overviews: (Overview | undefined)[] = [];
  readonly spans: (Span | undefined)[] = [];
  /** The completed nodes' results by id, the `results` of edge conditions (only when an edge has one). */
  readonly completed: Record<string, NodeResult> | undefined;
  /** Nodes settled so far: completed, failed or skipped. */
  settled = 0;
  /** State writes and conditions not awaited inline: the execution finishes only once none is left. */
  pendingOps = 0;
  /** Set once, when the execution finishes or stops: nothing may happen to it after that. */
  finished = false;
  /**
   * A resumed durable run's settled nodes by index: each is settled from its checkpoint when it
   * comes up, instead of running again.
   */
  restored: (NodeCheckpoint | undefined)[] | undefined;
  /** Whether outputs must be JSON (a durable run). */
  jsonOnly = false;
  /** What each suspended node's agent suspended with. */
  readonly suspendedRuns: (SuspendedRun | undefined)[] = [];
  /** Nodes suspended so far: the execution suspends once nothing else can run. */
  suspendedCount = 0;
  /** A resumed run's suspended nodes by index: each runs again with what it resumes with. */
  resumes: (NodeResume | undefined)[] | undefined;
  /**
   * A suspended run executed without a resume: its checkpoint is replayed (nothing runs), and the
   * execution reports the suspension again.
   */
  replayOnly = false;

  constructor(plan: GraphPlan) {
    const n = plan.ids.length;
    this.ids = plan.ids;
    this.total = n;
    this.states = new Uint8Array(n);
    this.attempts = new Int32Array(n);
    this.started = new Float64Array(n);
    this.durations = new Float64Array(n);
    this.results = new Array(n);
    this.completed = plan.hasConditions ? Object.create(null) : undefined;
  }

  /** Marks a node that never ran skipped, and counts it settled. */
  skip(node: number, reason: SkipReason): void {
    this.states[node] = SKIPPED;
    this.skipReasons[node] = reason;
    this.settled++;
  }
}
