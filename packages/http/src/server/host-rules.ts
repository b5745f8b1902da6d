import { networkInterfaces } from 'node:os';
import { isLoopbackHost } from './server-options.js';

/** Which `Host` and `Origin` values a server accepts. */
export interface HostRules {
  /** Whether the `Host` header names this server. */
  hostAllowed(host: string | undefined): boolean;
  /** Whether `origin` is the page's own: the same host as the request's (accepted) `Host`. */
  sameOrigin(origin: string, host: string): boolean;
  /** Whether `origin` is one of `allowedOrigins` (it gets CORS headers). */
  listedOrigin(origin: string): boolean;
}

/** What {@link hostRules} builds from. */
export interface HostRulesSettings {
  /** The address bound (`127.0.0.1`, `0.0.0.0`, `::`, a name). */
  readonly host: string;
  /** The port bound. */
  readonly port: number;
  /** `host` or `host:port` values given by the application (lower case). */
  readonly allowedHosts: readonly string[];
  /** Origins given by the application (lower case). */
  readonly allowedOrigins: readonly string[];
  /** More `host[:port]` values that are the server's own (a public URL's host). */
  readonly ownHosts?: readonly string[];
}

const bracket = (address: string): string => (address.includes(':') ? `[${address}]` : address);

/** The names a server bound to `host` is reached by on this machine. */
function boundNames(host: string): string[] {
  const bound = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const names = new Set<string>([bracket(bound)]);
  const wildcard = bound === '0.0.0.0' || bound === '::' || bound === '';
  if (wildcard || isLoopbackHost(bound)) {
    for (const name of ['localhost', '127.0.0.1', '[::1]']) names.add(name);
  }
  if (wildcard) {
    // Any address of this machine's interfaces. An address in the Host header cannot be a
    // rebound name: a page that sends it was loaded from that address and port — this server.
    for (const list of Object.values(networkInterfaces())) {
      for (const entry of list ?? []) names.add(bracket(entry.address.toLowerCase()));
    }
  }
  return [...names];
}

/**
 * The `Host` and `Origin` rules of a server: its own names with its port (the bound address; on
 * loopback `localhost`, `127.0.0.1` and `[::1]` too; on a wildcard address every address of this
 * machine), `ownHosts`, and `allowedHosts` — an entry with a port matches that port, one without
 * matches the name on any port.
 */
export function hostRules(settings: HostRulesSettings): HostRules {
  const exact = new Set<string>();
  const anyPort = new Set<string>();
  for (const name of boundNames(settings.host)) {
    exact.add(`${name}:${settings.port}`);
    // A browser leaves the default port out of the Host header.
    if (settings.port === 80) exact.add(name);
  }
  for (const entry of [...(settings.ownHosts ?? []), ...settings.allowedHosts]) {
    const value = entry.toLowerCase();
    if (/:\d+$/.test(value)) exact.add(value);
    else anyPort.add(value);
  }
  const listed = new Set(settings.allowedOrigins);
  return {
    hostAllowed(host) {
      if (host === undefined) return false;
      const value = host.toLowerCase();
      if (exact.has(value)) return true;
      const port = /:\d+$/.exec(value);
      return anyPort.has(port === null ? value : value.slice(0, port.index));
    },
    sameOrigin(origin, host) {
      const value = origin.toLowerCase();
      const lower = host.toLowerCase();
      return value === `http://${lower}` || value === `https://${lower}`;
    },
    listedOrigin(origin) {
      return listed.has(origin.toLowerCase());
    },
  };
}
