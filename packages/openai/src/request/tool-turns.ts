import { type Message, type ToolCall, ValidationError } from '@aigo/ai';
import { isRecord } from '@aigo/http';

/**
 * The id of the call a tool message answers.
 *
 * @throws ValidationError naming `${where}.toolCallId` when the message names none.
 */
export function toolCallIdOf(message: Message, where: string): string {
  if (typeof message.toolCallId !== 'string' || message.toolCallId === '') {
    throw new ValidationError(
      `${where}.toolCallId`,
      'a tool message must name the call it answers',
    );
  }
  return message.toolCallId;
}

/**
 * Checks a tool call an assistant message carries, to be sent back to the API.
 *
 * @throws ValidationError naming `where` unless the call has `function.name` and `function.arguments`.
 */
export function checkToolCall(call: ToolCall, where: string): void {
  if (!isRecord(call) || !isRecord(call.function) || typeof call.function.name !== 'string') {
    throw new ValidationError(
      where,
      'must be a ToolCall with function.name and function.arguments',
    );
  }
}
