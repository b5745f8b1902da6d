import { AigoError, type AigoErrorCode, type AigoErrorOptions } from '@aigo/ai';

/** What a `McpServerError` is built from. */
export interface McpServerErrorOptions extends AigoErrorOptions {
  /** The JSON-RPC error code the server (or the SDK) gave, when there was one. */
  readonly mcpCode?: number;
}

/**
 * An MCP server failed in a way a caller has to know about: it could not be started, exited, hung at
 * start-up, sent something that is not MCP, or refused a request. `server` names it; `code` says
 * which (`connection_error`, `timeout`, `invalid_response`, `bad_request`, `not_found`,
 * `server_error`); `mcpCode` is the JSON-RPC error code when the server sent one.
 *
 * Tool calls never throw it: a failing MCP tool call resolves to the error envelope the model reads
 * (its message is this error's message), as every aigo tool does.
 */
export class McpServerError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/mcp/McpServerError');
  /** The name of the server (the `name` option, else what the server calls itself). */
  readonly server: string;
  /** The JSON-RPC error code, when there was one. */
  readonly mcpCode: number | undefined;

  constructor(
    server: string,
    code: AigoErrorCode,
    message: string,
    options?: McpServerErrorOptions,
  ) {
    super(code, `MCP server "${server}": ${message}`, options);
    this.server = server;
    this.mcpCode = options?.mcpCode;
  }
}
