import { type Message, ValidationError } from '@aigo/ai';

/**
 * The text of a message whose role takes text only on `api` (system, assistant, tool): its string
 * content, or its text parts joined. A media part there is a `ValidationError` naming it.
 */
export function textOnlyContent(message: Message, where: string, api: string): string {
  if (typeof message.content === 'string') return message.content;
  let text = '';
  message.content.forEach((part, j) => {
    if (part.type !== 'text') {
      throw new ValidationError(
        `${where}.content[${j}]`,
        `a ${message.role} message can only carry text on the ${api}, got a ${part.type} part`,
      );
    }
    text += part.text;
  });
  return text;
}
