import {
  AbortError,
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_TOOL_NAME,
  callTool,
  extractTraceContext,
  GEN_AI_OPERATION,
  type Observer,
  parseToolErrorEnvelope,
  type ReadonlyTraceCarrier,
  type Span,
  type Tool,
  type ToolProgress,
} from '@aigo/ai';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  type LoggingLevel,
  LoggingLevelSchema,
  McpError,
  SetLevelRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { traceCarrierOf } from '../shared/trace-meta.js';
import { toCallToolResult } from './to-call-result.js';

/** What one MCP server session over aigo tools needs. */
export interface ToolServerOptions {
  readonly name: string;
  readonly version: string;
  readonly instructions: string | undefined;
  readonly observer: Observer | undefined;
  /** The tools now (a tool set may change between calls). */
  readonly tools: () => readonly Tool[];
  /** True when the tools can change, so the server announces `listChanged`. */
  readonly dynamic: boolean;
}

const LEVELS = LoggingLevelSchema.options;

/**
 * An SDK `Server` (one per session) offering aigo tools: `tools/list` from each tool's description,
 * `tools/call` through `callTool` with the request's signal (a `notifications/cancelled` aborts
 * the tool), its progress reports sent as `notifications/progress` (when the caller asked, with a
 * progress token) and, when they carry a message, as `notifications/message` log entries at `info`
 * (subject to `logging/setLevel`). Each call is an `execute_tool` span of the observer, continuing
 * the caller's trace (HTTP `traceparent` header, or `_meta.traceparent`).
 */
export function createToolServer(options: ToolServerOptions): Server {
  const server = new Server(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: { listChanged: options.dynamic }, logging: {} },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    },
  );
  let minLevel: LoggingLevel = 'info';
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    minLevel = request.params.level;
    return {};
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: options.tools().map((tool) => ({
      name: tool.name,
      description: tool.description.description,
      inputSchema: tool.description.parameters as { type: 'object' },
    })),
  }));
  server.setRequestHandler(
    CallToolRequestSchema,
    async (request, extra): Promise<CallToolResult> => {
      const name = request.params.name;
      const tool = options.tools().find((candidate) => candidate.name === name);
      if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
      const meta = request.params._meta as Readonly<Record<string, unknown>> | undefined;
      const span = startSpan(
        options.observer,
        name,
        traceCarrierOf(extra.requestInfo?.headers as ReadonlyTraceCarrier | undefined, meta),
      );
      const progressToken = meta?.progressToken as string | number | undefined;
      let step = 0;
      const onProgress = (update: ToolProgress): void => {
        step = Math.max(step + 1, update.progress ?? 0);
        if (progressToken !== undefined) {
          void extra
            .sendNotification({
              method: 'notifications/progress',
              params: {
                progressToken,
                progress: update.progress ?? step,
                ...(update.total === undefined ? {} : { total: update.total }),
                ...(update.message === undefined ? {} : { message: update.message }),
              },
            })
            .catch(() => {});
        }
        if (update.message !== undefined && LEVELS.indexOf('info') >= LEVELS.indexOf(minLevel)) {
          void extra
            .sendNotification({
              method: 'notifications/message',
              params: { level: 'info', logger: name, data: update.message },
            })
            .catch(() => {});
        }
      };
      try {
        const result = await callTool(tool, JSON.stringify(request.params.arguments ?? {}), {
          signal: extra.signal,
          onProgress,
          ...(span === undefined ? {} : { span }),
        });
        endSpan(span, result.isError === true ? result.output : undefined);
        return toCallToolResult(result, name);
      } catch (error) {
        endSpan(span, undefined, error);
        if (AbortError.isInstance(error)) throw error;
        // A tool that breaks its contract (rejects with something else) still answers the caller.
        return toCallToolResult(
          {
            output: `The tool failed: ${(error as Error)?.message ?? String(error)}`,
            isError: true,
          },
          name,
        );
      }
    },
  );
  return server;
}

function startSpan(
  observer: Observer | undefined,
  tool: string,
  carrier: ReadonlyTraceCarrier,
): Span | undefined {
  if (observer === undefined) return undefined;
  try {
    const parent = extractTraceContext(observer, carrier);
    return observer.startSpan(`${GEN_AI_OPERATION.executeTool} ${tool}`, {
      kind: 'server',
      ...(parent === undefined ? {} : { parent }),
      attributes: {
        [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION.executeTool,
        [ATTR_GEN_AI_TOOL_NAME]: tool,
        'mcp.method.name': 'tools/call',
      },
    });
  } catch {
    return undefined;
  }
}

function endSpan(span: Span | undefined, failedOutput: string | undefined, error?: unknown): void {
  if (span === undefined) return;
  try {
    if (error !== undefined) {
      span.recordError(error);
      span.setStatus('error', (error as Error)?.message ?? 'the tool call failed');
    } else if (failedOutput !== undefined) {
      const envelope = parseToolErrorEnvelope(failedOutput);
      span.setAttributes({ [ATTR_ERROR_TYPE]: envelope?.error.code ?? 'tool_error' });
      span.setStatus('error', envelope?.error.message ?? 'the tool call failed');
    } else {
      span.setStatus('ok');
    }
    span.end();
  } catch {
    // An observer that throws never breaks a call.
  }
}
