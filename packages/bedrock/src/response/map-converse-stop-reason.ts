import type { FinishReason } from '@aigo/ai';

const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  guardrail_intervened: 'content_filter',
  content_filtered: 'content_filter',
};

/**
 * Converse's `stopReason` as aigo's finish reason: `end_turn` and `stop_sequence` → `stop`,
 * `max_tokens` and `model_context_window_exceeded` → `length`, `tool_use` → `tool_calls` (`stop`
 * when the tool was the forced JSON answer), `guardrail_intervened` and `content_filtered` →
 * `content_filter`, anything else → `other`.
 */
export function mapConverseStopReason(
  reason: string | undefined,
  jsonAnswer: boolean,
): FinishReason {
  if (reason === undefined) return 'other';
  if (reason === 'tool_use' && jsonAnswer) return 'stop';
  return FINISH_REASONS[reason] ?? 'other';
}
