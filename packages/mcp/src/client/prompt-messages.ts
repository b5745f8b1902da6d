import { assistantMessage, type Message, userMessage } from '@aigo/ai';
import type { PromptMessage } from '@modelcontextprotocol/sdk/types.js';
import { contentBlocksToParts } from '../shared/content-blocks.js';

/** MCP prompt messages as aigo messages (assistant messages keep their text only). */
export function promptMessages(messages: readonly PromptMessage[]): Message[] {
  return messages.map((message) => {
    const parts = contentBlocksToParts([message.content]);
    if (message.role === 'assistant') {
      return assistantMessage(
        parts.map((part) => (part.type === 'text' ? part.text : '')).join(''),
      );
    }
    const only = parts[0];
    return parts.length === 1 && only?.type === 'text'
      ? userMessage(only.text)
      : userMessage(parts);
  });
}
