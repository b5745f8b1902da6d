import { type ChatStreamController, ProviderError } from '@aigo/ai';
import { errorFromResponse, type FrameMapper, invalidResponse, type StreamFrame } from '@aigo/http';
import type { GeminiResponse } from '../wire/gemini-api.js';
import { GEMINI_PROVIDER_ID, GeminiResponseMapper } from './gemini-response-mapper.js';

/**
 * The per-frame mapping of a `streamGenerateContent` body (SSE events or JSON-array elements), one
 * instance per stream, synchronous: each frame's JSON goes through one {@link GeminiResponseMapper},
 * which enqueues on the stream's controller. An error object inside the stream (`{"error":{…}}`)
 * fails it with the typed error `errorFromResponse` gives; a frame that is not JSON fails it with
 * `invalid_response`; a blocked prompt with `prompt_blocked`. At the end of the body the mapper's
 * `finish` event is emitted — unless no chunk came (`invalid_response`) or the last chunk carried no
 * finish reason (`stream_error`: the answer was cut short). A class, not closures made per stream:
 * V8 keeps its methods inlined in the code that reads the body.
 */
export class GeminiStreamMapper implements FrameMapper {
  readonly #mapper: GeminiResponseMapper;

  constructor(requestModel: string) {
    this.#mapper = new GeminiResponseMapper(requestModel);
  }

  onFrame(frame: StreamFrame, controller: ChatStreamController): void {
    const text = frame.data;
    if (text === '' || text === '[DONE]') return;
    let chunk: unknown;
    try {
      chunk = JSON.parse(text);
    } catch (cause) {
      throw invalidResponse(
        GEMINI_PROVIDER_ID,
        `has a stream chunk that is not JSON: ${excerpt(text)}`,
        cause,
      );
    }
    if (chunk !== null && typeof chunk === 'object' && 'error' in chunk) {
      controller.error(errorFromResponse({ provider: GEMINI_PROVIDER_ID, body: chunk }));
      return;
    }
    // A blocked prompt throws `prompt_blocked` here, which fails the stream with the partial answer.
    this.#mapper.map(chunk as GeminiResponse, controller);
  }

  onEnd(controller: ChatStreamController): void {
    const mapper = this.#mapper;
    if (!mapper.started) {
      controller.error(invalidResponse(GEMINI_PROVIDER_ID, 'stream ended without any chunk'));
      return;
    }
    if (!mapper.finished) {
      controller.error(
        new ProviderError({
          code: 'stream_error',
          message: 'The Gemini stream ended before the answer finished (no finishReason)',
          provider: GEMINI_PROVIDER_ID,
          retryable: false,
        }),
      );
      return;
    }
    mapper.finish(controller);
    controller.close();
  }
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}
