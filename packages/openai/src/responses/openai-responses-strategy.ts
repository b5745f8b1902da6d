import type { OpenAIApiStrategy } from '../shared/openai-api-strategy.js';
import { mapOpenAIResponsesResponse } from './map-openai-responses-response.js';
import { buildOpenAIResponsesRequestBody } from './openai-responses-request.js';
import { createOpenAIResponsesStreamMapper } from './openai-responses-stream-mapper.js';

/** The Responses API (`POST /responses`): api.openai.com's default. */
export const openAIResponsesStrategy: OpenAIApiStrategy = Object.freeze({
  api: 'responses',
  path: '/responses',
  buildBody: buildOpenAIResponsesRequestBody,
  mapResponse: mapOpenAIResponsesResponse,
  createStreamMapper: createOpenAIResponsesStreamMapper,
});
