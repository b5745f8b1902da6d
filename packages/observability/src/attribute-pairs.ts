import type { Attributes, AttributeValue } from '@aigo/ai';
import { redactAttribute } from '@aigo/ai';

/** Attributes as ordered, redacted pairs (`undefined` values left out). */
export function attributePairs(
  attributes: Attributes | undefined,
): Array<readonly [string, AttributeValue]> {
  const pairs: Array<readonly [string, AttributeValue]> = [];
  if (attributes === undefined || attributes === null || typeof attributes !== 'object') {
    return pairs;
  }
  for (const name of Object.keys(attributes)) {
    const value = attributes[name];
    if (value === undefined) continue;
    pairs.push([name, redactAttribute(name, value)]);
  }
  return pairs;
}
