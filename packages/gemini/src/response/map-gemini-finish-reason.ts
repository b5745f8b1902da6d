import type { FinishReason } from '@aigo/ai';

const FINISH_REASONS: { readonly [raw: string]: FinishReason } = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
  IMAGE_PROHIBITED_CONTENT: 'content_filter',
  IMAGE_RECITATION: 'content_filter',
  MALFORMED_FUNCTION_CALL: 'error',
  UNEXPECTED_TOOL_CALL: 'error',
  TOO_MANY_TOOL_CALLS: 'error',
  MISSING_THOUGHT_SIGNATURE: 'error',
  MALFORMED_RESPONSE: 'error',
  LANGUAGE: 'other',
  OTHER: 'other',
  IMAGE_OTHER: 'other',
  NO_IMAGE: 'other',
  FINISH_REASON_UNSPECIFIED: 'other',
};

/**
 * Normalises a Gemini `finishReason`. `STOP` with function calls is `tool_calls`; safety, recitation,
 * blocklist, prohibited-content and PII stops are `content_filter`; a malformed or unexpected function
 * call and a missing thought signature are `error` (so they never pass for a normal answer);
 * `LANGUAGE`, `OTHER`, image-less image answers and reasons this table does not know are `other`.
 * The raw value is kept beside it as `rawFinishReason`.
 */
export function mapGeminiFinishReason(
  raw: string | undefined,
  hasToolCalls: boolean,
): FinishReason {
  if (raw === undefined || raw === '') return hasToolCalls ? 'tool_calls' : 'other';
  const reason = FINISH_REASONS[raw] ?? 'other';
  return reason === 'stop' && hasToolCalls ? 'tool_calls' : reason;
}
