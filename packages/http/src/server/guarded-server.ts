import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { answerOptions, type CorsSettings, isPreflight, setCorsHeaders } from './cors.js';
import { type HostRules, hostRules } from './host-rules.js';
import { readRequestBody } from './request-body.js';
import type { Authorize, AuthorizedCaller, ResolvedServerOptions } from './server-options.js';

/** A request a server answered with an error: what is logged (never the body, query or headers). */
export interface RequestFailure {
  readonly status: number;
  /** What the client was told. */
  readonly message: string;
  /** The request's method, `-` when the request could not be read. */
  readonly method: string;
  /** The request's path, without its query; `-` when the request could not be read. */
  readonly path: string;
  /** The protocol's error code the server chose (a JSON-RPC code), when it chose one. */
  readonly code?: number | undefined;
  /** For the log only: the kind of error that failed the request (an exception's name). */
  readonly cause?: string | undefined;
}

/** Options of one error answer. */
export interface FailOptions {
  /** The protocol's error code (a JSON-RPC code). */
  readonly code?: number;
  /** More response headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** For the log only: the kind of error that failed the request. */
  readonly cause?: string;
}

/** What a guarded server's handler gets besides the request and the response. */
export interface GuardedRequest {
  /**
   * The request's body, at most `maxBodyBytes`; `undefined` when the request has been answered
   * instead (413 for a body too large, 408 for a body that stalled) or the client went away.
   */
  readBody(): Promise<Buffer | undefined>;
  /** Answers with an error — JSON, no stack, nothing of the request echoed — and logs it once. */
  fail(status: number, message: string, options?: FailOptions): void;
  /** Who the caller is, when `authorize` named it (`{ principal }`). */
  readonly principal: string | undefined;
}

/** What {@link startGuardedServer} serves, and how. */
export interface GuardedServerSettings {
  /** The address to bind. */
  readonly host: string;
  /** The port to bind; 0 picks a free one. */
  readonly port: number;
  /** The application's options, checked (`resolveServerOptions`). */
  readonly options: ResolvedServerOptions;
  /** More `host[:port]` values that are the server's own (the host of a public URL). */
  readonly ownHosts?: readonly string[] | undefined;
  /** The methods and headers a listed origin may use. */
  readonly cors: CorsSettings;
  /** Requests that need no authorization (a public card). */
  readonly isPublic?: ((request: IncomingMessage) => boolean) | undefined;
  /** Requests refused (403) when they have no `Origin` header. Default: none. */
  readonly requireOrigin?: ((request: IncomingMessage) => boolean) | undefined;
  /** The `WWW-Authenticate` value of a 401; `undefined` for none. */
  readonly challenge?: string | undefined;
  /** What a 401 says. Default `unauthorized`. */
  readonly unauthorizedMessage?: string | undefined;
  /** Headers of every answer the guard writes. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** The JSON body of an error answer. Default `{ "error": { "code": status, "message" } }`. */
  readonly errorBody?: ((failure: RequestFailure) => unknown) | undefined;
  /** Told once of each request answered with an error. */
  readonly log?: ((failure: RequestFailure) => void) | undefined;
  /** Answers a request that passed the checks. A rejection answers 500. */
  readonly handle: (
    request: IncomingMessage,
    response: ServerResponse,
    guarded: GuardedRequest,
  ) => void | Promise<void>;
}

/** A running guarded server. */
export interface GuardedServer {
  /** The `node:http` server (its timeouts are the options'). */
  readonly server: Server;
  /** The port it listens on. */
  readonly port: number;
  /** Stops listening and closes every connection, streams included. Idempotent. */
  close(): Promise<void>;
}

const isCaller = (value: unknown): value is AuthorizedCaller =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { principal?: unknown }).principal === 'string';

const defaultErrorBody = (failure: RequestFailure): unknown => ({
  error: { code: failure.status, message: failure.message },
});

const pathOf = (url: string | undefined): string => {
  const path = (url ?? '/').split('?', 1)[0] as string;
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
};

/**
 * Drops the rest of a body nobody will read, and closes the connection when it pauses longer than
 * `idleTimeoutMs` (Node would otherwise keep it until the request timeout).
 */
function lingerWhileArriving(request: IncomingMessage, idleTimeoutMs: number): void {
  const timer = setTimeout(() => request.socket.destroy(), idleTimeoutMs);
  timer.unref();
  const stop = (): void => clearTimeout(timer);
  request.on('data', () => timer.refresh());
  request.once('end', stop);
  request.once('close', stop);
  request.resume();
}

/**
 * Starts a `node:http` server that checks every request before `handle` sees it, in this order:
 * the `Host` header (421 unless the server's own or allowed: DNS rebinding), preflights (`OPTIONS`:
 * 204 for a listed origin, with only the server's methods and headers; 403 for another), the
 * `Origin` header (403 when present and neither the server's own nor listed; CORS headers for a
 * listed one), then `authorize` (401). The handler reads the body through `readBody` (413 past
 * `maxBodyBytes`, 408 when it stalls longer than `headersTimeoutMs`). Headers that take longer
 * than `headersTimeoutMs`, or a request longer than `requestTimeoutMs`, close the connection (with
 * a JSON 408 when nothing was answered yet); malformed HTTP gets a JSON 400. Every error answer is
 * JSON and is logged once, without the request's body.
 *
 * The one guard of aigo's servers (`serveA2A`, `serveMcp`, `devtools()`); exported for them.
 *
 * @throws the listen error when the address cannot be bound.
 */
