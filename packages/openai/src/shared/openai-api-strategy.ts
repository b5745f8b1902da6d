import type { ChatRequest, ChatResponse } from '@aigo/ai';
import type { OpenAIApi } from '../openai-options.js';
import type { StreamMapper } from '../response/stream-mapper.js';
import type { OpenAISettings } from './openai-settings.js';

/**
 * What differs between OpenAI's two APIs, behind one shape: the provider picks one strategy in its
 * constructor and never branches on the API again. Strategies are stateless values shared by every
 * provider; a stream mapper holds the state of one answer.
 */
export interface OpenAIApiStrategy {
  /** The API this strategy speaks. */
  readonly api: OpenAIApi;
  /** The endpoint's path, appended to the base URL (`/chat/completions`, `/responses`). */
  readonly path: string;
  /** The request body for `request` (`stream: true` asks for an event stream). */
  buildBody(request: ChatRequest, settings: OpenAISettings, stream: boolean): object;
  /**
   * The `ChatResponse` of a whole (non-streamed) answer; `secrets` are scrubbed from its errors;
   * `sent` is the request body (what it asked for, such as an audio format, types the answer).
   */
  mapResponse(
    body: unknown,
    providerId: string,
    secrets: readonly string[],
    sent?: object,
  ): ChatResponse;
  /** A mapper for one streamed answer; `secrets` are scrubbed from its errors. */
  createStreamMapper(providerId: string, secrets: readonly string[]): StreamMapper;
}
