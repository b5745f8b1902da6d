/** Node's error codes of a connection that could not be made or broke (no SQLSTATE). */
export const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'ENOENT',
]);

const SQLSTATE = /^[0-9A-Z]{5}$/;

function codeOf(error: unknown): unknown {
  return error !== null && typeof error === 'object'
    ? (error as { code?: unknown }).code
    : undefined;
}

function messageOf(error: unknown): unknown {
  return error !== null && typeof error === 'object'
    ? (error as { message?: unknown }).message
    : undefined;
}

/**
 * The SQLSTATE of an error PostgreSQL raised (`42P01`), or `undefined` for anything else (a network
 * error, a driver error, a non-error).
 */
export function sqlStateOf(error: unknown): string | undefined {
  const code = codeOf(error);
  return typeof code === 'string' &&
    SQLSTATE.test(code) &&
    typeof (error as { severity?: unknown }).severity === 'string'
    ? code
    : undefined;
}

/**
 * Whether the connection (not the statement) failed: the server shut the session down (57P01 admin
 * shutdown, 57P02 crash shutdown, 57P03 cannot connect now), the connection broke (class 08), a
 * network error, or pg's `Connection terminated…`.
 */
export function isConnectionLoss(error: unknown): boolean {
  const code = codeOf(error);
  if (typeof code === 'string') {
    if (code === '57P01' || code === '57P02' || code === '57P03' || code.startsWith('08')) {
      return true;
    }
    if (NETWORK_ERROR_CODES.has(code)) return true;
  }
  const message = messageOf(error);
  return typeof message === 'string' && /^Connection terminated/.test(message);
}

/**
 * Whether a statement failed because its session died while it ran (the backend was killed, the
 * server restarted): a read that failed so is safe to run again on a fresh connection. (A write is
 * not: it may have committed.)
 */
export function isLostSession(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code === '57P01' ||
    code === '57P02' ||
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    messageOf(error) === 'Connection terminated unexpectedly'
  );
}

/** SQLSTATEs after which the same work, run again, may succeed. */
const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available (NOWAIT, lock_timeout)
  '53300', // too_many_connections
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
]);

/**
 * Whether running the same work again may succeed: a serialization failure or deadlock (the
 * transaction was rolled back), a lock not available, too many connections, the server shutting the
 * session down or starting up, a broken or refused connection, a connect timeout. Not a constraint
 * violation, a syntax error, a missing table… For a write whose connection was lost, retrying may
 * apply it twice: it may have committed before the loss.
 */
export function isRetryablePgError(error: unknown): boolean {
  const code = codeOf(error);
  if (typeof code === 'string' && (RETRYABLE_SQLSTATES.has(code) || code.startsWith('08'))) {
    return true;
  }
  if (isConnectionLoss(error)) return true;
  const message = messageOf(error);
  return typeof message === 'string' && /timeout/i.test(message) && /connect/i.test(message);
}
