import { isToolSet, type Observer, type Tool, type ToolSet, ValidationError } from '@aigo/ai';

/** Streamable HTTP: the port (`0` picks a free one) and the host to bind (loopback by default). */
export interface ServeHttpTransport {
  readonly port: number;
  /** The interface to bind. Default `127.0.0.1`; anything else exposes the tools beyond this machine. */
  readonly host?: string;
  /** The endpoint's path. Default `/mcp`. */
  readonly path?: string;
  /**
   * More `Host` header values to accept (`my-box.local:3000`), besides `localhost`, `127.0.0.1`
   * and `[::1]` (with or without the port) and the bound host: every other Host is refused (DNS
   * rebinding protection).
   */
  readonly allowedHosts?: readonly string[];
  /** More `Origin` values to accept, besides `http://` and each allowed host. */
  readonly allowedOrigins?: readonly string[];
}

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
  readonly transport: 'stdio' | (Required<Omit<ServeHttpTransport, 'host'>> & { host: string });
}

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
  const {
    port,
    host = '127.0.0.1',
    path = '/mcp',
    allowedHosts = [],
    allowedOrigins = [],
  } = transport;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ValidationError('options.transport.port', 'must be an integer from 0 to 65535');
  }
  if (typeof host !== 'string' || host === '') {
    throw new ValidationError('options.transport.host', 'must be a non-empty string');
  }
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new ValidationError('options.transport.path', 'must start with /');
  }
  for (const [argument, list] of [
    ['options.transport.allowedHosts', allowedHosts],
    ['options.transport.allowedOrigins', allowedOrigins],
  ] as const) {
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
      throw new ValidationError(argument, 'must be an array of strings');
    }
  }
  return { port, host, path, allowedHosts, allowedOrigins };
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
