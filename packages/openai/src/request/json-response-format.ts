import { type ChatRequest, ValidationError } from '@aigo/ai';
import { isRecord } from '@aigo/http';
import type { OpenAIRequestOptions } from '../openai-request-options.js';
import type { OpenAISettings } from '../shared/openai-settings.js';
import { makeStrictSchema } from './make-strict-schema.js';

/** A JSON-schema response format, as both APIs carry it (Chat nests it in `json_schema`). */
export interface OpenAIJsonSchemaFormat {
  name: string;
  description?: string;
  schema: Record<string, unknown>;
  strict?: boolean;
}

/**
 * The response format of a request, the same for both APIs: `undefined` for plain text (the APIs'
 * default, so nothing is sent); `'json_object'` for JSON without a schema, or for any JSON when
 * structured outputs are off (`providerOptions.openai.structuredOutputs`, else the provider's
 * setting: servers that lack `json_schema`); else the schema format (`name` defaults to `response`;
 * with `strict: true` the schema is made strict-compatible).
 *
 * @throws ValidationError naming `request.responseFormat.type` or `.schema`.
 */
export function prepareJsonResponseFormat(
  request: ChatRequest,
  options: OpenAIRequestOptions,
  settings: OpenAISettings,
): OpenAIJsonSchemaFormat | 'json_object' | undefined {
  const format = request.responseFormat;
  if (format === undefined || format.type === 'text') return undefined;
  if (format.type !== 'json') {
    throw new ValidationError('request.responseFormat.type', 'must be "text" or "json"');
  }
  if (format.schema === undefined || !(options.structuredOutputs ?? settings.structuredOutputs)) {
    return 'json_object';
  }
  if (!isRecord(format.schema)) {
    throw new ValidationError('request.responseFormat.schema', 'must be a JSON Schema object');
  }
  const strict = format.strict === true;
  return {
    name: format.name ?? 'response',
    ...(format.description === undefined ? {} : { description: format.description }),
    schema: (strict ? makeStrictSchema(format.schema) : format.schema) as Record<string, unknown>,
    ...(format.strict === undefined ? {} : { strict: format.strict }),
  };
}
