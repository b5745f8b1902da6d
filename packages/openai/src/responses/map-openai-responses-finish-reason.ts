import type { FinishReason } from '@aigo/ai';

/**
 * The normalised finish reason of a Responses API answer, and the raw value kept beside it: the
 * `incomplete_details.reason` of an incomplete response (`max_output_tokens` → `length`,
 * `content_filter`), else the `status` (`completed` → `tool_calls` when the answer calls tools,
 * else `stop`; `failed` → `error`).
 */
export function mapOpenAIResponsesFinishReason(
  status: string | undefined,
  incompleteReason: string | undefined,
  hasToolCalls: boolean,
): { finishReason: FinishReason; rawFinishReason: string | undefined } {
  switch (status) {
    case 'completed':
      return { finishReason: hasToolCalls ? 'tool_calls' : 'stop', rawFinishReason: status };
    case 'incomplete':
      return {
        finishReason:
          incompleteReason === 'max_output_tokens'
            ? 'length'
            : incompleteReason === 'content_filter'
              ? 'content_filter'
              : 'other',
        rawFinishReason: incompleteReason ?? status,
      };
    case 'failed':
      return { finishReason: 'error', rawFinishReason: status };
    default:
      return { finishReason: hasToolCalls ? 'tool_calls' : 'other', rawFinishReason: status };
  }
}
