import type { ClientBase } from 'pg';

/**
 * Runs `work` between `BEGIN` and `COMMIT` on one connection (from `withConnection`); rolls back and
 * rethrows when it fails. A failed `ROLLBACK` (the connection is dead) is ignored: the server rolls
 * the transaction back itself when the session ends.
 *
 * @param begin - The opening statement. Default `BEGIN` (`BEGIN ISOLATION LEVEL SERIALIZABLE`, …).
 */
export async function inTransaction<T>(
  client: Pick<ClientBase, 'query'>,
  work: () => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  await client.query(begin);
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
