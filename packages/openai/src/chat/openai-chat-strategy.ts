import type { OpenAIApiStrategy } from '../shared/openai-api-strategy.js';
import type { OpenAIChatRequestBody } from '../wire/openai-chat-api.js';
import { mapOpenAIChatResponse } from './map-openai-chat-response.js';
import { chatAudioMimeType } from './openai-chat-audio.js';
import { buildOpenAIChatRequestBody } from './openai-chat-request.js';
import { createOpenAIChatStreamMapper } from './openai-chat-stream-mapper.js';

/** Chat Completions (`POST /chat/completions`): what OpenAI-compatible servers implement. */
export const openAIChatStrategy: OpenAIApiStrategy = Object.freeze({
  api: 'chat',
  path: '/chat/completions',
  buildBody: buildOpenAIChatRequestBody,
  mapResponse: (body: unknown, providerId: string, secrets: readonly string[], sent?: object) =>
    mapOpenAIChatResponse(
      body,
      providerId,
      secrets,
      chatAudioMimeType((sent as OpenAIChatRequestBody | undefined)?.audio?.format),
    ),
  createStreamMapper: createOpenAIChatStreamMapper,
});
