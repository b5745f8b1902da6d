import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ValidationError } from '@aigo/ai';
import { readRecordedRequest } from './read-request.js';
import type { RecordedRequest, RecordedRoute } from './recorded-route.js';
import { sendRouteResponse } from './send-route-response.js';
import { validateRoutes } from './validate-routes.js';

/** Options of `startRecordedServer`. */
export interface RecordedServerOptions {
  /**
   * How long an idle keep-alive connection stays open, in milliseconds (Node's default, 5 s, when
   * unset). `close()` closes every connection whatever this is.
   */
  readonly keepAliveTimeoutMs?: number;
}

/** A running recorded server. `await using server = await startRecordedServer(...)` closes it. */
export interface RecordedServer extends AsyncDisposable {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  readonly url: string;
  readonly port: number;
  /** Every request received so far, oldest first (matched or not). */
  readonly requests: readonly RecordedRequest[];
  /** The newest request, if any. */
  lastRequest(): RecordedRequest | undefined;
  /** Client sockets open right now. */
  readonly openSockets: number;
  /**
   * Resolves when every client socket open at the time of the call (or, if none is open yet, the
   * next one to open) has closed.
   */
  waitForSocketsClosed(): Promise<void>;
  /** Resolves once the server has received `count` requests in total (rejects if it closes first). */
  waitForRequests(count: number): Promise<void>;
  /** Adds routes after the ones given at start (tried after them, in order). */
  addRoutes(...routes: RecordedRoute[]): void;
  /** Closes every socket (`closeAllConnections`) and the server. Safe to call twice. */
  close(): Promise<void>;
}

interface LiveRoute {
  readonly route: RecordedRoute;
  remaining: number;
}

interface RequestWaiter {
  readonly count: number;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Starts a real `node:http` server on 127.0.0.1 (random port) that replays canned responses —
 * recorded JSON bodies and byte-exact SSE streams — with optional faults (reset, stall, drip, close
 * before response), and records every request so tests assert both directions of the wire.
 *
 * A request no route matches gets `404 {"error":{"message":"no recorded route for METHOD PATH"}}`.
 */
export async function startRecordedServer(
  routes: readonly RecordedRoute[],
  options: RecordedServerOptions = {},
): Promise<RecordedServer> {
  validateRoutes(routes);
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  const keepAlive = options.keepAliveTimeoutMs;
  if (keepAlive !== undefined && (!Number.isInteger(keepAlive) || keepAlive < 0)) {
    throw new ValidationError('options.keepAliveTimeoutMs', 'must be a non-negative integer');
  }

  const live: LiveRoute[] = routes.map(toLive);
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const socketClosed = new WeakMap<Socket, Promise<void>>();
  let nextSocketWaiters: Array<(socket: Socket) => void> = [];
  let requestWaiters: RequestWaiter[] = [];
  let closed = false;
  let closing: Promise<void> | undefined;

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const recorded = await readRecordedRequest(request);
    requests.push(recorded);
    requestWaiters = requestWaiters.filter((waiter) => {
      if (requests.length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
    const match = live.find(
      (entry) =>
        entry.remaining > 0 &&
        (entry.route.method ?? 'POST').toUpperCase() === recorded.method.toUpperCase() &&
        (typeof entry.route.path === 'string'
          ? entry.route.path === recorded.path
          : testRegExp(entry.route.path, recorded.path)),
    );
    if (match === undefined) {
      const body = JSON.stringify({
        error: { message: `no recorded route for ${recorded.method} ${recorded.path}` },
      });
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(body);
      return;
    }
    match.remaining--;
    if (match.route.respond !== undefined) {
      await match.route.respond(recorded, response);
      return;
    }
    sendRouteResponse(match.route, response);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        const message = error instanceof Error ? error.message : String(error);
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `recorded server: ${message}` } }));
      } else {
        response.destroy();
      }
    });
  });
  if (keepAlive !== undefined) server.keepAliveTimeout = keepAlive;

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socketClosed.set(
      socket,
      new Promise<void>((resolve) => {
        socket.once('close', () => {
          sockets.delete(socket);
          resolve();
        });
      }),
    );
    const waiters = nextSocketWaiters;
    nextSocketWaiters = [];
    for (const waiter of waiters) waiter(socket);
  });
  // A client that resets its connection must not crash the test run.
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  const close = (): Promise<void> => {
    if (closing !== undefined) return closing;
    closed = true;
    const waiters = requestWaiters;
    requestWaiters = [];
    for (const waiter of waiters) {
      waiter.reject(
        new Error(
          `The recorded server closed after ${requests.length} of ${waiter.count} requests`,
        ),
      );
    }
    const socketsClosed = [...sockets].map((socket) => socketClosed.get(socket) as Promise<void>);
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    for (const socket of sockets) socket.destroy();
    closing = Promise.all([serverClosed, ...socketsClosed]).then(() => undefined);
    return closing;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    lastRequest: () => requests.at(-1),
    get openSockets() {
      return sockets.size;
    },
    waitForSocketsClosed() {
      if (sockets.size > 0) {
        const pending = [...sockets].map((socket) => socketClosed.get(socket) as Promise<void>);
        return Promise.all(pending).then(() => undefined);
      }
      return new Promise<void>((resolve) => {
        nextSocketWaiters.push((socket) => {
          (socketClosed.get(socket) as Promise<void>).then(resolve);
        });
      });
    },
    waitForRequests(count: number) {
      if (!Number.isInteger(count) || count < 0) {
        throw new ValidationError('count', 'must be a non-negative integer');
      }
      if (requests.length >= count) return Promise.resolve();
      if (closed) {
        return Promise.reject(
          new Error(
            `The recorded server is closed and received ${requests.length} of ${count} requests`,
          ),
        );
      }
      return new Promise<void>((resolve, reject) => {
        requestWaiters.push({ count, resolve, reject });
      });
    },
    addRoutes(...more: RecordedRoute[]) {
      validateRoutes(more);
      live.push(...more.map(toLive));
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

function toLive(route: RecordedRoute): LiveRoute {
  return { route, remaining: route.times ?? Number.POSITIVE_INFINITY };
}

function testRegExp(pattern: RegExp, path: string): boolean {
  // A global or sticky RegExp keeps state between calls; start from the beginning every time.
  pattern.lastIndex = 0;
  return pattern.test(path);
}
