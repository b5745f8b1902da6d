import type { ToolSet } from '@aigo/ai';
import type { McpClientOptions } from './client-options.js';
import type { McpClient } from './client-types.js';
import { mcpClient } from './mcp-client.js';

/** An MCP server's tools as a tool set that owns the connection; made by `mcpTools`. */
export interface McpToolSet extends ToolSet, AsyncDisposable {
  /** The client the tools run through (resources, prompts, `ping`). */
  readonly client: McpClient;
  /** Closes the connection (ends the child process). */
  close(): Promise<void>;
}

/**
 * The one-line form of `mcpClient`: connects and resolves to the server's tools, as a tool set
 * (`createClient(provider, { tools: await mcpTools(…) })`) that follows the server's list changes
 * and closes the connection with `close()` or `await using`.
 *
 * @example
 * await using files = await mcpTools({
 *   command: process.execPath,
 *   args: [require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'), dir],
 *   prefix: 'fs',
 *   include: ['read_text_file', 'list_directory'],
 * });
 *
 * @throws what `mcpClient` throws.
 */
export async function mcpTools(options: McpClientOptions): Promise<McpToolSet> {
  const client = await mcpClient(options);
  return Object.freeze({
    client,
    get tools() {
      return client.toolSet.tools;
    },
    onChange: (listener: () => void) => client.toolSet.onChange(listener),
    close: () => client.close(),
    [Symbol.asyncDispose]: () => client.close(),
  });
}