export async function startGuardedServer(settings: GuardedServerSettings): Promise<GuardedServer> {
  const { options } = settings;
  const headers = settings.headers ?? {};
  const errorBody = settings.errorBody ?? defaultErrorBody;
  const log = settings.log;
  let rules: HostRules | undefined;
  // The request being answered on each connection, for the errors Node reports on the socket.
  const current = new WeakMap<Socket, { request: IncomingMessage; response: ServerResponse }>();

  const respond = (
    request: IncomingMessage,
    response: ServerResponse,
    failure: RequestFailure,
    extra?: Readonly<Record<string, string>>,
  ): void => {
    log?.(failure);
    if (response.headersSent) {
      response.destroy();
      return;
    }
    // Answered before its body arrived (refused, say): the rest is dropped as it comes, and a body
    // that stops coming closes the connection, as readBody's would.
    if (!request.complete) lingerWhileArriving(request, options.headersTimeoutMs);
    const body = JSON.stringify(errorBody(failure));
    response.writeHead(failure.status, {
      ...headers,
      ...extra,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
    });
    response.end(body);
  };
  const failer =
    (request: IncomingMessage, response: ServerResponse) =>
    (status: number, message: string, failOptions?: FailOptions): void =>
      respond(
        request,
        response,
        {
          status,
          message,
          method: request.method ?? 'GET',
          path: pathOf(request.url),
          code: failOptions?.code,
          cause: failOptions?.cause,
        },
        failOptions?.headers,
      );

  const run = (request: IncomingMessage, response: ServerResponse, principal?: string): void => {
    const fail = failer(request, response);
    const guarded: GuardedRequest = {
      fail,
      principal,
      async readBody() {
        const read = await readRequestBody(request, {
          maxBytes: options.maxBodyBytes,
          idleTimeoutMs: options.headersTimeoutMs,
        });
        if (read.kind === 'body') return read.body;
        if (read.kind === 'too_large') {
          fail(
            413,
            `the body is larger than ${options.maxBodyBytes} bytes`,
            read.drained ? undefined : { headers: { connection: 'close' } },
          );
        } else if (read.kind === 'stalled') {
          fail(408, 'the body stopped arriving', { headers: { connection: 'close' } });
        } else {
          response.destroy();
        }
        return undefined;
      },
    };
    const crashed = (error: unknown): void => {
      respond(request, response, {
        status: 500,
        message: 'internal error',
        method: request.method ?? 'GET',
        path: pathOf(request.url),
        cause: error instanceof Error ? error.name : typeof error,
      });
    };
    try {
      const done = settings.handle(request, response, guarded);
      if (done !== undefined) done.catch(crashed);
    } catch (error) {
      crashed(error);
    }
  };

  const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
    const socket = request.socket;
    current.set(socket, { request, response });
    response.once('close', () => {
      if (current.get(socket)?.request === request) current.delete(socket);
    });
    const fail = failer(request, response);
    const host = request.headers.host;
    if (rules === undefined || host === undefined || !rules.hostAllowed(host)) {
      fail(421, 'this server does not answer to that Host');
      return;
    }
    const origin = request.headers.origin;
    const own = origin !== undefined && rules.sameOrigin(origin, host);
    const listed = origin !== undefined && !own && rules.listedOrigin(origin);
    if (request.method === 'OPTIONS') {
      if (origin !== undefined && !own && !listed) {
        fail(403, 'this origin may not call the server');
        return;
      }
      if (!request.complete) lingerWhileArriving(request, options.headersTimeoutMs);
      answerOptions(response, origin, listed && isPreflight(request), settings.cors, headers);
      return;
    }
    if (origin !== undefined && !own && !listed) {
      fail(403, 'this origin may not call the server');
      return;
    }
    if (origin === undefined && settings.requireOrigin?.(request) === true) {
      fail(403, 'a request that changes something must come from the page itself');
      return;
    }
    if (listed) setCorsHeaders(response, origin as string, settings.cors);
    const authorize = options.authorize;
    if (authorize === undefined || settings.isPublic?.(request) === true) {
      run(request, response);
      return;
    }
    const refuse = (): void =>
      fail(
        401,
        settings.unauthorizedMessage ?? 'unauthorized',
        settings.challenge === undefined
          ? undefined
          : { headers: { 'www-authenticate': settings.challenge } },
      );
    const decide = (verdict: unknown): void => {
      if (verdict === true) run(request, response);
      else if (isCaller(verdict)) run(request, response, verdict.principal);
      else refuse();
    };
    let verdict: ReturnType<Authorize>;
    try {
      verdict = authorize(request);
    } catch {
      refuse();
      return;
    }
    if (typeof verdict === 'boolean' || isCaller(verdict)) decide(verdict);
    else Promise.resolve(verdict).then(decide, refuse);
  };

  const server = createServer(
    {
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs,
      keepAliveTimeout: options.keepAliveTimeoutMs,
      // How often Node looks for connections past those timeouts (its default is 30 s).
      connectionsCheckingInterval: Math.min(
        1000,
        Math.max(10, Math.floor(options.headersTimeoutMs / 4)),
      ),
    },
    onRequest,
  );
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const code = error.code;
    if (code === 'ECONNRESET' || code === 'EPIPE' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status =
      code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const message =
      status === 408
        ? 'the request took too long to arrive'
        : status === 431
          ? 'the request headers are too large'
          : 'malformed HTTP request';
    const open = current.get(socket);
    const failure: RequestFailure = {
      status,
      message,
      method: open?.request.method ?? '-',
      path: open === undefined ? '-' : pathOf(open.request.url),
    };
    log?.(failure);
    if (open === undefined || !open.response.headersSent) {
      const body = JSON.stringify(errorBody(failure));
      const head = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
      ];
      socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
      socket.once('finish', () => socket.destroy());
    } else {
      socket.destroy();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  rules = hostRules({
    host: settings.host,
    port,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    ownHosts: settings.ownHosts ?? [],
  });
  let closing: Promise<void> | undefined;
  return {
    server,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
