import type { Overview } from '@aigo/client';
import type { NodeReport, SkipReason } from '../graph-result.js';
import type { NodeStatus, StoredNodeResult } from '../plan/node-types.js';
import { COMPLETED, FAILED, STATUS_NAMES } from './node-state.js';

/** What an execution knows about its nodes, by node index. */
export interface NodeRecords {
  readonly ids: readonly string[];
  readonly states: Uint8Array;
  readonly results: readonly (StoredNodeResult | undefined)[];
  readonly errors: readonly unknown[];
  readonly durations: Float64Array;
  readonly attempts: Int32Array;
  readonly skipReasons: readonly (SkipReason | undefined)[];
  readonly overviews: readonly (Overview | undefined)[];
}

/** Every node's frozen report, by id (a null-prototype record, so any id is a safe key). */
export function nodeReports(records: NodeRecords): Readonly<Record<string, NodeReport>> {
  const reports: Record<string, NodeReport> = Object.create(null);
  for (let node = 0; node < records.ids.length; node++) {
    const id = records.ids[node] as string;
    const state = records.states[node] as number;
    const result = records.results[node];
    const overview = records.overviews[node];
    const skipReason = records.skipReasons[node];
    reports[id] = Object.freeze({
      id,
      status: STATUS_NAMES[state] as NodeStatus,
      ...(state === COMPLETED && result !== undefined ? { result } : {}),
      ...(state === FAILED ? { error: records.errors[node] } : {}),
      durationMs: records.durations[node] as number,
      attempts: records.attempts[node] as number,
      ...(skipReason === undefined ? {} : { skipReason }),
      ...(overview === undefined ? {} : { overview }),
    });
  }
  return Object.freeze(reports);
}
