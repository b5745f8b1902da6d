import {
  checkOptionKeys,
  isToolSet,
  type Observer,
  type Tool,
  type ToolSet,
  ValidationError,
} from '@aigo/ai';
import {
  positiveInteger,
  type ResolvedServerOptions,
  resolveServerOptions,
  SERVER_OPTION_NAMES,
  type ServerOptions,
} from '@aigo/http';

/**
 * Streamable HTTP: the port (`0` picks a free one), the host to bind (loopback by default), and
 * who may call and how much the server takes — the options of every aigo server (`ServerOptions`
 * of `@aigo/http`: `allowedHosts`, `allowedOrigins`, `authorize`, `allowUnauthenticated`,
 * `maxBodyBytes` (default 4 MiB), `headersTimeoutMs`, `requestTimeoutMs`, `keepAliveTimeoutMs`) —
 * and the sessions it keeps.
 */
export interface ServeHttpTransport extends ServerOptions {
  readonly port: number;
  /**
   * The interface to bind. Default `127.0.0.1`. Anything else exposes the tools beyond this
   * machine, so it needs `authorize` (or `allowUnauthenticated: true`).
   */
  readonly host?: string;
  /** The endpoint's path. Default `/mcp`. */
  readonly path?: string;
  /**
   * Sessions open at once (one per `initialize`). Past it an `initialize` is answered 503 with the
   * JSON-RPC error `{ code: -32000, message: 'too many sessions' }`. Default 100.
   */
  readonly maxSessions?: number;
  /**
   * A session with no request for this long, in milliseconds, is closed (its event stream too);
   * requests with its id are then answered 404, and the client starts a new one. Default 600,000
   * (10 minutes).
   */
  readonly sessionIdleTimeoutMs?: number;
}

/** The HTTP transport's options, checked, with defaults. */
export interface CheckedHttpTransport {
  readonly port: number;
  readonly host: string;
  readonly path: string;
  readonly server: ResolvedServerOptions;
  readonly maxSessions: number;
  readonly sessionIdleTimeoutMs: number;
}

/** The default of `maxBodyBytes` for `serveMcp`: 4 MiB. */
export const MCP_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** What `serveMcp` takes. */
export interface ServeMcpOptions {
  /** The server's name (`serverInfo.name`). */
  readonly name: string;
  /** The server's version (`serverInfo.version`). */
  readonly version: string;
  /** `'stdio'` (this process's stdin and stdout: run it from Claude Desktop, Cursor…) or Streamable HTTP. */
  readonly transport: 'stdio' | ServeHttpTransport;
  /** Instructions for the model that the server sends at initialisation. */
  readonly instructions?: string;
  /** Traces each call as an `execute_tool` span, continuing the caller's trace context. */
  readonly observer?: Observer;
}

/** The options after checking. */
export interface CheckedServeOptions {
  readonly tools: () => readonly Tool[];
  readonly toolSet: ToolSet | undefined;
  readonly name: string;
  readonly version: string;
  readonly instructions: string | undefined;
  readonly observer: Observer | undefined;
  readonly transport: 'stdio' | CheckedHttpTransport;
}

const OPTION_NAMES = new Set(['name', 'version', 'transport', 'instructions', 'observer']);
const TRANSPORT_NAMES = new Set([
  'port',
  'host',
  'path',
  'maxSessions',
  'sessionIdleTimeoutMs',
  ...SERVER_OPTION_NAMES,
]);

const TOOL_NAME = /^[a-zA-Z0-9_.-]{1,128}$/;

/** Checks `serveMcp`'s arguments; throws `ValidationError` naming the first bad one. */
export function checkServeOptions(
  tools: readonly Tool[] | ToolSet,
  options: ServeMcpOptions,
): CheckedServeOptions {
  const toolSet = isToolSet(tools) ? (tools as ToolSet) : undefined;
  if (toolSet === undefined) {
    if (!Array.isArray(tools))
      throw new ValidationError('tools', 'must be an array of tools or a tool set');
    checkTools(tools, 'tools');
  } else {
    checkTools(toolSet.tools, 'tools.tools');
  }
  if (typeof options !== 'object' || options === null) {
    throw new ValidationError('options', 'must be an object with name, version and transport');
  }
  checkOptionKeys(options, OPTION_NAMES, { owner: 'serveMcp' });
  if (typeof options.name !== 'string' || options.name === '') {
    throw new ValidationError('options.name', 'must be a non-empty string');
  }
  if (typeof options.version !== 'string' || options.version === '') {
    throw new ValidationError('options.version', 'must be a non-empty string');
  }
  if (options.instructions !== undefined && typeof options.instructions !== 'string') {
    throw new ValidationError('options.instructions', 'must be a string');
  }
  const fixed = toolSet === undefined ? Object.freeze([...(tools as readonly Tool[])]) : undefined;
  return {
    tools: toolSet === undefined ? () => fixed ?? [] : () => toolSet.tools,
    toolSet,
    name: options.name,
    version: options.version,
    instructions: options.instructions,
    observer: options.observer,
    transport: checkTransport(options.transport),
  };
}

function checkTransport(transport: ServeMcpOptions['transport']): CheckedServeOptions['transport'] {
  if (transport === 'stdio') return 'stdio';
  if (typeof transport !== 'object' || transport === null) {
    throw new ValidationError('options.transport', "must be 'stdio' or { port, host? }");
  }
  for (const key of Object.keys(transport)) {
    if (!TRANSPORT_NAMES.has(key)) {
      throw new ValidationError(
        `options.transport.${key}`,
        'is not an option of the HTTP transport',
      );
    }
  }
  const { port, host = '127.0.0.1', path = '/mcp' } = transport;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ValidationError('options.transport.port', 'must be an integer from 0 to 65535');
  }
  if (typeof host !== 'string' || host === '') {
    throw new ValidationError('options.transport.host', 'must be a non-empty string');
  }
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new ValidationError('options.transport.path', 'must start with /');
  }
  return {
    port,
    host,
    path,
    server: resolveServerOptions(transport, {
      argument: 'options.transport',
      host,
      maxBodyBytes: MCP_MAX_BODY_BYTES,
    }),
    maxSessions: positiveInteger(transport.maxSessions, 'options.transport.maxSessions', 100),
    sessionIdleTimeoutMs: positiveInteger(
      transport.sessionIdleTimeoutMs,
      'options.transport.sessionIdleTimeoutMs',
      600_000,
    ),
  };
}

function checkTools(tools: readonly Tool[], where: string): void {
  const names = new Set<string>();
  tools.forEach((tool, index) => {
    if (
      typeof tool !== 'object' ||
      tool === null ||
      typeof tool.name !== 'string' ||
      typeof tool.call !== 'function' ||
      typeof tool.description?.parameters !== 'object'
    ) {
      throw new ValidationError(`${where}[${index}]`, 'must be a tool (name, description, call)');
    }
    if (!TOOL_NAME.test(tool.name)) {
      throw new ValidationError(
        `${where}[${index}].name`,
        'must be 1–128 letters, digits, `_`, `-` or `.`',
      );
    }
    if (names.has(tool.name)) {
      throw new ValidationError(`${where}[${index}]`, `repeats the tool name "${tool.name}"`);
    }
    names.add(tool.name);
  });
}
