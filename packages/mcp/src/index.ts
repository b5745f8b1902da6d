/**
 * `@aigo/mcp` — the Model Context Protocol for aigo, on the official `@modelcontextprotocol/sdk`:
 * `mcpClient` / `mcpTools` turn any MCP server's tools (stdio or Streamable HTTP) into aigo tools,
 * with its resources and prompts; `serveMcp` serves aigo tools to any MCP client.
 *
 * @packageDocumentation
 */

// The guard's pieces an application passes to serveMcp, so it need not import @aigo/http itself.
export { type Authorize, bearerAuth } from '@aigo/http';
export type {
  McpClientCommonOptions,
  McpClientOptions,
  McpHttpServerOptions,
  McpRoot,
  McpStdioServerOptions,
} from './client/client-options.js';
export type {
  McpClient,
  McpPrompt,
  McpPromptResult,
  McpRequestOptions,
  McpResource,
  McpResourceContent,
  McpServerInfo,
} from './client/client-types.js';
export { mcpClient } from './client/mcp-client.js';
export {
  ATTR_MCP_METHOD_NAME,
  ATTR_MCP_SERVER_NAME,
  ATTR_MCP_TOOL_NAME,
  type McpTool,
} from './client/mcp-tool.js';
export { type McpToolSet, mcpTools } from './client/mcp-tools.js';
export { type McpServerHandle, serveMcp } from './server/serve-mcp.js';
export type { ServeHttpTransport, ServeMcpOptions } from './server/serve-options.js';
export { McpServerError, type McpServerErrorOptions } from './shared/mcp-server-error.js';
