/** The two ids of a W3C trace context: 32 and 16 lower-case hex digits, neither all zeros. */
export interface TraceIds {
  readonly traceId: string;
  readonly spanId: string;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const ALL_ZEROS = /^0+$/;

/** A sampled version-00 `traceparent` header for `ids`. */
export function formatTraceparent(ids: TraceIds): string {
  return `00-${ids.traceId}-${ids.spanId}-01`;
}

/**
 * The ids of a version-00 `traceparent` header (the first value when a header repeats), or
 * `undefined` when it is missing or malformed (wrong length, upper case, all-zero ids).
 */
export function parseTraceparent(
  header: string | readonly string[] | undefined,
): TraceIds | undefined {
  const value = typeof header === 'string' ? header : header?.[0];
  const match = value === undefined ? null : TRACEPARENT.exec(value.trim());
  if (match === null) return undefined;
  const [, traceId = '', spanId = ''] = match;
  if (ALL_ZEROS.test(traceId) || ALL_ZEROS.test(spanId)) return undefined;
  return { traceId, spanId };
}

/** `n` (from 1) as a hex id of `digits` digits: deterministic, never all zeros. */
export function hexId(n: number, digits: 16 | 32): string {
  return n.toString(16).padStart(digits, '0');
}
