import { createHash } from 'node:crypto';

/**
 * The pg-boss job id of a run: a UUID (version 5 layout) derived from the run id, so that
 * submitting a run twice inserts one job (pg-boss ignores a second job with the same id).
 */
export function jobIdOf(runId: string): string {
  const bytes = createHash('sha1').update(`aigo-graph-run\u0000${runId}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
