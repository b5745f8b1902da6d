import { basename } from 'node:path';
import { AbortError, redactSecrets } from '@aigo/ai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  ListRootsRequestSchema,
  McpError,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { McpServerError } from '../shared/mcp-server-error.js';
import type { CheckedClientOptions } from './client-options.js';
import { keepStderrTail, type StderrTail } from './stderr-tail.js';
import { tracingFetch } from './trace-fetch.js';

/** One connection to the server: the SDK client on one transport (one child process on stdio). */
export interface Session {
  readonly client: Client;
  /** The child's pid (stdio), while it runs. */
  readonly pid: number | undefined;
  /** Settles once the transport closed (the child exited). */
  readonly closed: Promise<void>;
  /** False once the transport closed. */
  isOpen(): boolean;
  /** Why the session ended, for an error: the last transport error and the child's stderr. */
  closeDetail(): string;
  /** Closes the transport (ends the child) and waits until it is closed. */
  close(): Promise<void>;
}

/** What a session reports back to the client that owns it. */
export interface SessionHooks {
  /** The server sent `notifications/tools/list_changed`. */
  onToolsChanged(): void;
}

/** The server's name before it has told its own: the `name` option, the command or the host. */
export function provisionalName(options: CheckedClientOptions): string {
  if (options.name !== undefined) return options.name;
  if (options.server.kind === 'http') return options.server.url.host;
  const { command, args = [] } = options.server.stdio;
  const script = args.find((arg) => !arg.startsWith('-'));
  return basename(script ?? command);
}

/**
 * Starts the server (stdio) or connects to it (HTTP, falling back to HTTP+SSE when the server
 * answers the Streamable HTTP `initialize` with a 4xx) and runs the `initialize` handshake within
 * `startupTimeoutMs`. Any failure closes what was started and throws `McpServerError` (or
 * `AbortError` when `options.signal` aborted).
 */
export async function openSession(
  options: CheckedClientOptions,
  hooks: SessionHooks,
): Promise<Session> {
  const name = provisionalName(options);
  if (options.server.kind === 'stdio') {
    return connect(options, hooks, name, () => stdioTransport(options));
  }
  const { url, headers } = options.server;
  try {
    return await connect(options, hooks, name, () => ({
      transport: new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { ...headers } },
        fetch: tracingFetch,
      }),
    }));
  } catch (error) {
    // An old server refuses the Streamable HTTP POST with a 4xx (404, 405, 400); a refusal of the
    // credentials is an answer, not a sign of the older transport.
    const status = httpStatus((error as McpServerError).cause);
    if (status === undefined || status < 400 || status >= 500 || status === 401 || status === 403) {
      throw error;
    }
  }
  return connect(options, hooks, name, () => ({
    transport: new SSEClientTransport(url, {
      requestInit: { headers: { ...headers } },
      eventSourceInit: { fetch: (input, init) => tracingFetch(input, withHeaders(init, headers)) },
      fetch: tracingFetch,
    }),
  }));
}

function withHeaders(init: RequestInit | undefined, headers: Readonly<Record<string, string>>) {
  const merged = new Headers(init?.headers);
  for (const [key, value] of Object.entries(headers)) merged.set(key, value);
  return { ...init, headers: merged };
}

function stdioTransport(options: CheckedClientOptions): {
  transport: Transport;
  stderr?: StderrTail;
  pid?: () => number | undefined;
} {
  if (options.server.kind !== 'stdio') throw new Error('unreachable');
  const { command, args, env, cwd, stderr = 'pipe' } = options.server.stdio;
  const transport = new StdioClientTransport({
    command,
    args: [...(args ?? [])],
    ...(env === undefined ? {} : { env: { ...env } }),
    ...(cwd === undefined ? {} : { cwd }),
    stderr,
  });
  return {
    transport,
    ...(stderr === 'pipe' ? { stderr: keepStderrTail(transport.stderr as never) } : {}),
    pid: () => transport.pid ?? undefined,
  };
}

