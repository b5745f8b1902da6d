import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';

/** What the test server saw. */
export interface TestServerLog {
  /** Headers of every POST. */
  readonly headers: IncomingHttpHeaders[];
  /** Names of the requests cancelled by `notifications/cancelled`. */
  readonly cancelled: string[];
  /** `_meta` of every tools/call. */
  readonly metas: (Record<string, unknown> | undefined)[];
}

/** A running test server. */
export interface TestHttpServer {
  readonly url: string;
  readonly log: TestServerLog;
  /** Resolves when a `slow` call has started (so a test can abort it). */
  slowStarted(): Promise<void>;
  /** Resolves when a `slow` call was cancelled by the client. */
  slowCancelled(): Promise<void>;
  close(): Promise<void>;
}

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const BASE_TOOLS: Tool[] = [
  {
    name: 'echo',
    description: 'Echoes text',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  { name: 'rich', description: 'Returns every kind of content', inputSchema: { type: 'object' } },
  { name: 'fail', description: 'Fails', inputSchema: { type: 'object' } },
  {
    name: 'strict',
    description: 'Needs a number n',
    inputSchema: { type: 'object', properties: { n: { type: 'number' } } },
  },
  { name: 'slow', description: 'Runs until cancelled', inputSchema: { type: 'object' } },
  { name: 'progress', description: 'Reports progress', inputSchema: { type: 'object' } },
  { name: 'unlock', description: 'Adds the secret tool', inputSchema: { type: 'object' } },
  { name: 'trace', description: 'Tells the traceparent it got', inputSchema: { type: 'object' } },
  {
    name: 'files/read.v2',
    description: 'A name providers reject',
    inputSchema: { type: 'object' },
  },
];

const SECRET: Tool = {
  name: 'secret',
  description: 'Only there after unlock',
  inputSchema: { type: 'object' },
};

function createTestServer(log: TestServerLog, hooks: Hooks): Server {
  const server = new Server(
    { name: 'http-test', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: hooks.unlocked ? [...BASE_TOOLS, SECRET] : BASE_TOOLS,
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = request.params.arguments ?? {};
    log.metas.push(request.params._meta as Record<string, unknown> | undefined);
    switch (request.params.name) {
      case 'echo':
        return { content: [{ type: 'text', text: String(args.text) }] };
      case 'rich':
        return {
          content: [
            { type: 'text', text: 'Here is everything.' },
            { type: 'image', data: PNG, mimeType: 'image/png' },
            { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
            {
              type: 'resource',
              resource: {
                uri: 'file:///report.pdf',
                mimeType: 'application/pdf',
                blob: 'JVBERg==',
              },
            },
            {
              type: 'resource',
              resource: { uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'notes' },
            },
            {
              type: 'resource_link',
              uri: 'file:///big.csv',
              name: 'big.csv',
              mimeType: 'text/csv',
            },
          ],
          structuredContent: { count: 6 },
        };
      case 'fail':
        return { content: [{ type: 'text', text: 'The database is down' }], isError: true };
      case 'strict':
        if (typeof args.n !== 'number') {
          throw new McpError(ErrorCode.InvalidParams, 'n must be a number');
        }
        return { content: [{ type: 'text', text: String(args.n * 2) }] };
      case 'slow':
        hooks.onSlowStarted();
        await new Promise<void>((resolve) => {
          extra.signal.addEventListener('abort', () => {
            log.cancelled.push('slow');
            hooks.onSlowCancelled();
            resolve();
          });
        });
        return { content: [{ type: 'text', text: 'too late' }] };
      case 'progress': {
        const token = request.params._meta?.progressToken;
        for (let step = 1; step <= 3; step += 1) {
          if (token !== undefined) {
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress: step, total: 3, message: `step ${step}` },
            });
          }
        }
        // Lets the last notification be handled before the result (the SDK handles them a tick late).
        await new Promise((resolve) => setImmediate(resolve));
        return { content: [{ type: 'text', text: 'done' }] };
      }
      case 'unlock':
        hooks.unlocked = true;
        // On the request's own stream, so it arrives before the result.
        await extra.sendNotification({ method: 'notifications/tools/list_changed' });
        return { content: [{ type: 'text', text: 'unlocked' }] };
      case 'trace':
        return {
          content: [
            {
              type: 'text',
              text: String(extra.requestInfo?.headers?.traceparent ?? 'none'),
            },
          ],
        };
      case 'secret':
        return { content: [{ type: 'text', text: '42' }] };
      case 'files/read.v2':
        return { content: [{ type: 'text', text: 'read' }] };
    }
    throw new McpError(ErrorCode.MethodNotFound, `no tool ${request.params.name}`);
  });
  return server;
}

interface Hooks {
  unlocked: boolean;
  onSlowStarted(): void;
  onSlowCancelled(): void;
}

/**
 * An MCP server built with the SDK in the test: Streamable HTTP at `/mcp` (stateful sessions), or
 * with `legacySse` only the older HTTP+SSE transport (`GET /mcp` opens the stream, `POST
 * /messages` carries requests; a POST to `/mcp` gets 405, as an old server answers).
 */
export async function startTestHttpServer(
  options: { legacySse?: boolean } = {},
): Promise<TestHttpServer> {
  const log: TestServerLog = { headers: [], cancelled: [], metas: [] };
  let resolveStarted = (): void => {};
  let resolveCancelled = (): void => {};
  const started = new Promise<void>((resolve) => {
    resolveStarted = resolve;
  });
  const cancelled = new Promise<void>((resolve) => {
    resolveCancelled = resolve;
  });
  const hooks: Hooks = {
    unlocked: false,
    onSlowStarted: () => resolveStarted(),
    onSlowCancelled: () => resolveCancelled(),
  };
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const sseTransports = new Map<string, SSEServerTransport>();
  const servers: Server[] = [];
  const http = createServer(async (req, res) => {
    if (req.method === 'POST') log.headers.push(req.headers);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (options.legacySse === true) {
      if (req.method === 'GET' && url.pathname === '/mcp') {
        const transport = new SSEServerTransport('/messages', res);
        sseTransports.set(transport.sessionId, transport);
        const server = createTestServer(log, hooks);
        servers.push(server);
        await server.connect(transport);
        return;
      }
      if (req.method === 'POST' && url.pathname === '/messages') {
        const transport = sseTransports.get(url.searchParams.get('sessionId') ?? '');
        if (transport === undefined) return void res.writeHead(404).end();
        await transport.handlePostMessage(req, res);
        return;
      }
      return void res.writeHead(405).end();
    }
    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (transport === undefined) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (id) => {
          transports.set(id, created);
        },
      });
      const server = createTestServer(log, hooks);
      servers.push(server);
      await server.connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    log,
    slowStarted: () => started,
    slowCancelled: () => cancelled,
    close: async () => {
      await Promise.allSettled(servers.map((server) => server.close()));
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}
