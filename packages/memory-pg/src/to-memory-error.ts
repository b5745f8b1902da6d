import type { AigoError } from '@aigo/ai';
import { memoryErrorFactory, type ServerAddress, toStoreError } from '@aigo/pg';

/**
 * Wraps anything a pg call threw as a `MemoryError` saying what failed (`toStoreError` of
 * `@aigo/pg`): `pgCode` is the SQLSTATE when PostgreSQL raised it, connection failures name the
 * server (host and port, never the password), and aigo errors pass through unchanged.
 *
 * @param operation - What was being done, as a sentence start (`Appending to "public"."aigo_messages"`).
 */
export function toMemoryError(error: unknown, operation: string, server: ServerAddress): AigoError {
  return toStoreError(error, { operation, server, make: memoryErrorFactory });
}
