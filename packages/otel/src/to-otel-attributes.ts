import type { Attributes, AttributeValue } from '@aigo/ai';
import { isSecretName, redactAttributeValue } from '@aigo/ai';
import type { Attributes as OtelAttributes } from '@opentelemetry/api';
import { CONTENT_ATTRIBUTES } from './content-attributes.js';

const PLAIN = 0;
const CONTENT = 1;
const SECRET = 2;
type NameClass = typeof PLAIN | typeof CONTENT | typeof SECRET;

/**
 * What each attribute name is, remembered: names are few (the conventions' constants), and
 * classifying one takes a regular expression. Behaviour-neutral; cleared when it grows past
 * `MAX_REMEMBERED` names so odd callers cannot grow it without bound.
 */
const nameClasses = new Map<string, NameClass>();
const MAX_REMEMBERED = 2048;

function classify(name: string): NameClass {
  let known = nameClasses.get(name);
  if (known === undefined) {
    known = CONTENT_ATTRIBUTES.has(name) ? CONTENT : isSecretName(name) ? SECRET : PLAIN;
    if (nameClasses.size >= MAX_REMEMBERED) nameClasses.clear();
    nameClasses.set(name, known);
  }
  return known;
}

/**
 * aigo attributes as OpenTelemetry attributes: `undefined` values left out, content attributes left
 * out unless `captureContent`, secret names hidden and secret shapes removed from strings. When
 * nothing has to change — the usual case — the object itself is returned, uncopied.
 */
export function toOtelAttributes(
  attributes: Attributes | undefined,
  captureContent: boolean,
): OtelAttributes | undefined {
  if (attributes === undefined || attributes === null || typeof attributes !== 'object') {
    return undefined;
  }
  // First pass, allocation-free: is any value dropped or changed?
  let changed = false;
  for (const name in attributes) {
    const value = attributes[name];
    if (value === undefined || keep(name, value, captureContent) !== value) {
      changed = true;
      break;
    }
  }
  // OpenTelemetry's array types are mutable where ours are readonly; the SDK copies them anyway.
  if (!changed) return attributes as OtelAttributes;
  const copy: Record<string, AttributeValue> = {};
  for (const name in attributes) {
    const value = attributes[name];
    if (value === undefined) continue;
    const kept = keep(name, value, captureContent);
    if (kept !== undefined) copy[name] = kept;
  }
  return copy as OtelAttributes;
}

/** What to record of one attribute: `undefined` to leave it out. */
function keep(
  name: string,
  value: AttributeValue,
  captureContent: boolean,
): AttributeValue | undefined {
  const kind = classify(name);
  return kind === CONTENT && !captureContent
    ? undefined
    : redactAttributeValue(value, kind === SECRET);
}
