import type { Tool, ToolCallOptions } from './tool.js';
import { parseToolErrorEnvelope } from './tool-envelope.js';
import type { ToolResult } from './tool-result.js';

/**
 * Runs a tool and resolves to its whole result: `tool.callWithResult` when the tool has it, else
 * `tool.call`'s text (with `isError` read from the envelope). Rejects only with `AbortError`, as
 * `call` does.
 */
export async function callTool<Context>(
  tool: Tool<Context>,
  argumentsJson: string,
  options?: ToolCallOptions<Context>,
): Promise<ToolResult> {
  if (typeof tool.callWithResult === 'function') return tool.callWithResult(argumentsJson, options);
  const output = await tool.call(argumentsJson, options);
  // A tool that breaks its contract (a non-string output) gets its value passed on, for the caller
  // to refuse, rather than a TypeError from reading it.
  return typeof output !== 'string' || parseToolErrorEnvelope(output) === undefined
    ? { output }
    : { output, isError: true };
}
