import { type ChatStreamController, ProviderError, type StreamEvent } from '@aigo/ai';
import { errorFromResponse, type FrameHandler, type ToChatStreamOptions } from '@aigo/http';
import type { GeminiResponse } from './gemini-api.js';
import { GEMINI_PROVIDER_ID, GeminiResponseMapper } from './gemini-response-mapper.js';

/** The frame handler and end hook that turn a Gemini stream body into stream events. */
export interface GeminiStreamHandlers {
  readonly onFrame: FrameHandler;
  readonly options: ToChatStreamOptions;
}

/**
 * Builds the synchronous per-frame mapping of a `streamGenerateContent` body (SSE events or JSON-array
 * elements): each frame's JSON goes through one {@link GeminiResponseMapper}. An error object inside
 * the stream (`{"error":{…}}`) fails it with the typed error `errorFromResponse` gives; a frame that is
 * not JSON fails it with `invalid_response`; a blocked prompt with `prompt_blocked`. At the end of the
 * body the mapper's `finish` event is emitted — unless no chunk came (`invalid_response`) or the last
 * chunk carried no finish reason (`stream_error`: the answer was cut short).
 */
export function createGeminiStreamHandlers(requestModel: string): GeminiStreamHandlers {
  const mapper = new GeminiResponseMapper(requestModel);
  // One emit function per stream, not one closure per chunk: the frame handler is always called with
  // its stream's controller, remembered here before each chunk is mapped.
  let target: ChatStreamController | undefined;
  const emit = (event: StreamEvent): void => (target as ChatStreamController).enqueue(event);
  const onFrame: FrameHandler = (frame, controller) => {
    const text = frame.data;
    if (text === '' || text === '[DONE]') return;
    let chunk: unknown;
    try {
      chunk = JSON.parse(text);
    } catch (cause) {
      throw new ProviderError({
        code: 'invalid_response',
        message: `Gemini sent a stream chunk that is not JSON: ${excerpt(text)}`,
        provider: GEMINI_PROVIDER_ID,
        retryable: false,
        cause,
      });
    }
    if (chunk !== null && typeof chunk === 'object' && 'error' in chunk) {
      controller.error(errorFromResponse({ provider: GEMINI_PROVIDER_ID, body: chunk }));
      return;
    }
    // A blocked prompt throws `prompt_blocked` here, which fails the stream with the partial answer.
    target = controller;
    mapper.map(chunk as GeminiResponse, emit);
  };
  const options: ToChatStreamOptions = {
    onEnd(controller: ChatStreamController) {
      if (!mapper.started) {
        controller.error(
          new ProviderError({
            code: 'invalid_response',
            message: 'The Gemini stream ended without sending any chunk',
            provider: GEMINI_PROVIDER_ID,
            retryable: false,
          }),
        );
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
      mapper.finish((event) => controller.enqueue(event));
      controller.close();
    },
  };
  return { onFrame, options };
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}
