import {
  type ChatResponse,
  ProviderError,
  ResponseAccumulator,
  type StreamEvent,
  ValidationError,
} from '@aigo/ai';
import type { GeminiResponse } from '../wire/gemini-api.js';
import { GeminiResponseMapper } from './gemini-response-mapper.js';

/**
 * Maps the body of `generateContent` to a `ChatResponse`, through the same mapper and accumulator a
 * stream uses, so `sendMessage` and a collected stream agree field by field: text parts joined
 * without separator, thought parts as `reasoning`, function calls as `toolCalls`, grounding, code
 * executions, generated media, usage and the normalised finish reason (raw kept).
 *
 * @throws ProviderError `prompt_blocked` (with the empty partial response) when Gemini blocked the
 *   prompt; `invalid_response` when the body is not a response object; ValidationError when
 *   `requestModel` is not a string.
 */
export function mapGeminiResponse(body: GeminiResponse, requestModel: string): ChatResponse {
  if (typeof requestModel !== 'string') {
    throw new ValidationError('requestModel', 'must be the model the request named');
  }
  const mapper = new GeminiResponseMapper(requestModel);
  const accumulator = new ResponseAccumulator();
  const sink = { enqueue: (event: StreamEvent) => accumulator.add(event) };
  try {
    mapper.map(body, sink);
  } catch (error) {
    if (ProviderError.isInstance(error)) {
      throw error.withProgress(accumulator.toResponse(), mapper.usage);
    }
    throw error;
  }
  mapper.finish(sink);
  return accumulator.toResponse();
}
