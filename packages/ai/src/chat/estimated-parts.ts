import type { ChatRequest } from './chat-request.js';
import type { EstimatedPart } from './token-count.js';

/**
 * The parts of `request` a counter without a request estimates (a `TokenCount`'s `estimated`):
 * `messages` and `system` unless its text is counted exactly (`textExact`), then `tools` when the
 * request has tools, `format` for a JSON response format with a schema, `media` when a message has
 * a part other than text — what every tokenizer renders in a format of the provider's own.
 */
export function estimatedParts(request: ChatRequest, textExact: boolean): EstimatedPart[] {
  const estimated: EstimatedPart[] = textExact ? [] : ['messages', 'system'];
  if (request.tools !== undefined && request.tools.length > 0) estimated.push('tools');
  if (request.responseFormat?.type === 'json' && request.responseFormat.schema !== undefined) {
    estimated.push('format');
  }
  const hasMedia = request.messages.some(
    (message) =>
      typeof message.content !== 'string' && message.content.some((part) => part.type !== 'text'),
  );
  if (hasMedia) estimated.push('media');
  return estimated;
}
