import { isLostSession, withConnection } from '@aigo/pg';
import type { Pool, QueryArrayConfig } from 'pg';

/** The most conversations one merged read asks for. */
export const MAX_BATCH = 32;

/** One read waiting in a batch: its statement's values after the conversation id, and its promise. */
interface PendingRead<Row> {
  readonly args: readonly unknown[];
  readonly resolve: (rows: Row[]) => void;
  readonly reject: (error: unknown) => void;
}

/** One read of a batch, as its statement gets it. */
export interface BatchedRead {
  readonly conversationId: string;
  /** The read's values after the conversation id (a bounded read's budget). */
  readonly args: readonly unknown[];
}

/** What a batch needs from its store. */
export interface BatchedReadsHost {
  readonly pool: Pool;
  /** Whether the store was closed (a lost session is then not retried). */
  readonly closed: boolean;
}

/**
 * Whether a statement sent now would wait for a connection: every connection the pool may open is
 * busy, or other callers wait already.
 */
export function poolIsBusy(pool: Pool): boolean {
  if (pool.waitingCount > 0) return true;
  return pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10);
}

/**
 * Merges the reads that would wait for a connection into one statement: the first read that finds
 * the pool busy opens a batch and waits for a connection; reads of other conversations that come
 * while it waits join the batch (up to {@link MAX_BATCH}); when the connection is there the batch
 * closes, and one statement reads every conversation of it from one snapshot. Under load, a
 * conversation's history then costs a fraction of a round trip and of a wait for a connection,
 * instead of one each; when the pool has a free connection, a read goes alone, as before.
 *
 * `statement(reads)` gets the batch's reads (conversation id, then the read's own values) and must
 * return rows whose first column is the conversation id, each conversation's rows in the order they
 * are wanted; each read gets its own rows without that column.
 */
export class BatchedReads<Row extends unknown[]> {
  readonly #host: BatchedReadsHost;
  readonly #statement: (reads: BatchedRead[]) => QueryArrayConfig;
  #open: Map<string, PendingRead<Row>> | undefined;

  constructor(host: BatchedReadsHost, statement: (reads: BatchedRead[]) => QueryArrayConfig) {
    this.#host = host;
    this.#statement = statement;
  }

  /**
   * Joins (or opens) the batch being gathered, when the pool is busy; `undefined` when the read
   * should go alone (a free connection, or a read of the same conversation is in the open batch).
   */
  read(conversationId: string, args: readonly unknown[] = []): Promise<Row[]> | undefined {
    let batch = this.#open;
    if (batch === undefined) {
      if (!poolIsBusy(this.#host.pool)) return undefined;
      batch = new Map();
      this.#open = batch;
      void this.#run(batch);
    } else if (batch.has(conversationId)) {
      return undefined;
    }
    const gathering = batch;
    const rows = new Promise<Row[]>((resolve, reject) => {
      gathering.set(conversationId, { args, resolve, reject });
    });
    if (gathering.size >= MAX_BATCH && this.#open === gathering) this.#open = undefined;
    return rows;
  }

  /** Waits for a connection, closes the batch, reads it, and hands each read its rows. */
  async #run(batch: Map<string, PendingRead<Row>>): Promise<void> {
    let rows: Row[];
    try {
      rows = await this.#query(batch);
    } catch (error) {
      for (const pending of batch.values()) pending.reject(error);
      return;
    }
    const byConversation = new Map<string, Row[]>();
    for (const row of rows) {
      const id = row[0] as string;
      let own = byConversation.get(id);
      if (own === undefined) {
        own = [];
        byConversation.set(id, own);
      }
      own.push(row.slice(1) as Row);
    }
    for (const [id, pending] of batch) pending.resolve(byConversation.get(id) ?? []);
  }

  /** The merged statement; once more on a fresh connection when the first lost its session. */
  async #query(batch: Map<string, PendingRead<Row>>): Promise<Row[]> {
    const { pool } = this.#host;
    const close = () => {
      if (this.#open === batch) this.#open = undefined;
    };
    const reads = (): BatchedRead[] =>
      Array.from(batch, ([conversationId, { args }]) => ({ conversationId, args }));
    try {
      return await withConnection(pool, async (client) => {
        close();
        return (await client.query<Row>(this.#statement(reads()))).rows;
      });
    } catch (error) {
      close();
      if (!isLostSession(error) || this.#host.closed) throw error;
      return (await pool.query<Row>(this.#statement(reads()))).rows;
    }
  }
}
