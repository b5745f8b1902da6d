import type { FinishReason } from '@aigo/ai';

/**
 * Anthropic's `stop_reason` as aigo's finish reason: `end_turn`, `stop_sequence` → `stop`;
 * `max_tokens`, `model_context_window_exceeded` → `length`; `tool_use` → `tool_calls`; `refusal` →
 * `content_filter`; `pause_turn` (a server tool's long turn, to be continued) → `other`; anything
 * else → `other`. The raw value is kept beside it as `rawFinishReason`.
 */
export function mapAnthropicFinishReason(reason: string, hasToolCalls: boolean): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return hasToolCalls ? 'tool_calls' : 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return hasToolCalls ? 'tool_calls' : 'stop';
    case 'refusal':
      return 'content_filter';
    default:
      return 'other';
  }
}
