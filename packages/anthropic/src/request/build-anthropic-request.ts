import { type ChatRequest, ValidationError } from '@aigo/ai';
import { isRecord } from '@aigo/http';
import type { AnthropicRequestOptions } from '../anthropic-request-options.js';
import {
  defaultMaxTokens,
  supportsNativeStructuredOutput,
} from '../shared/anthropic-model-support.js';
import type { AnthropicRequestBody, AnthropicTool } from '../wire/anthropic-api.js';
import { placeCacheBreakpoints } from './anthropic-cache-breakpoints.js';
import { prepareAnthropicTools, STRUCTURED_OUTPUT_TOOL } from './anthropic-prepare-tools.js';
import { anthropicThinking } from './anthropic-thinking.js';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages.js';

/** A request body, and the tool a JSON answer was forced through (its input is the answer). */
export interface BuiltAnthropicRequest {
  readonly body: AnthropicRequestBody;
  readonly jsonToolName: string | undefined;
}

/**
 * The Messages API body of a request. Unset request fields stay unsent; `max_tokens`, which the API
 * requires, is `maxOutputTokens` or the model's output limit. Prompt-cache breakpoints are placed
 * last, on the finished body.
 *
 * @throws ValidationError naming the field that cannot be sent.
 */
export function buildAnthropicRequest(
  request: ChatRequest,
  model: string,
  options: AnthropicRequestOptions,
  stream: boolean,
): BuiltAnthropicRequest {
  const maxOutput = request.maxOutputTokens;
  if (
    maxOutput !== undefined &&
    (typeof maxOutput !== 'number' || !Number.isInteger(maxOutput) || maxOutput < 1)
  ) {
    throw new ValidationError('request.maxOutputTokens', 'must be a positive integer');
  }
  const maxTokens = maxOutput ?? defaultMaxTokens(model);
  const { thinking, effort } = anthropicThinking(request, model, maxTokens);
  const thinkingOn = thinking !== undefined && thinking.type !== 'disabled';
  const { system, messages } = convertToAnthropicMessages(request, options.citations === true);

  const format = request.responseFormat;
  let schema: { readonly [key: string]: unknown } | undefined;
  if (format !== undefined) {
    if (!isRecord(format) || (format.type !== 'json' && format.type !== 'text')) {
      throw new ValidationError(
        'request.responseFormat',
        'must be { type: "text" } or { type: "json" }',
      );
    }
    if (format.type === 'json' && format.schema !== undefined) {
      if (!isRecord(format.schema)) {
        throw new ValidationError('request.responseFormat.schema', 'must be a JSON Schema object');
      }
      schema = format.schema;
    }
  }
  const native =
    schema !== undefined &&
    (options.structuredOutput ?? (supportsNativeStructuredOutput(model) ? 'native' : 'tool')) ===
      'native';
  let schemaTool: AnthropicTool | undefined;
  if (schema !== undefined && !native) {
    schemaTool = {
      name: STRUCTURED_OUTPUT_TOOL,
      description:
        format?.type === 'json' && typeof format.description === 'string'
          ? format.description
          : 'Answer with this tool: its input is the answer.',
      input_schema: schema,
    };
  }
  const { tools, toolChoice } = prepareAnthropicTools(
    request,
    options.parallelToolCalls,
    schemaTool,
    thinkingOn,
  );

  const body: AnthropicRequestBody = { model, max_tokens: maxTokens, messages };
  if (system.length > 0) body.system = system;
  if (tools !== undefined) body.tools = tools;
  if (toolChoice !== undefined) body.tool_choice = toolChoice;
  if (thinking !== undefined) body.thinking = thinking;
  if (effort !== undefined || native) {
    body.output_config = {
      ...(effort === undefined ? {} : { effort }),
      ...(native && schema !== undefined ? { format: { type: 'json_schema', schema } } : {}),
    };
  }
  numberField(body, 'temperature', request.temperature, 'request.temperature');
  numberField(body, 'top_p', request.topP, 'request.topP');
  if (options.topK !== undefined) body.top_k = options.topK;
  if (request.stop !== undefined) {
    if (!Array.isArray(request.stop) || request.stop.some((stop) => typeof stop !== 'string')) {
      throw new ValidationError('request.stop', 'must be an array of strings');
    }
    if (request.stop.length > 0) body.stop_sequences = [...request.stop];
  }
  if (options.userId !== undefined) body.metadata = { user_id: options.userId };
  if (options.serviceTier !== undefined) body.service_tier = options.serviceTier;
  if (options.container !== undefined) body.container = options.container;
  if (stream) body.stream = true;
  if (options.cache !== false) {
    const ttl = typeof options.cache === 'object' ? options.cache.ttl : undefined;
    placeCacheBreakpoints(
      { tools: body.tools, system, messages },
      ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl },
    );
  }
  if (options.extraBody !== undefined) Object.assign(body, options.extraBody);
  return { body, jsonToolName: schemaTool?.name };
}

function numberField(
  body: AnthropicRequestBody,
  key: 'temperature' | 'top_p',
  value: unknown,
  where: string,
): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ValidationError(where, 'must be a non-negative number');
  }
  body[key] = value;
}
