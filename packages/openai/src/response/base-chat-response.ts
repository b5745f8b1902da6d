import type { ChatResponse, FinishReason, ToolCall, Usage } from '@aigo/ai';
import { type JsonRecord, stringOf } from '@aigo/http';

/** A `ChatResponse` a mapper is still filling in. */
export type MutableChatResponse = { -readonly [K in keyof ChatResponse]: ChatResponse[K] };

/**
 * The fields every answer of both APIs has, in order: `id` and `model` from the body (empty when
 * absent), content, tool calls and finish reason, then the raw finish reason and usage when known.
 * The mapper adds what is its API's own (reasoning, refusal, grounding, metadata).
 */
export function baseChatResponse(
  body: JsonRecord,
  content: string,
  toolCalls: readonly ToolCall[],
  finishReason: FinishReason,
  rawFinishReason: string | undefined,
  usage: Usage | undefined,
): MutableChatResponse {
  const response: MutableChatResponse = {
    id: stringOf(body.id) ?? '',
    model: stringOf(body.model) ?? '',
    content,
    toolCalls,
    finishReason,
  };
  if (rawFinishReason !== undefined) response.rawFinishReason = rawFinishReason;
  if (usage !== undefined) response.usage = usage;
  return response;
}
