import { type ChatRequest, type Message, parseToolErrorEnvelope, ValidationError } from '@aigo/ai';
import { storedReasoning } from '../shared/bedrock-metadata.js';
import type {
  ConverseContentBlock,
  ConverseMessage,
  ConverseSystemBlock,
  ConverseToolResultContent,
} from '../wire/converse-api.js';
import { convertConversePart } from './convert-converse-part.js';

/** The `system` blocks and `messages` of a request. */
export interface ConverseConversation {
  readonly system: ConverseSystemBlock[];
  readonly messages: ConverseMessage[];
}

type MutableMessage = { role: 'user' | 'assistant'; content: ConverseContentBlock[] };

/**
 * The conversation as Converse takes it: `systemPrompt` and `system` messages as `system` text
 * blocks; user parts as text, image, document and video blocks; an assistant turn as its reasoning
 * blocks (from `providerMetadata.bedrock.reasoning`, signatures kept), text and `toolUse` blocks; a
 * tool message as a `toolResult` block (`status: 'error'` for aigo's tool-error envelope) in a user
 * turn. Consecutive turns of one role are merged, empty ones left out.
 *
 * @throws ValidationError naming the message that cannot be sent.
 */
export function convertToConverseMessages(request: ChatRequest): ConverseConversation {
  if (!Array.isArray(request.messages)) {
    throw new ValidationError('request.messages', 'must be an array of messages');
  }
  const prompt: unknown = request.systemPrompt;
  if (prompt !== undefined && typeof prompt !== 'string') {
    throw new ValidationError('request.systemPrompt', 'must be a string');
  }
  const system: ConverseSystemBlock[] = prompt ? [{ text: prompt }] : [];
  const messages: MutableMessage[] = [];
  let documents = 0;
  for (const [index, message] of request.messages.entries()) {
    const where = `request.messages[${index}]`;
    if (typeof message !== 'object' || message === null)
      throw new ValidationError(where, 'must be a message');
    switch (message.role) {
      case 'system':
        for (const text of textsOf(message, where)) system.push({ text });
        continue;
      case 'user': {
        const blocks = partsOf(message, where, () => documents++);
        append(messages, 'user', blocks);
        continue;
      }
      case 'assistant':
        append(messages, 'assistant', assistantBlocks(message, where));
        continue;
      case 'tool':
        append(messages, 'user', [toolResult(message, where)]);
        continue;
      default:
        throw new ValidationError(`${where}.role`, 'must be system, user, assistant or tool');
    }
  }
  return { system, messages };
}

function append(
  messages: MutableMessage[],
  role: 'user' | 'assistant',
  blocks: ConverseContentBlock[],
): void {
  if (blocks.length === 0) return;
  const last = messages.at(-1);
  if (last?.role === role) last.content.push(...blocks);
  else messages.push({ role, content: blocks });
}

function textsOf(message: Message, where: string): string[] {
  if (typeof message.content === 'string') return message.content === '' ? [] : [message.content];
  return message.content.flatMap((part, index) => {
    if (part.type !== 'text') {
      throw new ValidationError(`${where}.content[${index}]`, 'a system message takes text only');
    }
    return part.text === '' ? [] : [part.text];
  });
}

function partsOf(
  message: Message,
  where: string,
  nextDocument: () => number,
): ConverseContentBlock[] {
  const content = message.content;
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  if (!Array.isArray(content)) {
    throw new ValidationError(`${where}.content`, 'must be a string or an array of parts');
  }
  const blocks: ConverseContentBlock[] = [];
  content.forEach((part, index) => {
    const number = part.type === 'document' ? nextDocument() : 0;
    const block = convertConversePart(part, `${where}.content[${index}]`, number);
    if (block !== undefined) blocks.push(block);
  });
  return blocks;
}

function assistantBlocks(message: Message, where: string): ConverseContentBlock[] {
  const blocks: ConverseContentBlock[] = [];
  for (const reasoning of storedReasoning(message.providerMetadata) ?? []) {
    blocks.push({ reasoningContent: reasoning });
  }
  blocks.push(...partsOf(message, where, () => 0));
  (message.toolCalls ?? []).forEach((call, index) => {
    const at = `${where}.toolCalls[${index}]`;
    let input: unknown = {};
    const args = call.function?.arguments;
    if (typeof args === 'string' && args.trim() !== '') {
      try {
        input = JSON.parse(args);
      } catch {
        throw new ValidationError(`${at}.function.arguments`, 'must be JSON');
      }
    }
    blocks.push({ toolUse: { toolUseId: call.id, name: call.function.name, input } });
  });
  return blocks;
}

function toolResult(message: Message, where: string): ConverseContentBlock {
  if (typeof message.toolCallId !== 'string' || message.toolCallId === '') {
    throw new ValidationError(`${where}.toolCallId`, 'must name the tool call it answers');
  }
  const content: ConverseToolResultContent[] = [];
  let text = '';
  if (typeof message.content === 'string') {
    text = message.content;
    content.push({ text: message.content });
  } else {
    message.content.forEach((part, index) => {
      const block = convertConversePart(part, `${where}.content[${index}]`, 0);
      if (block === undefined) return;
      if ('text' in block) {
        if (text === '') text = block.text;
        content.push(block);
      } else if ('image' in block) content.push(block);
      else
        throw new ValidationError(
          `${where}.content[${index}]`,
          'a tool result takes text and images',
        );
    });
  }
  if (content.length === 0) content.push({ text: '' });
  const failed = parseToolErrorEnvelope(text) !== undefined;
  return {
    toolResult: {
      toolUseId: message.toolCallId,
      content,
      ...(failed ? { status: 'error' as const } : {}),
    },
  };
}
