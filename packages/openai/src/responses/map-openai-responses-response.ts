import type { ChatResponse } from '@aigo/ai';
import {
  errorFromResponse,
  invalidResponse,
  isRecord,
  type JsonRecord,
  nonEmptyString,
  recordOf,
  stringOf,
} from '@aigo/http';
import { baseChatResponse } from '../response/base-chat-response.js';
import { convertOpenAIResponsesUsage } from './convert-openai-responses-usage.js';
import { mapOpenAIResponsesFinishReason } from './map-openai-responses-finish-reason.js';
import {
  REASONING_PART_SEPARATOR,
  readOpenAIResponsesOutput,
} from './read-openai-responses-output.js';

/**
 * The `ChatResponse` of a Responses API body (non-streaming, or the `response` of a stream's
 * `response.completed`):
 *
 * - `content` from the message items' `output_text`, `refusal` from their refusal parts;
 * - `toolCalls` from `function_call` items, with `call_id` as the id (so `toolMessage(call.id, …)`
 *   answers it on the next turn);
 * - `reasoning` from the reasoning summaries (parts joined by a blank line); the reasoning items
 *   themselves in `providerMetadata.openai.reasoningItems`, to be sent back with the function calls
 *   they led to;
 * - `grounding` from URL citations and web search calls; `images` from image generation calls;
 * - usage with cached and reasoning tokens; finish reason from `status` / `incomplete_details`.
 *
 * A `failed` response, or a body holding only an `error`, becomes the typed `ProviderError`.
 */
export function mapOpenAIResponsesResponse(
  body: unknown,
  providerId: string,
  secrets: readonly string[] = [],
): ChatResponse {
  if (!isRecord(body)) throw invalidResponse(providerId, 'is not a JSON object');
  if (body.status === 'failed' || (isRecord(body.error) && !Array.isArray(body.output))) {
    throw responsesFailure(body, providerId, secrets);
  }
  if (!Array.isArray(body.output)) throw invalidResponse(providerId, 'has no output');
  const output = readOpenAIResponsesOutput(body.output);
  const { finishReason, rawFinishReason } = mapOpenAIResponsesFinishReason(
    stringOf(body.status),
    nonEmptyString(recordOf(body.incomplete_details)?.reason),
    output.toolCalls.length > 0,
  );
  const response = baseChatResponse(
    body,
    output.content,
    output.toolCalls,
    finishReason,
    rawFinishReason,
    convertOpenAIResponsesUsage(body.usage),
  );
  if (output.reasoningParts.length > 0) {
    response.reasoning = output.reasoningParts.join(REASONING_PART_SEPARATOR);
  }
  if (output.refusal !== '') response.refusal = output.refusal;
  if (output.grounding !== undefined) response.grounding = output.grounding;
  if (output.images.length > 0) response.images = output.images;
  if (output.reasoningItems.length > 0) {
    response.providerMetadata = { openai: { reasoningItems: output.reasoningItems } };
  }
  return response;
}

/** The typed error of a failed response (its `error` object) or of a stream `error` event. */
export function responsesFailure(
  source: JsonRecord,
  providerId: string,
  secrets: readonly string[] = [],
): Error {
  const error = recordOf(source.error);
  if (error !== undefined)
    return errorFromResponse({ provider: providerId, body: { error }, secrets });
  if (source.type === 'error') {
    // The current stream error event carries code/message at the top level.
    const { code, message, param } = source;
    return errorFromResponse({
      provider: providerId,
      body: { error: { code, message, param } },
      secrets,
    });
  }
  return errorFromResponse({
    provider: providerId,
    body: { error: { code: 'server_error', message: 'The response failed without an error' } },
    secrets,
  });
}
