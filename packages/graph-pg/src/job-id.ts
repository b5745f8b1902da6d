import { createHash } from 'node:crypto';

/**
 * The pg-boss job id of a run: a UUID (version 5 layout) derived from the run id — and, for a
 * resume, the suspension it answers (the run's fencing token when it suspended) — so that
 * submitting a run twice inserts one job, and each suspension's resume one more (pg-boss ignores a
 * second job with the same id).
 */
export function jobIdOf(runId: string, suspension?: number): string {
  const name =
    suspension === undefined
      ? `aigo-graph-run\u0000${runId}`
      : `aigo-graph-run\u0000${runId}\u0000resume\u0000${suspension}`;
  const bytes = createHash('sha1').update(name).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
