import { type ChatRequest, ValidationError } from '@aigo/ai';
import { isRecord } from '@aigo/http';
import type { BedrockRequestOptions } from '../bedrock-request-options.js';
import type { ConverseRequestBody } from '../wire/converse-api.js';
import { JSON_RESPONSE_TOOL, prepareConverseTools } from './converse-prepare-tools.js';
import { convertToConverseMessages } from './convert-to-converse-messages.js';

/** A Converse body, and the tool a JSON answer was forced through. */
export interface BuiltConverseRequest {
  readonly body: ConverseRequestBody;
  readonly jsonToolName: string | undefined;
}

const CACHE_POINT = { cachePoint: { type: 'default' } } as const;

/**
 * The Converse (and ConverseStream) body of a request; the model goes in the URL. Unset request
 * fields stay unsent. `reasoning.budgetTokens` (or an effort) turns on Claude's extended thinking
 * through `additionalModelRequestFields.thinking` for Anthropic models; other families take their
 * own fields through `providerOptions.bedrock.additionalModelRequestFields`.
 *
 * @throws ValidationError naming the field that cannot be sent.
 */
export function buildConverseRequest(
  request: ChatRequest,
  model: string,
  options: BedrockRequestOptions,
): BuiltConverseRequest {
  const { system, messages } = convertToConverseMessages(request);
  const schema = jsonSchemaOf(request);
  const body: ConverseRequestBody = { messages };
  if (system.length > 0) body.system = system;
  const inference: NonNullable<ConverseRequestBody['inferenceConfig']> = {};
  const max = request.maxOutputTokens;
  if (max !== undefined) {
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) {
      throw new ValidationError('request.maxOutputTokens', 'must be a positive integer');
    }
    inference.maxTokens = max;
  }
  for (const [key, value, where] of [
    ['temperature', request.temperature, 'request.temperature'],
    ['topP', request.topP, 'request.topP'],
  ] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new ValidationError(where, 'must be a non-negative number');
    }
    inference[key] = value;
  }
  if (request.stop !== undefined) {
    if (!Array.isArray(request.stop) || request.stop.some((stop) => typeof stop !== 'string')) {
      throw new ValidationError('request.stop', 'must be an array of strings');
    }
    if (request.stop.length > 0) inference.stopSequences = [...request.stop];
  }
  if (Object.keys(inference).length > 0) body.inferenceConfig = inference;
  const toolConfig = prepareConverseTools(request, schema);
  if (toolConfig !== undefined) body.toolConfig = toolConfig;
  const extra = { ...claudeThinking(request, model), ...options.additionalModelRequestFields };
  if (Object.keys(extra).length > 0) body.additionalModelRequestFields = extra;
  if (options.guardrailConfig !== undefined) body.guardrailConfig = { ...options.guardrailConfig };
  if (options.additionalModelResponseFieldPaths !== undefined) {
    body.additionalModelResponseFieldPaths = [...options.additionalModelResponseFieldPaths];
  }
  if (options.performanceConfig !== undefined)
    body.performanceConfig = { ...options.performanceConfig };
  if (options.requestMetadata !== undefined) body.requestMetadata = { ...options.requestMetadata };
  if (options.cache === true) placeCachePoints(body);
  return { body, jsonToolName: schema === undefined ? undefined : JSON_RESPONSE_TOOL };
}

function jsonSchemaOf(request: ChatRequest): Record<string, unknown> | undefined {
  const format = request.responseFormat;
  if (format === undefined) return undefined;
  if (!isRecord(format) || (format.type !== 'json' && format.type !== 'text')) {
    throw new ValidationError(
      'request.responseFormat',
      'must be { type: "text" } or { type: "json" }',
    );
  }
  if (format.type !== 'json' || format.schema === undefined) return undefined;
  if (!isRecord(format.schema)) {
    throw new ValidationError('request.responseFormat.schema', 'must be a JSON Schema object');
  }
  return format.schema;
}

/** Claude's extended thinking from `request.reasoning`, for Anthropic models only. */
function claudeThinking(request: ChatRequest, model: string): Record<string, unknown> {
  const reasoning = request.reasoning;
  if (reasoning === undefined || !model.includes('anthropic.claude')) return {};
  const budget = reasoning.budgetTokens;
  if (budget !== undefined) {
    if (typeof budget !== 'number' || !Number.isInteger(budget) || budget < 0) {
      throw new ValidationError('request.reasoning.budgetTokens', 'must be a non-negative integer');
    }
    return budget === 0 ? {} : { thinking: { type: 'enabled', budget_tokens: budget } };
  }
  const effort = reasoning.effort;
  if (effort === undefined) return {};
  const budgets = { minimal: 1024, low: 2048, medium: 8192, high: 16384 } as const;
  return { thinking: { type: 'enabled', budget_tokens: budgets[effort] ?? 8192 } };
}

/** A cache point after the system prompt, after the tools and at the end of the last message. */
function placeCachePoints(body: ConverseRequestBody): void {
  if (body.system !== undefined) body.system.push(CACHE_POINT);
  if (body.toolConfig !== undefined) body.toolConfig.tools.push(CACHE_POINT);
  const last = body.messages.at(-1);
  if (last !== undefined) {
    body.messages[body.messages.length - 1] = {
      role: last.role,
      content: [...last.content, CACHE_POINT],
    };
  }
}
