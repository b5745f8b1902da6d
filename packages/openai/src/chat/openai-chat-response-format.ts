import { type ResponseFormat, ValidationError } from '@aigo/ai';
import { isRecord } from '../shared/json-guards.js';
import { makeStrictSchema } from '../shared/make-strict-schema.js';
import type { OpenAIChatResponseFormat } from './openai-chat-api.js';

/**
 * The `response_format` of a Chat Completions request, or `undefined` for plain text (the API's
 * default, so nothing is sent).
 *
 * - JSON with a schema → `{ type: 'json_schema', json_schema: { name, description?, schema, strict? } }`
 *   (`name` defaults to `response`; with `strict: true` the schema is made strict-compatible);
 * - JSON without a schema, or any JSON when `structuredOutputs` is false (servers that lack
 *   `json_schema`) → `{ type: 'json_object' }`.
 */
export function prepareOpenAIChatResponseFormat(
  format: ResponseFormat | undefined,
  structuredOutputs: boolean,
): OpenAIChatResponseFormat | undefined {
  if (format === undefined || format.type === 'text') return undefined;
  if (format.type !== 'json') {
    throw new ValidationError('request.responseFormat.type', 'must be "text" or "json"');
  }
  if (format.schema === undefined || !structuredOutputs) return { type: 'json_object' };
  if (!isRecord(format.schema)) {
    throw new ValidationError('request.responseFormat.schema', 'must be a JSON Schema object');
  }
  const strict = format.strict === true;
  return {
    type: 'json_schema',
    json_schema: {
      name: format.name ?? 'response',
      ...(format.description === undefined ? {} : { description: format.description }),
      schema: (strict ? makeStrictSchema(format.schema) : format.schema) as Record<string, unknown>,
      ...(format.strict === undefined ? {} : { strict: format.strict }),
    },
  };
}
