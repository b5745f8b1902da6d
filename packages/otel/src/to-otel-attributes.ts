import type { Attributes, AttributeValue } from '@aigo/ai';
import type {
  Attributes as OtelAttributes,
  AttributeValue as OtelAttributeValue,
} from '@opentelemetry/api';
import { CONTENT_ATTRIBUTES } from './content-attributes.js';
import { redactAttribute } from './redact.js';

/**
 * aigo attributes as OpenTelemetry attributes: `undefined` values left out, content attributes left
 * out unless `captureContent`, secret names hidden and secret shapes removed from strings.
 */
export function toOtelAttributes(
  attributes: Attributes | undefined,
  captureContent: boolean,
): OtelAttributes | undefined {
  if (attributes === undefined || attributes === null || typeof attributes !== 'object') {
    return undefined;
  }
  const result: OtelAttributes = {};
  for (const name of Object.keys(attributes)) {
    const value = attributes[name];
    if (value === undefined) continue;
    if (!captureContent && CONTENT_ATTRIBUTES.has(name)) continue;
    result[name] = toOtelValue(redactAttribute(name, value));
  }
  return result;
}

function toOtelValue(value: AttributeValue): OtelAttributeValue {
  if (!Array.isArray(value)) return value as string | number | boolean;
  // OpenTelemetry's array types are mutable; ours are readonly. The SDK copies them anyway.
  return [...value] as OtelAttributeValue;
}
