import { TurnLocks } from '@aigo/ai';
import type { TableNames } from './table-names.js';

/** Turn locks by table (`schema.table`), for one pool or connection string. */
type LocksByTable = Map<string, TurnLocks<string>>;

// The turn locks of the process, so that every memory object of one conversation shares one lock —
// whether it came from one store, from several stores, or from `pgMemory(…)` per request — as long
// as they reach the same tables the same way: through one `pg.Pool` (kept weakly), or through equal
// connection strings (a few bytes per distinct string; a conversation's entry goes as soon as its
// last turn has released). Memories that reach one database differently are not serialised in the
// process, and need none of this: their versioned writes conflict instead.
const byPool = new WeakMap<object, LocksByTable>();
const byConnectionString = new Map<string, LocksByTable>();

/**
 * The turn locks (keyed by conversation id) of the memories that use `source` (a pool, or the
 * connection string a store creates its pool from) and the tables `names`.
 */
export function sharedTurnLocks(source: object | string, names: TableNames): TurnLocks<string> {
  let tables: LocksByTable | undefined =
    typeof source === 'string' ? byConnectionString.get(source) : byPool.get(source);
  if (tables === undefined) {
    tables = new Map();
    if (typeof source === 'string') byConnectionString.set(source, tables);
    else byPool.set(source, tables);
  }
  const key = `${names.schema}.${names.table}`;
  let locks = tables.get(key);
  if (locks === undefined) {
    locks = new TurnLocks<string>();
    tables.set(key, locks);
  }
  return locks;
}
