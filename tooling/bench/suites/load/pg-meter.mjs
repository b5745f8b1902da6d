// Counts what a pg.Pool does for the load bench: statements sent (round trips), the time callers
// waited for a connection, and the time from sending a statement to its result — split into reads
// (before the request: the history) and writes (after the stream: the turn). Wraps the pool
// instance's own `query` (to learn which kind of statement a wait is for), `connect` (which
// `pool.query` calls too) and each client's `query` once, so the statements a store runs through
// checked-out clients count too.

/** A statement that changes rows is a write; anything else a read. */
function kindOf(config) {
  const text = typeof config === 'string' ? config : config?.text;
  return typeof text === 'string' && /\b(INSERT|UPDATE|DELETE)\b/.test(text) ? 'write' : 'read';
}

function emptyCounts() {
  return { statements: 0, statementMs: 0, waitMs: 0, waits: 0 };
}

/** Wraps `pool`; `take()` returns the counts since the last take (overall and by kind) and resets them. */
export function meterPool(pool) {
  let counts = { read: emptyCounts(), write: emptyCounts() };
  // The kind of the statement `pool.query` is about to wait for (it calls `connect` synchronously).
  let pendingKind = 'read';
  const metered = new WeakSet();
  const meterClient = (client) => {
    if (!client || metered.has(client)) return;
    metered.add(client);
    const query = client.query;
    client.query = function meteredQuery(...args) {
      const kind = counts[kindOf(args[0])];
      kind.statements++;
      const started = performance.now();
      const measured = () => {
        kind.statementMs += performance.now() - started;
      };
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last];
        args[last] = (...outcome) => {
          measured();
          return callback(...outcome);
        };
        return query.apply(this, args);
      }
      const result = query.apply(this, args);
      result?.then?.(measured, () => {});
      return result;
    };
  };
  const poolQuery = pool.query;
  pool.query = function meteredPoolQuery(config, ...rest) {
    pendingKind = kindOf(config);
    try {
      return poolQuery.call(this, config, ...rest);
    } finally {
      pendingKind = 'read';
    }
  };
  const connect = pool.connect;
  pool.connect = function meteredConnect(callback) {
    const started = performance.now();
    const kind = counts[pendingKind];
    const done = (client) => {
      kind.waitMs += performance.now() - started;
      kind.waits++;
      meterClient(client);
    };
    if (typeof callback === 'function') {
      return connect.call(this, (error, client, release) => {
        if (!error) done(client);
        callback(error, client, release);
      });
    }
    return connect.call(this).then((client) => {
      done(client);
      return client;
    });
  };
  return {
    take() {
      const { read, write } = counts;
      counts = { read: emptyCounts(), write: emptyCounts() };
      return {
        statements: read.statements + write.statements,
        statementMs: read.statementMs + write.statementMs,
        waitMs: read.waitMs + write.waitMs,
        waits: read.waits + write.waits,
        read,
        write,
      };
    },
  };
}
