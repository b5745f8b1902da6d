import { type Observer, ValidationError } from '@aigo/ai';

/** An MCP server run as a child process, spoken to over its stdin and stdout. */
export interface McpStdioServerOptions {
  /** The program to run (`node`, `npx`, `uvx`, a path). */
  readonly command: string;
  readonly args?: readonly string[];
  /**
   * Environment variables of the child, added to the few the SDK passes on by default (`HOME`,
   * `PATH`, `SHELL`, `TERM`, `USER`, `LOGNAME`): the child does not see the rest of this process's
   * environment, so give it the keys it needs here.
   */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /**
   * The child's stderr: `'pipe'` (default) keeps its last few kilobytes, redacted, for the error
   * when the server fails; `'inherit'` shows it on this process's stderr; `'ignore'` drops it.
   */
  readonly stderr?: 'pipe' | 'inherit' | 'ignore';
}

/** An MCP server at a URL: Streamable HTTP, falling back to the older HTTP+SSE transport. */
export interface McpHttpServerOptions {
  /** The MCP endpoint (`http://127.0.0.1:3000/mcp`). */
  readonly url: string | URL;
  /** Headers sent with every request (`Authorization`); they never appear in errors or spans. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A root the server may work in (`roots/list`): the filesystem server reads its allowed directories from them. */
export interface McpRoot {
  /** A `file://` URI. */
  readonly uri: string;
  readonly name?: string;
}

/** What `mcpClient` and `mcpTools` take besides the server. */
export interface McpClientCommonOptions {
  /**
   * The server's name in errors, spans and logs. Defaults to the name the server gives itself at
   * initialisation (its `serverInfo.name`).
   */
  readonly name?: string;
  /** Put before every tool name, with `_` (`prefix: 'fs'` → `fs_read_file`), so two servers' tools can meet. */
  readonly prefix?: string;
  /** The MCP tool names to offer (names as the server gives them), or a predicate on them. Default: all. */
  readonly include?: readonly string[] | ((name: string) => boolean);
  /** MCP tool names never to offer. */
  readonly exclude?: readonly string[];
  /** The longest any request may take, tool calls included; progress from the server restarts it. Default 60 000. */
  readonly timeoutMs?: number;
  /** The longest the start and `initialize` handshake may take. Default 30 000. */
  readonly startupTimeoutMs?: number;
  /** Start the server again at the next call after it died (stdio) or dropped the connection. Default false. */
  readonly reconnect?: boolean;
  /**
   * The observer of the runs that call these tools: its `injectTraceContext` puts the calling
   * span's `traceparent` on every tool call (HTTP headers and the request's `_meta`), and
   * refresh failures of the tool list are reported to it as warnings.
   */
  readonly observer?: Observer;
  /** Roots offered to the server (`roots/list`); omitted, the client does not declare the capability. */
  readonly roots?: readonly McpRoot[];
  /** Cancels connecting. */
  readonly signal?: AbortSignal;
  /** How the client introduces itself. Default `{ name: 'aigo', version: '0.0.0' }`. */
  readonly clientInfo?: { readonly name: string; readonly version: string };
}

/** What `mcpClient` takes: one server (stdio or HTTP) and the common options. */
export type McpClientOptions = (McpStdioServerOptions | McpHttpServerOptions) &
  McpClientCommonOptions;

/** The options after checking, with defaults. */
export interface CheckedClientOptions {
  readonly server:
    | { readonly kind: 'stdio'; readonly stdio: McpStdioServerOptions }
    | {
        readonly kind: 'http';
        readonly url: URL;
        readonly headers: Readonly<Record<string, string>>;
      };
  readonly name: string | undefined;
  readonly prefix: string | undefined;
  readonly accepts: (name: string) => boolean;
  readonly timeoutMs: number;
  readonly startupTimeoutMs: number;
  readonly reconnect: boolean;
  readonly observer: Observer | undefined;
  readonly roots: readonly McpRoot[] | undefined;
  readonly signal: AbortSignal | undefined;
  readonly clientInfo: { readonly name: string; readonly version: string };
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_STARTUP_TIMEOUT_MS = 30_000;

/** Checks `mcpClient`'s options; throws `ValidationError` naming the first bad one. */
export function checkClientOptions(options: McpClientOptions): CheckedClientOptions {
  if (typeof options !== 'object' || options === null) {
    throw new ValidationError(
      'options',
      'must be an object with `command` (stdio) or `url` (HTTP)',
    );
  }
  const hasCommand = 'command' in options && options.command !== undefined;
  const hasUrl = 'url' in options && options.url !== undefined;
  if (hasCommand === hasUrl) {
    throw new ValidationError(
      'options',
      'must have exactly one of `command` (stdio) or `url` (HTTP)',
    );
  }
  const include = options.include;
  if (include !== undefined && typeof include !== 'function' && !isStringArray(include)) {
    throw new ValidationError('options.include', 'must be an array of tool names or a function');
  }
  if (options.exclude !== undefined && !isStringArray(options.exclude)) {
    throw new ValidationError('options.exclude', 'must be an array of tool names');
  }
  const excluded = new Set(options.exclude ?? []);
  const included =
    include === undefined
      ? () => true
      : typeof include === 'function'
        ? include
        : (name: string) => include.includes(name);
  if (options.prefix !== undefined && !/^[a-zA-Z0-9_-]{1,32}$/.test(String(options.prefix))) {
    throw new ValidationError('options.prefix', 'must be 1–32 letters, digits, `_` or `-`');
  }
  if (options.name !== undefined && (typeof options.name !== 'string' || options.name === '')) {
    throw new ValidationError('options.name', 'must be a non-empty string');
  }
  if (options.roots !== undefined) {
    if (!Array.isArray(options.roots)) {
      throw new ValidationError('options.roots', 'must be an array of { uri, name? }');
    }
    options.roots.forEach((root, i) => {
      if (typeof root?.uri !== 'string' || !root.uri.startsWith('file://')) {
        throw new ValidationError(`options.roots[${i}].uri`, 'must be a file:// URI');
      }
    });
  }
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw new ValidationError('options.signal', 'must be an AbortSignal');
  }
  return {
    server: hasCommand
      ? checkStdio(options as McpStdioServerOptions)
      : checkHttp(options as McpHttpServerOptions),
    name: options.name,
    prefix: options.prefix,
    accepts: (name) => !excluded.has(name) && included(name),
    timeoutMs: positive(options.timeoutMs, 'options.timeoutMs', DEFAULT_TIMEOUT_MS),
    startupTimeoutMs: positive(
      options.startupTimeoutMs,
      'options.startupTimeoutMs',
      DEFAULT_STARTUP_TIMEOUT_MS,
    ),
    reconnect: options.reconnect === true,
    observer: options.observer,
    roots: options.roots,
    signal: options.signal,
    clientInfo: options.clientInfo ?? { name: 'aigo', version: '0.0.0' },
  };
}

function checkStdio(options: McpStdioServerOptions): CheckedClientOptions['server'] {
  if (typeof options.command !== 'string' || options.command.trim() === '') {
    throw new ValidationError('options.command', 'must be a non-empty string');
  }
  if (options.args !== undefined && !isStringArray(options.args)) {
    throw new ValidationError('options.args', 'must be an array of strings');
  }
  if (options.env !== undefined) {
    if (typeof options.env !== 'object' || options.env === null) {
      throw new ValidationError('options.env', 'must be an object of strings');
    }
    for (const [key, value] of Object.entries(options.env)) {
      if (typeof value !== 'string') {
        throw new ValidationError(`options.env.${key}`, 'must be a string');
      }
    }
  }
  if (options.cwd !== undefined && typeof options.cwd !== 'string') {
    throw new ValidationError('options.cwd', 'must be a string');
  }
  if (options.stderr !== undefined && !['pipe', 'inherit', 'ignore'].includes(options.stderr)) {
    throw new ValidationError('options.stderr', "must be 'pipe', 'inherit' or 'ignore'");
  }
  return { kind: 'stdio', stdio: options };
}

function checkHttp(options: McpHttpServerOptions): CheckedClientOptions['server'] {
  let url: URL;
  try {
    url = new URL(String(options.url));
  } catch {
    throw new ValidationError('options.url', 'must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ValidationError('options.url', 'must be an http(s) URL');
  }
  const headers = options.headers ?? {};
  if (typeof headers !== 'object' || headers === null) {
    throw new ValidationError('options.headers', 'must be an object of strings');
  }
  for (const [key, value] of Object.entries(headers)) {
    if (typeof value !== 'string') {
      throw new ValidationError(`options.headers.${key}`, 'must be a string');
    }
  }
  return { kind: 'http', url, headers };
}

function positive(value: number | undefined, argument: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ValidationError(argument, 'must be a positive number of milliseconds');
  }
  return value;
}

function isStringArray(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
