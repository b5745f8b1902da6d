import { inTransaction, withConnection } from '@aigo/pg';
import type { Pool } from 'pg';
import type { PgVectorMode } from './pg-vector-store-options.js';
import { insertSql, insertValues, type WriteRow } from './record-sql.js';
import type { TableNames } from './table-sql.js';

/** Records per INSERT statement of a write (all in one transaction). */
const INSERT_CHUNK = 500;

/**
 * Writes in one transaction: deletes the records of `documentIds` (when given), then inserts
 * `rows` in statements of {@link INSERT_CHUNK}, replacing the records whose id exists. A failure
 * rolls it all back; an aborted `signal` cancels the statement in flight.
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
