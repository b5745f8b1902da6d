import type { IncomingMessage } from 'node:http';
import { ValidationError } from '@aigo/ai';
import { describe, positiveInteger } from '../options/validate.js';

/** A caller `authorize` let through and named: the server passes `principal` on (`ctx.a2a`). */
export interface AuthorizedCaller {
  /** Who the caller is (a user or service id; never a secret: it reaches the application). */
  readonly principal: string;
}

/**
 * Decides whether a request may use a server: `true` (or the caller, `{ principal }`, for the
 * server to pass on) lets it through, `false` (or a rejection) answers 401. It sees the request's
 * method, URL and headers — never read its body. `bearerAuth(tokens)` builds one.
 */
export type Authorize = (
  request: IncomingMessage,
) => boolean | AuthorizedCaller | Promise<boolean | AuthorizedCaller>;

/**
 * What every HTTP server of aigo takes to decide who may call it and how much it will take:
 * `serveA2A`, `serveMcp`'s HTTP transport and `devtools()` (which has its own token instead of
 * `authorize`).
 */
export interface ServerOptions {
  /**
   * More `Host` header values to accept (`my-box.local:3000`, or `agents.example.com` for any
   * port), besides the bound address and port (and, bound to loopback, `localhost`, `127.0.0.1` and
   * `[::1]`): any other Host is answered 421 — so a web page cannot reach the server through a DNS
   * name rebound to its address.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Web origins (`https://app.example.com`) that may call the server from a browser: they get CORS
   * headers and their preflights are answered. Any other `Origin` that is not the server's own is
   * answered 403. A request without `Origin` (not a browser) is not affected.
   */
  readonly allowedOrigins?: readonly string[];
  /** Decides whether a request may use the server (401 otherwise). Default: every request may. */
  readonly authorize?: Authorize;
  /**
   * Bound to an address other than loopback, a server without `authorize` refuses to start
   * (`ValidationError`) unless this is `true`: anyone who reaches it may then use it.
   */
  readonly allowUnauthenticated?: boolean;
  /** The largest request body read, in bytes; a larger one is answered 413. */
  readonly maxBodyBytes?: number;
  /**
   * How long a request's headers may take to arrive, and the longest pause while its body arrives,
   * in milliseconds (then the connection is closed). Default 10,000.
   */
  readonly headersTimeoutMs?: number;
  /**
   * How long a whole request (headers and body) may take to arrive, in milliseconds (then the
   * connection is closed). The answer is not counted: a stream that has started runs on. Default
   * 30,000.
   */
  readonly requestTimeoutMs?: number;
  /** How long an idle kept-alive connection stays open, in milliseconds. Default 5,000. */
  readonly keepAliveTimeoutMs?: number;
}

/** The names of {@link ServerOptions}, for a factory's check of unknown options. */
export const SERVER_OPTION_NAMES: readonly string[] = Object.freeze([
  'allowedHosts',
  'allowedOrigins',
  'authorize',
  'allowUnauthenticated',
  'maxBodyBytes',
  'headersTimeoutMs',
  'requestTimeoutMs',
  'keepAliveTimeoutMs',
]);

/** The default of `headersTimeoutMs`. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** The default of `requestTimeoutMs`. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** The default of `keepAliveTimeoutMs`. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** {@link ServerOptions} checked, with defaults. */
export interface ResolvedServerOptions {
  /** Lower-cased `host` or `host:port` values. */
  readonly allowedHosts: readonly string[];
  /** Lower-cased origins. */
  readonly allowedOrigins: readonly string[];
  readonly authorize: Authorize | undefined;
  readonly allowUnauthenticated: boolean;
  readonly maxBodyBytes: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
}

/** How {@link resolveServerOptions} reads the options of one server. */
export interface ResolveServerOptionsSettings {
  /** Where the options are, for error messages: `options`, `options.transport`. */
  readonly argument: string;
  /** The address the server binds: anything but loopback needs `authorize` or `allowUnauthenticated`. */
  readonly host: string;
  /** This server's default body limit. */
  readonly maxBodyBytes: number;
}

const HOST_ENTRY =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/**
 * Checks a server's {@link ServerOptions} and fills in the defaults.
 *
 * @throws ValidationError naming the option that is wrong — `<argument>.host` when the server
 *   would listen beyond this machine with nobody checking who calls.
 */
export function resolveServerOptions(
  options: ServerOptions,
  settings: ResolveServerOptionsSettings,
): ResolvedServerOptions {
  const at = (name: string): string => `${settings.argument}.${name}`;
  const allowedHosts = strings(options.allowedHosts, at('allowedHosts')).map((entry, index) => {
    const host = entry.toLowerCase();
    if (!HOST_ENTRY.test(host)) {
      throw new ValidationError(
        `${at('allowedHosts')}[${index}]`,
        'must be a host name or address, with an optional :port (no scheme, no path)',
      );
    }
    return host;
  });
  const allowedOrigins = strings(options.allowedOrigins, at('allowedOrigins')).map(
    (entry, index) => {
      const origin = URL.canParse(entry) ? new URL(entry).origin : 'null';
      if (origin === 'null' || origin !== entry.toLowerCase().replace(/\/$/, '')) {
        throw new ValidationError(
          `${at('allowedOrigins')}[${index}]`,
          'must be an origin: scheme, host and optional port (https://app.example.com)',
        );
      }
      return origin;
    },
  );
  const authorize = options.authorize;
  if (authorize !== undefined && typeof authorize !== 'function') {
    throw new ValidationError(
      at('authorize'),
      `must be a function of the request, got ${describe(authorize)}`,
    );
  }
  const allowUnauthenticated = options.allowUnauthenticated ?? false;
  if (typeof allowUnauthenticated !== 'boolean') {
    throw new ValidationError(at('allowUnauthenticated'), 'must be a boolean');
  }
  if (allowUnauthenticated && authorize !== undefined) {
    throw new ValidationError(at('allowUnauthenticated'), 'cannot be combined with authorize');
  }
  if (!isLoopbackHost(settings.host) && authorize === undefined && !allowUnauthenticated) {
    throw new ValidationError(
      at('host'),
      `${settings.host} is reachable beyond this machine: give authorize (bearerAuth(token), say) to decide who may call, or allowUnauthenticated: true if anyone who reaches it may`,
    );
  }
  const headersTimeoutMs = positiveInteger(
    options.headersTimeoutMs,
    at('headersTimeoutMs'),
    DEFAULT_HEADERS_TIMEOUT_MS,
  );
  const requestTimeoutMs = positiveInteger(
    options.requestTimeoutMs,
    at('requestTimeoutMs'),
    Math.max(DEFAULT_REQUEST_TIMEOUT_MS, headersTimeoutMs),
  );
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ValidationError(at('headersTimeoutMs'), 'must not be longer than requestTimeoutMs');
  }
  return {
    allowedHosts,
    allowedOrigins,
    authorize,
    allowUnauthenticated,
    maxBodyBytes: positiveInteger(options.maxBodyBytes, at('maxBodyBytes'), settings.maxBodyBytes),
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: positiveInteger(
      options.keepAliveTimeoutMs,
      at('keepAliveTimeoutMs'),
      DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    ),
  };
}

/**
 * Whether `host` is a loopback name or address: `localhost`, `127.0.0.0/8`, `::1` (bracketed or
 * not, IPv4-mapped too).
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
  const v4 = name.startsWith('::ffff:') ? name.slice('::ffff:'.length) : name;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function strings(value: unknown, argument: string): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && item !== '')) {
    throw new ValidationError(argument, 'must be an array of non-empty strings');
  }
  return value;
}
