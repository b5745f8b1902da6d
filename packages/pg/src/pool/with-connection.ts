import { raceAbort, throwIfAborted } from '@aigo/ai';
import type { Pool, PoolClient } from 'pg';

/** What {@link withConnection} needs of a pool. */
export type ConnectablePool = Pick<Pool, 'connect'>;

/**
 * Runs `work` on a connection of its own (for a transaction, a session lock, several statements that
 * must share a session), and gives it back. An `error` listener covers the time the connection is
 * checked out, so a backend killed meanwhile cannot crash the process. A connection whose work
 * failed is destroyed instead of going back to the pool: it may be mid-transaction, holding a lock,
 * or dead.
 *
 * `signal` rejects at once with its `AbortError` — while waiting for a connection or while `work`
 * runs. The connection is then destroyed, which is what stops its statement: the server rolls back
 * its transaction and frees its locks when it notices the client is gone (at once when idle; when
 * the statement waits on a lock, once it gets it). A connection obtained after the abort goes back
 * to the pool unused.
 *
 * @example
 * await withConnection(pool, async (client) => {
 *   await client.query('SELECT pg_advisory_lock(1)');
 *   try { … } finally { await client.query('SELECT pg_advisory_unlock(1)'); }
 * }, signal);
 */
export async function withConnection<T>(
  pool: ConnectablePool,
  work: (client: PoolClient) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  throwIfAborted(signal);
  const connecting = pool.connect();
  let client: PoolClient;
  try {
    client = await raceAbort(connecting, signal);
  } catch (error) {
    connecting.then(
      (late) => late.release(),
      () => undefined,
    );
    throw error;
  }
  let failure: Error | undefined;
  const onError = (error: Error) => {
    failure = error;
  };
  client.on('error', onError);
  try {
    return await raceAbort(work(client), signal);
  } catch (error) {
    failure ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.off('error', onError);
    // A failed connection may be mid-transaction, locked or dead: destroy it rather than reuse it.
    client.release(failure);
  }
}
