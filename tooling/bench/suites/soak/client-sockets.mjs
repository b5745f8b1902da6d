// What the soak counts in its own process: the TCP sockets it holds to the server, and the active
// resources (timers, handles) that keep the event loop alive.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const SOCKET_LINK = /^socket:\[(\d+)\]$/;

/** The inodes of the sockets this process has open (its file descriptors that are sockets). */
function socketInodes() {
  const inodes = new Set();
  for (const fd of readdirSync('/proc/self/fd')) {
    let target;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed between the listing and the read (the listing's own descriptor, say)
    }
    const match = SOCKET_LINK.exec(target);
    if (match) inodes.add(match[1]);
  }
  return inodes;
}

/** Whether this machine lets a process count its TCP sockets (Linux's /proc). */
export function canCountSockets() {
  try {
    readFileSync('/proc/net/tcp', 'utf8');
    readdirSync('/proc/self/fd');
    return true;
  } catch {
    return false;
  }
}

/**
 * The TCP sockets this process has open to `port` on any address, in any state: its descriptors
 * that are sockets (`/proc/self/fd`) whose remote port, in `/proc/net/tcp` and `/proc/net/tcp6`, is
 * `port`. The server's side of a connection has `port` as its local port and is not counted, so this
 * is exact even with the server in the same process. A socket is counted from `connect()` until its
 * descriptor is closed, which is when the client destroys it, not when the server notices.
 */
export function clientSocketsTo(port) {
  const inodes = socketInodes();
  let count = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let table;
    try {
      table = readFileSync(file, 'utf8');
    } catch {
      continue; // no IPv6 on this machine
    }
    // No regular expression on the table: V8 keeps the subject of the last match alive, and the
    // table (every TCP socket of the machine, a megabyte on a busy one) would count as heap.
    const lines = table.split('\n');
    for (let i = 1; i < lines.length; i++) {
      const columns = lines[i].split(' ').filter((column) => column !== '');
      if (columns.length < 10) continue;
      const remotePort = Number.parseInt(columns[2].split(':')[1], 16);
      if (remotePort === port && inodes.has(columns[9])) count++;
    }
  }
  return count;
}

/**
 * `process.getActiveResourcesInfo()` counted by type (`Timeout`, `TCPSocketWrap`, `Immediate`, ...):
 * what keeps the event loop alive. Unreferenced timers and sockets (undici's idle keep-alive sockets,
 * the HTTP client's deadline timer) are not in it.
 */
export function activeResources() {
  const counts = {};
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}