async function connect(
  options: CheckedClientOptions,
  hooks: SessionHooks,
  name: string,
  makeTransport: () => {
    transport: Transport;
    stderr?: StderrTail;
    pid?: () => number | undefined;
  },
): Promise<Session> {
  const client = new Client(
    { name: options.clientInfo.name, version: options.clientInfo.version },
    { capabilities: options.roots === undefined ? {} : { roots: { listChanged: false } } },
  );
  const roots = options.roots;
  if (roots !== undefined) {
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: roots.map((root) => ({ ...root })),
    }));
  }
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => hooks.onToolsChanged());
  let open = true;
  let lastError: Error | undefined;
  let markClosed = (): void => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  client.onclose = () => {
    open = false;
    markClosed();
  };
  client.onerror = (error) => {
    lastError = error;
  };
  const { transport, stderr, pid } = makeTransport();
  // The pid is gone from the transport once it starts closing: keep it from the start.
  let spawnedPid: number | undefined;
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    spawnedPid = pid?.();
  };
  const detail = (): string => {
    const parts: string[] = [];
    if (lastError !== undefined) parts.push(`last error: ${lastError.message}`);
    const tail = stderr?.text() ?? '';
    if (tail !== '') parts.push(`stderr: ${tail}`);
    return parts.length === 0 ? '' : ` (${parts.join('; ')})`;
  };
  const close = async (): Promise<void> => {
    if (open) {
      await client.close().catch(() => {});
      // Only a child that was started reports its end; nothing else will.
      if (spawnedPid === undefined) markClosed();
    }
    await closed;
  };
  try {
    await client.connect(transport, {
      timeout: options.startupTimeoutMs,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (error) {
    open = false;
    await client.close().catch(() => {});
    await transport.close().catch(() => {});
    // Wait for the child to be gone (the SDK ends it: stdin closed, then SIGTERM, then SIGKILL).
    if (spawnedPid === undefined) markClosed();
    await closed;
    throw startupError(name, error, options, detail, lastError);
  }
  return {
    client,
    pid: spawnedPid,
    closed,
    isOpen: () => open,
    closeDetail: detail,
    close,
  };
}

function startupError(
  name: string,
  error: unknown,
  options: CheckedClientOptions,
  detail: () => string,
  lastError: Error | undefined,
): Error {
  if (options.signal?.aborted === true) return AbortError.fromSignal(options.signal);
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    // A server that wrote garbage instead of answering is not slow: say what it sent.
    if (lastError !== undefined) {
      return new McpServerError(
        name,
        'invalid_response',
        `sent something that is not MCP instead of answering initialize${detail()}`,
        { cause: error, mcpCode: error.code },
      );
    }
    return new McpServerError(
      name,
      'timeout',
      `did not finish starting within ${options.startupTimeoutMs} ms${detail()}`,
      { cause: error, mcpCode: error.code },
    );
  }
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
    return new McpServerError(name, 'connection_error', `exited during start-up${detail()}`, {
      cause: error,
      mcpCode: error.code,
    });
  }
  if (error instanceof McpError) {
    return new McpServerError(name, 'bad_request', `refused initialize: ${error.message}`, {
      cause: error,
      mcpCode: error.code,
    });
  }
  const message = redactSecrets(error instanceof Error ? error.message : String(error));
  const status = httpStatus(error);
  if (status !== undefined) {
    const code =
      status === 401
        ? 'authentication'
        : status === 403
          ? 'permission_denied'
          : status === 404
            ? 'not_found'
            : 'connection_error';
    return new McpServerError(name, code, `refused the connection (HTTP ${status}): ${message}`, {
      cause: error,
    });
  }
  return new McpServerError(
    name,
    'connection_error',
    `could not be started: ${message}${detail()}`,
    {
      cause: error,
    },
  );
}

/** The HTTP status of a failed Streamable HTTP or SSE connection, when the server answered. */
function httpStatus(error: unknown): number | undefined {
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    return typeof error.code === 'number' && error.code >= 100 ? error.code : undefined;
  }
  return undefined;
}
