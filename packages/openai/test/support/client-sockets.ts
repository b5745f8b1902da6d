// What the soak test counts in its own process: the TCP sockets it holds to a port, the resources
// that keep its event loop alive, and whether a connection pool has gone quiet.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Agent } from 'undici';

const SOCKET_LINK = /^socket:\[(\d+)\]$/;

/**
 * The TCP sockets this process has open to `port` (any state), or `undefined` on a machine without
 * Linux's /proc. Its descriptors that are sockets (`/proc/self/fd`) whose remote port, in
 * `/proc/net/tcp` and `/proc/net/tcp6`, is `port`: exactly the client's side, counted from `connect()`
 * until the descriptor is closed (when the client destroys the socket, not when the server notices).
 */
export function clientSocketsTo(port: number): number | undefined {
  let fds: string[];
  try {
    fds = readdirSync('/proc/self/fd');
  } catch {
    return undefined;
  }
  const inodes = new Set<string>();
  for (const fd of fds) {
    try {
      const match = SOCKET_LINK.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (match?.[1] !== undefined) inodes.add(match[1]);
    } catch {
      // closed between the listing and the read
    }
  }
  let count = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let table: string;
    try {
      table = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    // No regular expression on the table: V8 keeps the subject of the last match alive.
    for (const line of table.split('\n').slice(1)) {
      const columns = line.split(' ').filter((column) => column !== '');
      const remote = columns[2]?.split(':')[1];
      const inode = columns[9];
      if (remote === undefined || inode === undefined) continue;
      if (Number.parseInt(remote, 16) === port && inodes.has(inode)) count++;
    }
  }
  return count;
}

/** `process.getActiveResourcesInfo()` counted by type (`Timeout`, `TCPSocketWrap`, ...). */
export function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

/** The types whose count in `now` is above their count in `reference`, as `Type now > reference`. */
export function grownTypes(
  now: Record<string, number>,
  reference: Record<string, number>,
): string[] {
  return Object.entries(now)
    .filter(([type, count]) => count > (reference[type] ?? 0))
    .map(([type, count]) => `${type} ${count} > ${reference[type] ?? 0}`);
}

/** A pool's requests for `origin`: running, pending (on a connection), queued (waiting for one). */
export function poolBusy(pool: Agent, origin: string): number {
  const stats = (
    pool.stats as Record<string, { running: number; pending: number; queued: number }>
  )[origin];
  return stats === undefined ? 0 : stats.running + stats.pending + stats.queued;
}

/**
 * Waits, a turn of the event loop at a time (at most `turns`), until the pool runs, holds and queues
 * no request for `origin`, and then one turn more. Every call has settled by then, but undici may
 * still be opening a connection for a request it re-queued after an abort, only to drop it; and it
 * hands a connection whose response just ended back to its pool one turn later (an `Immediate`, the
 * socket still referenced until then). Resolves to what the pool still has (0 once quiet).
 */
export async function poolQuiet(pool: Agent, origin: string, turns = 20_000): Promise<number> {
  for (let turn = 0; turn < turns; turn++) {
    const busy = poolBusy(pool, origin) > 0;
    await nextTurn();
    if (!busy && poolBusy(pool, origin) === 0) return 0;
  }
  return poolBusy(pool, origin);
}
