import { inTransaction, withConnection } from '@aigo/pg';
import type { Pool } from 'pg';
import type { PgVectorMode } from './pg-vector-store-options.js';
import { insertSql, insertValues, type WriteRow } from './record-sql.js';
import type { TableNames } from './table-sql.js';

/** Records per INSERT statement of a write (all in one transaction). */
const INSERT_CHUNK = 500;

/**
 * A transaction-level advisory lock per document (`$1`) of the table (`$2`), taken in the order of
 * their keys, so that two transactions replacing the same documents wait for each other instead
 * of deadlocking.
 */
export const documentLocksSql = `SELECT pg_advisory_xact_lock(k) FROM (
  SELECT DISTINCT hashtextextended($2::text || ':' || d, 0) AS k FROM unnest($1::text[]) AS d ORDER BY k
) AS keys`;

/**
 * Writes in one transaction: locks the documents of `documentIds` (when given) and deletes their
 * records, then inserts `rows` in statements of {@link INSERT_CHUNK}, replacing the records whose
 * id exists. A failure rolls it all back; an aborted `signal` cancels the statement in flight.
 */
export function writeRows(
  pool: Pool,
  names: TableNames,
  mode: PgVectorMode,
  rows: readonly WriteRow[],
  documentIds: readonly string[] | undefined,
  signal: AbortSignal | undefined,
): Promise<void> {
  const sql = insertSql(names, mode);
  return withConnection(
    pool,
    (client) =>
      inTransaction(client, async () => {
        if (documentIds !== undefined && documentIds.length > 0) {
          // Two writers replacing one document take turns: without the lock, a DELETE that started
          // before the other's INSERT committed would leave both versions' records.
          await client.query(documentLocksSql, [documentIds, names.qualified]);
          await client.query(`DELETE FROM ${names.qualified} WHERE document_id = ANY($1::text[])`, [
            documentIds,
          ]);
        }
        for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
          await client.query(sql, insertValues(rows.slice(start, start + INSERT_CHUNK), mode));
        }
      }),
    signal,
  );
}
