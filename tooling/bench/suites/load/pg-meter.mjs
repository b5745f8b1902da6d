// Counts what a pg.Pool does for the load bench: statements sent (round trips) and the time callers
// waited for a connection. Wraps the pool instance's own `connect` (which `pool.query` calls too) and
// each client's `query` once (counting statements and the time from sending one to its result), so the statements a store runs through checked-out clients count too.

/** Wraps `pool`; `take()` returns the counts since the last take and resets them. */
export function meterPool(pool) {
  let statements = 0;
  let waitMs = 0;
  let waits = 0;
  let statementMs = 0;
  const metered = new WeakSet();
  const meterClient = (client) => {
    if (!client || metered.has(client)) return;
    metered.add(client);
    const query = client.query;
    client.query = function meteredQuery(...args) {
      statements++;
      const started = performance.now();
      const measured = () => {
        statementMs += performance.now() - started;
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
  const connect = pool.connect;
  pool.connect = function meteredConnect(callback) {
    const started = performance.now();
    const done = (client) => {
      waitMs += performance.now() - started;
      waits++;
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
      const counts = { statements, waitMs, waits, statementMs };
      statements = 0;
      statementMs = 0;
      waitMs = 0;
      waits = 0;
      return counts;
    },
  };
}
