import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type GuardedRequest, observeFailures, startGuardedServer } from '@aigo/http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CheckedHttpTransport, CheckedServeOptions } from './serve-options.js';
import { createToolServer } from './tool-server.js';

/** A running Streamable HTTP endpoint. */
export interface HttpEndpoint {
  readonly url: string;
  /** Every open session's server (to announce tool list changes). */
  sessions(): Iterable<Server>;
  close(): Promise<void>;
}

/** One MCP session: its SDK server and transport, and the clock that closes it when idle. */
interface Session {
  readonly server: Server;
  readonly transport: StreamableHTTPServerTransport;
  readonly idle: NodeJS.Timeout;
  /** Requests in progress (event streams of GET not counted). */
  active: number;
}

// What a browser page on a listed origin may send and read.
const CORS = {
  methods: ['GET', 'POST', 'DELETE'],
  headers: [
    'content-type',
    'accept',
    'authorization',
    'mcp-session-id',
    'mcp-protocol-version',
    'last-event-id',
    'traceparent',
    'tracestate',
  ],
  exposeHeaders: ['mcp-session-id', 'mcp-protocol-version'],
};

const isInitialize = (message: unknown): boolean =>
  typeof message === 'object' &&
  message !== null &&
  (message as { method?: unknown }).method === 'initialize';

/**
 * Serves the tools over Streamable HTTP with the SDK's transport, one stateful session (an SDK
 * `Server` and its transport) per `initialize`, behind `@aigo/http`'s guard (Host, Origin,
 * `authorize`, body limit, timeouts: `startGuardedServer`). At most `maxSessions` sessions are
 * open (503 past it); one idle for `sessionIdleTimeoutMs` is closed, and its id is then answered
 * 404, as the transport's specification says of a session the server ended. Errors are JSON-RPC
 * error objects.
 */
export async function serveHttp(
  options: CheckedServeOptions,
  transport: CheckedHttpTransport,
): Promise<HttpEndpoint> {
  const sessions = new Map<string, Session>();
  // Sessions being opened (an `initialize` in progress): counted against the cap too.
  let opening = 0;
  const forget = (id: string): Session | undefined => {
    const session = sessions.get(id);
    if (session === undefined) return undefined;
    sessions.delete(id);
    clearTimeout(session.idle);
    return session;
  };
  const closeSession = (id: string): Promise<void> =>
    forget(id)
      ?.server.close()
      .catch(() => {}) ?? Promise.resolve();

  const inSession = (
    session: Session,
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
  ): Promise<void> => {
    session.idle.refresh();
    // A GET is the session's event stream, open for as long as the client likes: not activity.
    if (request.method !== 'GET') {
      session.active++;
      response.once('close', () => {
        session.active--;
        session.idle.refresh();
      });
    }
    return session.transport.handleRequest(request, response, body);
  };

  const open = async (
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
  ): Promise<void> => {
    const sessionTransport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        const idle = setTimeout(() => {
          const session = sessions.get(id);
          if (session !== undefined && session.active > 0) idle.refresh();
          else void closeSession(id);
        }, transport.sessionIdleTimeoutMs);
        idle.unref();
        sessions.set(id, { server, transport: sessionTransport, idle, active: 0 });
      },
      onsessionclosed: (id) => {
        forget(id);
      },
    });
    sessionTransport.onclose = () => {
      if (sessionTransport.sessionId !== undefined) forget(sessionTransport.sessionId);
    };
    const server = createToolServer({
      name: options.name,
      version: options.version,
      instructions: options.instructions,
      observer: options.observer,
      tools: options.tools,
      dynamic: options.toolSet !== undefined,
    });
    await server.connect(sessionTransport);
    await sessionTransport.handleRequest(request, response, body);
    // A request that did not start a session (refused by the SDK) leaves nothing behind.
    if (sessionTransport.sessionId === undefined) await server.close();
  };

  const handle = async (
    request: IncomingMessage,
    response: ServerResponse,
    { readBody, fail }: GuardedRequest,
  ): Promise<void> => {
    const path = (request.url ?? '/').split('?', 1)[0];
    if (path !== transport.path) return fail(404, 'Not found');
    let body: unknown;
    if (request.method === 'POST') {
      const raw = await readBody();
      if (raw === undefined) return;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return fail(400, 'Parse error: Invalid JSON', { code: -32700 });
      }
    }
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (session === undefined) return fail(404, 'Session not found', { code: -32001 });
      return inSession(session, request, response, body);
    }
    const initializing = Array.isArray(body) ? body.some(isInitialize) : isInitialize(body);
    if (!initializing) return fail(400, 'No session: send initialize first');
    if (sessions.size + opening >= transport.maxSessions) return fail(503, 'too many sessions');
    opening++;
    try {
      await open(request, response, body);
    } finally {
      opening--;
    }
  };

  const guarded = await startGuardedServer({
    host: transport.host,
    port: transport.port,
    options: transport.server,
    cors: CORS,
    challenge: 'Bearer',
    errorBody: (failure) => ({
      jsonrpc: '2.0',
      error: { code: failure.code ?? -32000, message: failure.message },
      id: null,
    }),
    log: observeFailures(options.observer, 'serveMcp'),
    handle,
  });
  const host = transport.host.includes(':') ? `[${transport.host}]` : transport.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${guarded.port}${transport.path}`,
    sessions: () => [...sessions.values()].map((session) => session.server),
    close: () => {
      closing ??= (async () => {
        await Promise.allSettled([...sessions.keys()].map(closeSession));
        await guarded.close();
      })();
      return closing;
    },
  };
}
