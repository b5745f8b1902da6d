import type { Message } from '@a2a-js/sdk';
import { type ContentPart, type Prompt, textPart } from '@aigo/ai';
import { readParts } from '../shared/a2a-parts.js';

/**
 * An A2A message as an aigo prompt: its text when it is only text, else content parts — text, data
 * parts as their JSON text, files as media parts.
 */
export function messageToPrompt(message: Message): Prompt {
  const parts: ContentPart[] = [];
  let onlyText = true;
  for (const part of message.parts ?? []) {
    const content = readParts([part]);
    for (const text of content.texts) parts.push(textPart(text));
    for (const value of content.data) {
      onlyText = false;
      parts.push(textPart(JSON.stringify(value)));
    }
    for (const file of content.files) {
      onlyText = false;
      parts.push(file);
    }
  }
  if (onlyText) return parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  return parts;
}
