// Redaction of span and log attributes, on the one rule set of `../redaction/`.
import { redactSecrets } from '../redaction/redact-secrets.js';
import { isSecretName } from '../redaction/secret-names.js';
import { REDACTED } from '../redaction/secret-patterns.js';
import type { AttributeValue } from './observer.js';

/**
 * An attribute value safe to write: secret names hide their value, strings lose secret shapes. The
 * value itself comes back when nothing had to change.
 */
export function redactAttribute(name: string, value: AttributeValue): AttributeValue {
  return typeof value === 'string' || Array.isArray(value)
    ? redactAttributeValue(value, isSecretName(name))
    : value;
}

/**
 * {@link redactAttribute} for a caller that already knows whether the attribute's name is secret
 * (an observer that classifies each name once): `secret` hides a string's value; otherwise strings
 * (and arrays of strings) lose secret shapes. The value itself comes back when nothing changed.
 */
export function redactAttributeValue(value: AttributeValue, secret: boolean): AttributeValue {
  if (typeof value === 'string') return secret ? REDACTED : redactSecrets(value);
  if (Array.isArray(value) && value.length > 0 && typeof value[0] === 'string') {
    const strings = value as readonly string[];
    const redacted = strings.map((item) => (secret ? REDACTED : redactSecrets(item)));
    // The same array back when nothing changed, so callers can tell.
    return redacted.every((item, index) => item === strings[index]) ? value : redacted;
  }
  return value;
}
