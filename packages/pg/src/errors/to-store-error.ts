import { AigoError, MemoryError } from '@aigo/ai';
import {
  isConnectionLoss,
  isRetryablePgError,
  NETWORK_ERROR_CODES,
  sqlStateOf,
} from './pg-error-codes.js';
import type { ServerAddress } from './server-address.js';

/** What {@link toStoreError} found out about a failure, for the store's error class. */
export interface StoreErrorDetails {
  /** What pg threw. */
  readonly cause: unknown;
  /** The SQLSTATE, when PostgreSQL raised the error. */
  readonly pgCode: string | undefined;
  /** Whether the same work may succeed when run again (see `isRetryablePgError`). */
  readonly retryable: boolean;
}

/** Builds a store's typed error from a message and the details of the failure. */
export type StoreErrorFactory = (message: string, details: StoreErrorDetails) => AigoError;

/**
 * The default {@link StoreErrorFactory}: a `MemoryError` (the `@aigo/ai` error of a failed store)
 * with `pgCode` and the cause. It has no `retryable` field: a store whose callers need it passes a
 * factory of its own.
 */
export const memoryErrorFactory: StoreErrorFactory = (message, details) =>
  new MemoryError(message, {
    cause: details.cause,
    ...(details.pgCode === undefined ? {} : { pgCode: details.pgCode }),
  });

/** Options of {@link toStoreError}. */
export interface ToStoreErrorOptions {
  /** What was being done, as a sentence start (`Appending to "public"."aigo_messages"`). */
  readonly operation: string;
  /** Where the store connects (named in connection failures). */
  readonly server: ServerAddress;
  /** Builds the store's error class. Default {@link memoryErrorFactory}. */
  readonly make?: StoreErrorFactory;
}

/**
 * Turns anything a pg call threw into the store's typed error, saying what failed:
 * - an error PostgreSQL raised: `<operation> failed: <message> (SQLSTATE <code>)`, with `pgCode`; the
 *   server is named when the session was shut down;
 * - a network error: `cannot reach PostgreSQL at <host:port> (<code>)`;
 * - a connect timeout: `no connection to PostgreSQL at <host:port> within <n> ms (…)`;
 * - a lost connection: `the connection to PostgreSQL at <host:port> was lost`;
 * - anything else: `<operation> failed: <message>`.
 *
 * The password never appears (only host and port are named); aigo errors (a `ValidationError`, an
 * `AbortError`, an error already mapped) pass through unchanged.
 *
 * @example
 * try {
 *   await pool.query(sql, values);
 * } catch (error) {
 *   throw toStoreError(error, { operation: `Saving to ${label}`, server, make });
 * }
 */
export function toStoreError(error: unknown, options: ToStoreErrorOptions): AigoError {
  if (AigoError.isInstance(error)) return error;
  const { operation, server } = options;
  const make = options.make ?? memoryErrorFactory;
  const detail = error instanceof Error ? error.message : String(error);
  const retryable = isRetryablePgError(error);
  const pgCode = sqlStateOf(error);
  if (pgCode !== undefined) {
    const where = isConnectionLoss(error) ? ` (server ${server.label})` : '';
    return make(`${operation} failed: ${detail} (SQLSTATE ${pgCode})${where}`, {
      cause: error,
      pgCode,
      retryable,
    });
  }
  const details: StoreErrorDetails = { cause: error, pgCode: undefined, retryable };
  const code =
    error !== null && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) {
    return make(
      `${operation} failed: cannot reach PostgreSQL at ${server.label} (${code})`,
      details,
    );
  }
  if (/timeout/i.test(detail) && /connect/i.test(detail)) {
    const within =
      server.connectTimeoutMs === undefined ? '' : ` within ${server.connectTimeoutMs} ms`;
    return make(
      `${operation} failed: no connection to PostgreSQL at ${server.label}${within} (server unreachable, or every pooled connection busy): ${detail}`,
      details,
    );
  }
  if (isConnectionLoss(error)) {
    return make(
      `${operation} failed: the connection to PostgreSQL at ${server.label} was lost: ${detail}`,
      details,
    );
  }
  return make(`${operation} failed: ${detail}`, details);
}
