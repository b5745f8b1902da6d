import type { ChatRequest } from '@aigo/ai';
import { parseOpenAIRequestOptions } from '../openai-request-options.js';
import { prepareJsonResponseFormat } from '../request/json-response-format.js';
import { validateRequest } from '../request/validate-request.js';
import type { OpenAISettings } from '../shared/openai-settings.js';
import type { OpenAIChatRequestBody } from '../wire/openai-chat-api.js';
import { convertToOpenAIChatMessages } from './convert-to-openai-chat-messages.js';
import { checkOpenAIChatAudio } from './openai-chat-audio.js';
import { prepareOpenAIChatTools } from './openai-chat-prepare-tools.js';

/**
 * The body of `POST /chat/completions` for a `ChatRequest`.
 *
 * The response format goes in `response_format` (`json_schema` with the schema nested in
 * `json_schema`, or `json_object`; see `prepareJsonResponseFormat`). Generation options are sent only
 * when set (`temperature: 0` is sent, `undefined` is not):
 * `temperature`, `top_p`, `max_completion_tokens` (api.openai.com) or `max_tokens` (other servers;
 * see `maxTokensParameter`), `stop`, `seed`, `reasoning_effort`. A stream asks for the final usage
 * chunk with `stream_options.include_usage` unless the provider turned that off.
 * `providerOptions.openai.audio` asks for spoken output (`modalities`, `audio`).
 * `reasoning.budgetTokens` and `includeThoughts` have no Chat Completions equivalent and are not sent.
 */
export function buildOpenAIChatRequestBody(
  request: ChatRequest,
  settings: OpenAISettings,
  stream: boolean,
): OpenAIChatRequestBody {
  // Two calls, not one returning both: a request builder allocates nothing it does not send.
  const model = validateRequest(request, settings);
  const options = parseOpenAIRequestOptions(request, settings.providerId);
  const body: OpenAIChatRequestBody = {
    model,
    messages: convertToOpenAIChatMessages(request.messages, request.systemPrompt),
  };
  if (stream) {
    body.stream = true;
    if (settings.includeStreamUsage) body.stream_options = { include_usage: true };
  }
  Object.assign(body, prepareOpenAIChatTools(request, options.parallelToolCalls));
  const format = prepareJsonResponseFormat(request, options, settings);
  if (format !== undefined) {
    body.response_format =
      format === 'json_object' ? { type: format } : { type: 'json_schema', json_schema: format };
  }
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.maxOutputTokens !== undefined) {
    const parameter =
      options.maxTokensParameter ??
      (settings.isOpenAIHost ? 'max_completion_tokens' : 'max_tokens');
    body[parameter] = request.maxOutputTokens;
  }
  if (request.stop !== undefined) body.stop = [...request.stop];
  if (request.seed !== undefined) body.seed = request.seed;
  if (request.reasoning?.effort !== undefined) body.reasoning_effort = request.reasoning.effort;
  if (options.user !== undefined) body.user = options.user;
  if (options.audio !== undefined) {
    const audio = checkOpenAIChatAudio(
      options.audio,
      `request.providerOptions.${settings.providerId}.audio`,
      stream,
    );
    body.modalities = ['text', 'audio'];
    body.audio = { voice: audio.voice, format: audio.format };
  }
  if (options.extraBody !== undefined) Object.assign(body, options.extraBody);
  return body;
}
