import { AigoError, MemoryError } from '@aigo/ai';

/** Where the store connects, for error messages: host and port, never credentials. */
export interface ServerAddress {
  /** `host:port` (or the socket directory and port). */
  readonly label: string;
  /** The connect timeout in milliseconds, when the store set one. */
  readonly connectTimeoutMs: number | undefined;
}

const NETWORK_CODES = new Set([
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

/**
 * SQLSTATE classes and codes meaning that the connection (not the statement) failed: the server
 * shut the session down (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now) or
 * the connection broke (class 08).
 */
export function isConnectionLoss(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code === '57P01' || code === '57P02' || code === '57P03' || code.startsWith('08')) {
      return true;
    }
    if (NETWORK_CODES.has(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && /^Connection terminated/.test(message);
}

/**
 * Wraps anything a pg call threw as a `MemoryError` saying what failed: `pgCode` is the SQLSTATE
 * when PostgreSQL raised it, connection failures name the server (host and port, never the
 * password), and aigo errors pass through unchanged.
 *
 * @param operation - What was being done, as a sentence start (`Appending to "public"."aigo_messages"`).
 */
export function toMemoryError(error: unknown, operation: string, server: ServerAddress): AigoError {
  if (AigoError.isInstance(error)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const code =
    error !== null && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  const isServerError =
    typeof code === 'string' &&
    SQLSTATE.test(code) &&
    typeof (error as { severity?: unknown }).severity === 'string';
  if (isServerError) {
    const where = isConnectionLoss(error) ? ` (server ${server.label})` : '';
    return new MemoryError(`${operation} failed: ${detail} (SQLSTATE ${code})${where}`, {
      cause: error,
      pgCode: code,
    });
  }
  if (typeof code === 'string' && NETWORK_CODES.has(code)) {
    return new MemoryError(
      `${operation} failed: cannot reach PostgreSQL at ${server.label} (${code})`,
      { cause: error },
    );
  }
  if (/timeout/i.test(detail) && /connect/i.test(detail)) {
    const within =
      server.connectTimeoutMs === undefined ? '' : ` within ${server.connectTimeoutMs} ms`;
    return new MemoryError(
      `${operation} failed: no connection to PostgreSQL at ${server.label}${within} (server unreachable, or every pooled connection busy): ${detail}`,
      { cause: error },
    );
  }
  if (isConnectionLoss(error)) {
    return new MemoryError(
      `${operation} failed: the connection to PostgreSQL at ${server.label} was lost: ${detail}`,
      { cause: error },
    );
  }
  return new MemoryError(`${operation} failed: ${detail}`, { cause: error });
}
