import { type Message, userMessage, ValidationError, validateMessage } from '@aigo/ai';

/**
 * The user message a steering message (or a step-driven run's prompt) stands for: text, content
 * parts, or a user `Message` — checked and copied, so a later change to the caller's value changes
 * nothing in the run.
 *
 * @param argument - The name errors give the value (`message`, `prompt`).
 * @throws ValidationError naming `argument` when the value is not a prompt.
 */
export function promptAsMessage(value: unknown, argument: string): Message {
  if (typeof value === 'string') {
    if (value.trim() === '') throw new ValidationError(argument, 'is empty');
    return userMessage(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) throw new ValidationError(argument, 'has no content parts');
    return validateMessage({ role: 'user', content: value }, argument);
  }
  if (
    value !== null &&
    typeof value === 'object' &&
    (value as { role?: unknown }).role === 'user'
  ) {
    return validateMessage(value, argument);
  }
  throw new ValidationError(
    argument,
    'must be a prompt: a string, an array of content parts or a user message',
  );
}
