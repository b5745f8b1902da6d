import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CheckedServeOptions, ServeHttpTransport } from './serve-options.js';
import { createToolServer } from './tool-server.js';

/** A running Streamable HTTP endpoint. */
export interface HttpEndpoint {
  readonly url: string;
  /** Every open session's server (to announce tool list changes). */
  sessions(): Iterable<Server>;
  close(): Promise<void>;
}

/**
 * Serves the tools over Streamable HTTP with the SDK's transport, one stateful session (an SDK
 * `Server` and its transport) per `initialize`, with the transport's DNS-rebinding protection on:
 * only the allowed `Host` and `Origin` values (loopback names, the bound host, the ones given) get
 * through.
 */
export async function serveHttp(
  options: CheckedServeOptions,
  transport: Required<Omit<ServeHttpTransport, 'host'>> & { host: string },
): Promise<HttpEndpoint> {
  const sessions = new Map<string, { server: Server; transport: StreamableHTTPServerTransport }>();
  let allowedHosts: string[] = [];
  let allowedOrigins: string[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== transport.path) return reply(res, 404, 'Not found');
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (session === undefined) return reply(res, 404, 'Session not found');
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return reply(res, 400, 'No session: send initialize first');
    const sessionTransport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableDnsRebindingProtection: true,
      allowedHosts,
      allowedOrigins,
      onsessioninitialized: (id) => {
        sessions.set(id, { server, transport: sessionTransport });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    sessionTransport.onclose = () => {
      if (sessionTransport.sessionId !== undefined) sessions.delete(sessionTransport.sessionId);
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
    await sessionTransport.handleRequest(req, res);
    // A request that did not start a session (refused, or not an initialize) leaves nothing behind.
    if (sessionTransport.sessionId === undefined) await server.close();
  };
  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) reply(res, 500, 'Internal error');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(transport.port, transport.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  const host = transport.host.includes(':') ? `[${transport.host}]` : transport.host;
  const hostNames = new Set(['localhost', '127.0.0.1', '[::1]', host]);
  allowedHosts = [...hostNames].flatMap((name) => [name, `${name}:${port}`]);
  allowedHosts.push(...transport.allowedHosts);
  allowedOrigins = [
    ...allowedHosts.map((allowed) => `http://${allowed}`),
    ...transport.allowedOrigins,
  ];
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}${transport.path}`,
    sessions: () => [...sessions.values()].map((session) => session.server),
    close: () => {
      closing ??= (async () => {
        const open = [...sessions.values()];
        sessions.clear();
        await Promise.allSettled(open.map((session) => session.server.close()));
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
