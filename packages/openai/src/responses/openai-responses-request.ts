import { type ChatRequest, ValidationError } from '@aigo/ai';
import { parseOpenAIRequestOptions } from '../openai-request-options.js';
import { prepareJsonResponseFormat } from '../request/json-response-format.js';
import { validateRequest } from '../request/validate-request.js';
import { isReasoningModel } from '../shared/is-reasoning-model.js';
import type { OpenAISettings } from '../shared/openai-settings.js';
import type { OpenAIResponsesRequestBody } from '../wire/openai-responses-api.js';
import { convertToOpenAIResponsesInput } from './convert-to-openai-responses-input.js';
import { prepareOpenAIResponsesTools } from './openai-responses-prepare-tools.js';

/** The `include` value that returns reasoning items in a form that can be sent back statelessly. */
export const ENCRYPTED_REASONING = 'reasoning.encrypted_content';

/**
 * The body of `POST /responses` for a `ChatRequest`.
 *
 * - `instructions` carries the system prompt; `input` the messages (see
 *   `convertToOpenAIResponsesInput`);
 * - `store` is always sent: the provider's (default `false`), or `providerOptions.openai.store`;
 * - with `store: false`, a reasoning model (or any request with `reasoning` set) gets
 *   `include: ['reasoning.encrypted_content']`, so its reasoning items can be sent back on the next
 *   turn; `providerOptions.openai.include` replaces that list;
 * - `reasoning.effort` from `request.reasoning.effort`, `reasoning.summary` from
 *   `providerOptions.openai.reasoningSummary` or `'auto'` when `reasoning.includeThoughts` is true;
 * - the response format in `text.format` (the schema format flat beside `type: 'json_schema'`);
 * - `temperature`, `top_p`, `max_output_tokens` only when set. The Responses API has no `stop` or
 *   `seed`: a request with either is a `ValidationError` (use `api: 'chat'`), not a silent drop.
 */
export function buildOpenAIResponsesRequestBody(
  request: ChatRequest,
  settings: OpenAISettings,
  stream: boolean,
): OpenAIResponsesRequestBody {
  // Two calls, not one returning both: a request builder allocates nothing it does not send.
  const model = validateRequest(request, settings);
  const options = parseOpenAIRequestOptions(request, settings.providerId);
  if (request.stop !== undefined) {
    throw new ValidationError(
      'request.stop',
      "the OpenAI Responses API has no stop sequences; use the Chat Completions API (api: 'chat')",
    );
  }
  if (request.seed !== undefined) {
    throw new ValidationError(
      'request.seed',
      "the OpenAI Responses API has no seed; use the Chat Completions API (api: 'chat')",
    );
  }
  const store = options.store ?? settings.store;
  const body: OpenAIResponsesRequestBody = {
    model,
    input: convertToOpenAIResponsesInput(request.messages, store),
    store,
  };
  if (request.systemPrompt !== undefined) body.instructions = request.systemPrompt;
  const include =
    options.include ??
    (!store && (isReasoningModel(model) || request.reasoning !== undefined)
      ? [ENCRYPTED_REASONING]
      : undefined);
  if (include !== undefined && include.length > 0) body.include = [...include];
  if (stream) body.stream = true;
  Object.assign(body, prepareOpenAIResponsesTools(request, options.parallelToolCalls));
  const format = prepareJsonResponseFormat(request, options, settings);
  if (format !== undefined) {
    body.text = {
      format: format === 'json_object' ? { type: format } : { type: 'json_schema', ...format },
    };
  }
  const reasoning: { effort?: string; summary?: string } = {};
  if (request.reasoning?.effort !== undefined) reasoning.effort = request.reasoning.effort;
  const summary =
    options.reasoningSummary ?? (request.reasoning?.includeThoughts === true ? 'auto' : undefined);
  if (summary !== undefined) reasoning.summary = summary;
  if (Object.keys(reasoning).length > 0) body.reasoning = reasoning;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.maxOutputTokens !== undefined) body.max_output_tokens = request.maxOutputTokens;
  if (options.user !== undefined) body.user = options.user;
  if (options.extraBody !== undefined) Object.assign(body, options.extraBody);
  return body;
}
