import pg, { type ClientConfig } from 'pg';

/** Where a store connects, for error messages: host and port, never credentials. */
export interface ServerAddress {
  /** `host:port` (or the socket directory and port). */
  readonly label: string;
  /** The connect timeout in milliseconds, when one is set. */
  readonly connectTimeoutMs: number | undefined;
}

/**
 * The host and port a pg configuration connects to, for messages (never the password). pg resolves
 * the connection string, `PG*` environment variables and defaults in the `Client` constructor, which
 * opens nothing; this reads the result.
 *
 * @throws the pg parser's error for a malformed connection string. It may quote the string, password
 *   included: never pass it on as a cause.
 */
export function serverAddressOf(config: ClientConfig): ServerAddress {
  const probe = new pg.Client(config);
  return { label: `${probe.host}:${probe.port}`, connectTimeoutMs: config.connectionTimeoutMillis };
}
