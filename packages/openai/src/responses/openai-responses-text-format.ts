import { type ResponseFormat, ValidationError } from '@aigo/ai';
import { isRecord } from '../shared/json-guards.js';
import { makeStrictSchema } from '../shared/make-strict-schema.js';
import type { OpenAIResponsesTextFormat } from './openai-responses-api.js';

/**
 * The `text.format` of a Responses request, or `undefined` for plain text: JSON with a schema →
 * `{ type: 'json_schema', name, description?, schema, strict? }` (strict schemas made
 * strict-compatible); JSON without a schema, or with `structuredOutputs` off → `{ type: 'json_object' }`.
 */
export function prepareOpenAIResponsesTextFormat(
  format: ResponseFormat | undefined,
  structuredOutputs: boolean,
): OpenAIResponsesTextFormat | undefined {
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
    name: format.name ?? 'response',
    ...(format.description === undefined ? {} : { description: format.description }),
    schema: (strict ? makeStrictSchema(format.schema) : format.schema) as Record<string, unknown>,
    ...(format.strict === undefined ? {} : { strict: format.strict }),
  };
}
