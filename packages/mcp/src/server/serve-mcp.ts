import type { Tool, ToolSet } from '@aigo/ai';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { serveHttp } from './serve-http.js';
import { checkServeOptions, type ServeMcpOptions } from './serve-options.js';
import { createToolServer } from './tool-server.js';

/** A running MCP server; made by `serveMcp`. */
export interface McpServerHandle extends AsyncDisposable {
  /** The MCP endpoint (`http://127.0.0.1:PORT/mcp`); `undefined` on stdio. */
  readonly url: string | undefined;
  /** Stops serving: closes every session and the listening socket (or the stdio transport). */
  close(): Promise<void>;
}

/**
 * Serves aigo tools (`defineTool` ones, a tool package's, a tool set) as an MCP server, built on the
 * SDK's `Server`: `transport: 'stdio'` speaks on this process's stdin and stdout (what Claude
 * Desktop and Cursor start), `{ port, host? }` is a Streamable HTTP endpoint bound to loopback unless
 * `host` says otherwise (`port: 0` picks a free port) — and then only with `authorize` or
 * `allowUnauthenticated: true` —, refusing requests whose Host (421) or Origin (403) is not the
 * server's own or allowed, unauthorized ones (401), bodies over `maxBodyBytes` (413) and clients
 * too slow to send a request; at most `maxSessions` sessions are open, an idle one is closed after
 * `sessionIdleTimeoutMs`. Results carry text, structured content, images and audio as MCP content;
 * progress reports go out as progress notifications and log messages; a tool set's changes go out
 * as `notifications/tools/list_changed`.
 *
 * @example
 * const server = await serveMcp([calculatorTool()], {
 *   name: 'calculator',
 *   version: '1.0.0',
 *   transport: { port: 0 },
 * });
 * console.log(server.url); // http://127.0.0.1:54321/mcp
 * await server.close();
 *
 * @throws ValidationError naming the bad argument (`options.transport.host` for an address beyond
 *   loopback without `authorize` or `allowUnauthenticated`); the listen error when the port is taken.
 */
export async function serveMcp(
  tools: readonly Tool[] | ToolSet,
  options: ServeMcpOptions,
): Promise<McpServerHandle> {
  const checked = checkServeOptions(tools, options);
  if (checked.transport === 'stdio') {
    const server = createToolServer({
      name: checked.name,
      version: checked.version,
      instructions: checked.instructions,
      observer: checked.observer,
      tools: checked.tools,
      dynamic: checked.toolSet !== undefined,
    });
    const stop = checked.toolSet?.onChange(() => {
      void server.sendToolListChanged().catch(() => {});
    });
    await server.connect(new StdioServerTransport());
    let closing: Promise<void> | undefined;
    const close = (): Promise<void> => {
      closing ??= (async () => {
        stop?.();
        process.stdin.off('end', onEnd);
        await server.close();
      })();
      return closing;
    };
    // The host closed our stdin: it is done with us, so stop serving (and let the process exit).
    const onEnd = (): void => void close();
    process.stdin.once('end', onEnd);
    return Object.freeze({ url: undefined, close, [Symbol.asyncDispose]: close });
  }
  const endpoint = await serveHttp(checked, checked.transport);
  const stop = checked.toolSet?.onChange(() => {
    for (const server of endpoint.sessions()) void server.sendToolListChanged().catch(() => {});
  });
  const close = async (): Promise<void> => {
    stop?.();
    await endpoint.close();
  };
  return Object.freeze({ url: endpoint.url, close, [Symbol.asyncDispose]: close });
}
