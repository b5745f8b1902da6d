import type { OpenAIApiStrategy } from '../shared/openai-api-strategy.js';
import { mapOpenAIChatResponse } from './map-openai-chat-response.js';
import { buildOpenAIChatRequestBody } from './openai-chat-request.js';
import { createOpenAIChatStreamMapper } from './openai-chat-stream-mapper.js';

/** Chat Completions (`POST /chat/completions`): what OpenAI-compatible servers implement. */
export const openAIChatStrategy: OpenAIApiStrategy = Object.freeze({
  api: 'chat',
  path: '/chat/completions',
  buildBody: buildOpenAIChatRequestBody,
  mapResponse: mapOpenAIChatResponse,
  createStreamMapper: createOpenAIChatStreamMapper,
});
