import {
  AbortError,
  type JsonSchema,
  type Span,
  type Tool,
  type ToolCallOptions,
  type ToolResult,
  toolErrorEnvelope,
} from '@aigo/ai';
import type { CallToolResult, Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { McpServerError } from '../shared/mcp-server-error.js';
import { mapCallResult } from './map-call-result.js';

/** The span attribute naming the MCP server of a tool call. */
export const ATTR_MCP_SERVER_NAME = 'mcp.server.name';
/** The span attribute with the tool's name on the server (before prefix and mapping). */
export const ATTR_MCP_TOOL_NAME = 'mcp.tool.name';
/** The span attribute with the MCP method (`tools/call`). */
export const ATTR_MCP_METHOD_NAME = 'mcp.method.name';

/** What an MCP tool needs from the client that made it. */
export interface McpToolHost {
  /** The server's name, for errors and spans. */
  serverName(): string;
  /** Runs `tools/call` (reconnecting first when needed); rejects with what the SDK threw. */
  callTool(
    mcpName: string,
    args: Record<string, unknown>,
    options: ToolCallOptions,
  ): Promise<CallToolResult>;
}

/** An aigo tool over one tool of an MCP server. */
export interface McpTool extends Tool {
  /** The tool's name on the server. */
  readonly mcpName: string;
  callWithResult(argumentsJson: string, options?: ToolCallOptions): Promise<ToolResult>;
}

/**
 * An aigo `Tool` for an MCP tool: the server's description and JSON Schema, `call` running
 * `tools/call` under the aigo name's original. Every failure resolves to an error envelope naming
 * the server (`invalid_json`, `invalid_arguments`, `timeout`, `tool_execution_failed`…); only an
 * aborted signal rejects, with `AbortError`, after the SDK sent `notifications/cancelled`.
 */
export function createMcpTool(
  definition: McpToolDefinition,
  aigoName: string,
  host: McpToolHost,
): McpTool {
  const parameters = definition.inputSchema as unknown as JsonSchema;
  const description =
    definition.description ?? definition.title ?? definition.annotations?.title ?? definition.name;
  const callWithResult = async (
    argumentsJson: string,
    options?: ToolCallOptions,
  ): Promise<ToolResult> => {
    const signal = options?.signal;
    if (signal?.aborted === true) throw AbortError.fromSignal(signal);
    const args = parseArguments(argumentsJson);
    if (typeof args === 'string') return { output: args, isError: true };
    const server = host.serverName();
    markSpan(options?.span, server, definition.name);
    try {
      return mapCallResult(await host.callTool(definition.name, args, options ?? {}), server);
    } catch (error) {
      if (isAborted(signal)) throw AbortError.fromSignal(signal);
      return { output: failureEnvelope(error, server, definition.name), isError: true };
    }
  };
  return Object.freeze({
    name: aigoName,
    mcpName: definition.name,
    description: Object.freeze({ name: aigoName, description, parameters }),
    metrics: undefined,
    callWithResult,
    call: async (argumentsJson: string, options?: ToolCallOptions) =>
      (await callWithResult(argumentsJson, options)).output,
  });
}

function parseArguments(argumentsJson: string): Record<string, unknown> | string {
  if (typeof argumentsJson !== 'string') {
    return toolErrorEnvelope('invalid_json', 'The arguments must be a JSON object');
  }
  if (argumentsJson.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(argumentsJson);
  } catch (error) {
    return toolErrorEnvelope(
      'invalid_json',
      `The arguments are not valid JSON: ${(error as Error).message}`,
    );
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    return toolErrorEnvelope('invalid_arguments', 'The arguments must be a JSON object');
  }
  return value as Record<string, unknown>;
}

function markSpan(span: Span | undefined, server: string, mcpName: string): void {
  try {
    span?.setAttributes({
      [ATTR_MCP_SERVER_NAME]: server,
      [ATTR_MCP_TOOL_NAME]: mcpName,
      [ATTR_MCP_METHOD_NAME]: 'tools/call',
    });
  } catch {
    // An observer that throws never breaks a call.
  }
}

/** The envelope of a call that did not get a result: what the model can read and act on. */
function failureEnvelope(error: unknown, server: string, tool: string): string {
  if (McpServerError.isInstance(error)) {
    return toolErrorEnvelope('tool_execution_failed', error.message);
  }
  if (error instanceof McpError) {
    const detail = error.message.replace(/^(?:MCP error -?\d+: )+/, '');
    switch (error.code) {
      case ErrorCode.InvalidParams:
        return toolErrorEnvelope(
          'invalid_arguments',
          `MCP server "${server}" refused the arguments of ${tool}: ${detail}`,
        );
      case ErrorCode.RequestTimeout:
        return toolErrorEnvelope(
          'timeout',
          `MCP server "${server}" did not answer ${tool} in time`,
        );
      case ErrorCode.ConnectionClosed:
        return toolErrorEnvelope(
          'tool_execution_failed',
          `MCP server "${server}" closed the connection during ${tool}: ${detail}`,
        );
      case ErrorCode.MethodNotFound:
        return toolErrorEnvelope('tool_not_found', `MCP server "${server}" has no tool ${tool}`);
      default:
        return toolErrorEnvelope(
          'tool_execution_failed',
          `MCP server "${server}" failed ${tool}: ${detail}`,
        );
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return toolErrorEnvelope(
    'tool_execution_failed',
    `MCP server "${server}" failed ${tool}: ${message}`,
  );
}

/** True once `signal` aborted (a function, so a check after an `await` is not narrowed away). */
function isAborted(signal: AbortSignal | undefined): signal is AbortSignal {
  return signal?.aborted === true;
}
