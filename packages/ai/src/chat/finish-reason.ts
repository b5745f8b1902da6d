/**
 * Why a model stopped, normalised across providers. The provider's own value is kept beside it as
 * `rawFinishReason`.
 */
export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'error' | 'other';

/** Every normalised finish reason. */
export const FINISH_REASONS: readonly FinishReason[] = Object.freeze([
  'stop',
  'length',
  'tool_calls',
  'content_filter',
  'error',
  'other',
]);
