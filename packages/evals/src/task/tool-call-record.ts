import type { ToolCall } from '@aigo/ai';
import type { ToolCallRecord } from './task-types.js';

/** A `ToolCallRecord` of a model's tool call (arguments parsed when they are JSON). */
export function toolCallRecord(call: ToolCall, result?: string, failed?: boolean): ToolCallRecord {
  const text = call.function.arguments;
  let parsed: unknown = text;
  try {
    parsed = text === '' ? {} : JSON.parse(text);
  } catch {
    // Not JSON: kept as the raw text, for a scorer to judge.
  }
  const record: { -readonly [K in keyof ToolCallRecord]: ToolCallRecord[K] } = {
    name: call.function.name,
    arguments: parsed,
  };
  if (result !== undefined) record.result = result;
  if (failed !== undefined) record.failed = failed;
  return record;
}

/** The tool calls of an overview-like result's responses (`responses[].toolCalls`), in order. */
export function toolCallsOfResponses(result: unknown): ToolCallRecord[] {
  const responses = (result as { responses?: unknown } | null)?.responses;
  if (!Array.isArray(responses)) return [];
  const calls: ToolCallRecord[] = [];
  for (const response of responses) {
    const toolCalls = (response as { toolCalls?: unknown } | null)?.toolCalls;
    if (!Array.isArray(toolCalls)) continue;
    for (const call of toolCalls as ToolCall[]) calls.push(toolCallRecord(call));
  }
  return calls;
}
