import type { AttributeValue } from '@aigo/ai';

/** The attributes as one JSON object (a later attribute of the same name wins). */
export function attributesObject(
  attributes: ReadonlyArray<readonly [string, AttributeValue]>,
): Record<string, AttributeValue> {
  const object: Record<string, AttributeValue> = {};
  for (const [name, value] of attributes) object[name] = value;
  return object;
}

/** Text kept on one line: line breaks and other control characters are escaped. */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes.
  return /[\u0000-\u001f\u007f]/.test(text) ? JSON.stringify(text).slice(1, -1) : text;
}

/** A value as `pretty` writes it: strings as they are (on one line), the rest as JSON. */
export function plainValue(value: AttributeValue): string {
  return typeof value === 'string' ? oneLine(value) : JSON.stringify(value);
}
