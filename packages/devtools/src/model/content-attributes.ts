import {
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_SYSTEM_INSTRUCTIONS,
  type AttributeValue,
  redactAttribute,
} from '@aigo/ai';

/**
 * The attributes that carry message content (prompts, answers, tool arguments and results): kept
 * only when the devtools capture content, whatever another observer combined with them asked for.
 */
export const CONTENT_ATTRIBUTES: ReadonlySet<string> = new Set([
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_SYSTEM_INSTRUCTIONS,
  'gen_ai.tool.call.arguments',
  'gen_ai.tool.call.result',
  // A suspended run's requested tool arguments (as the approval rule redacted them for people).
  'aigo.interaction.arguments',
  // The text of a message steered into an agent run (`aigo.steering` events).
  'aigo.steering.text',
]);

/** Longest string attribute kept, in characters (longer ones are cut and marked). */
export const MAX_ATTRIBUTE_LENGTH = 32_768;

/**
 * Copies the attributes worth keeping into `into`: content only when `captureContent`, secrets
 * redacted (the one rule set of `@aigo/ai`), long strings cut, unset values skipped.
 */
export function keepAttributes(
  into: Record<string, AttributeValue>,
  attributes: { readonly [name: string]: AttributeValue | undefined } | undefined,
  captureContent: boolean,
): void {
  if (attributes === undefined || attributes === null || typeof attributes !== 'object') return;
  for (const name of Object.keys(attributes)) {
    const value = attributes[name];
    if (value === undefined) continue;
    if (!captureContent && CONTENT_ATTRIBUTES.has(name)) continue;
    into[name] = cut(redactAttribute(name, value));
  }
}

function cut(value: AttributeValue): AttributeValue {
  if (typeof value === 'string' && value.length > MAX_ATTRIBUTE_LENGTH) {
    return `${value.slice(0, MAX_ATTRIBUTE_LENGTH)}… [cut at ${MAX_ATTRIBUTE_LENGTH} characters]`;
  }
  return value;
}
