import { type Message, userMessage, ValidationError } from '@aigo/ai';
import { copyMessage } from '../memory/copy-message.js';
import type { Prompt } from './client-options.js';

/**
 * The user message a prompt stands for: text, content parts, or a user `Message` (checked and
 * copied).
 *
 * @throws ValidationError naming `prompt` when it is empty or not one of these.
 */
export function promptMessage(prompt: Prompt): Message {
  if (typeof prompt === 'string') {
    if (prompt === '') {
      throw new ValidationError(
        'prompt',
        'is empty; to continue a conversation without a new message, call continueConversation()',
      );
    }
    return userMessage(prompt);
  }
  if (Array.isArray(prompt)) {
    if (prompt.length === 0) throw new ValidationError('prompt', 'has no content parts');
    return copyMessage(userMessage(prompt), 'prompt');
  }
  if (prompt !== null && typeof prompt === 'object' && 'role' in prompt) {
    if (prompt.role !== 'user') {
      throw new ValidationError(
        'prompt.role',
        `must be "user", got ${JSON.stringify(prompt.role)}; send other messages with continueConversation({ messages })`,
      );
    }
    return copyMessage(prompt, 'prompt');
  }
  throw new ValidationError(
    'prompt',
    'must be a string, an array of content parts or a user message',
  );
}
