import { type ChatRequest, type Message, parseToolErrorEnvelope, ValidationError } from '@aigo/ai';
import { readBlockRecords } from '../shared/anthropic-metadata.js';
import type {
  AnthropicBlock,
  AnthropicMessage,
  AnthropicSystemBlock,
} from '../wire/anthropic-api.js';
import { convertAnthropicPart, partCacheControl } from './convert-anthropic-part.js';
import { assistantBlocksFromFields, rebuildAnthropicTurn } from './rebuild-anthropic-turn.js';

/** The `system` blocks and `messages` of a request. */
export interface AnthropicConversation {
  readonly system: AnthropicSystemBlock[];
  readonly messages: AnthropicMessage[];
}

/**
 * The conversation as the Messages API takes it:
 *
 * - `systemPrompt` and every `system` message go to `system`, one text block each, in order;
 * - user parts become text, image and document blocks;
 * - an assistant turn goes back block for block from its records (thinking with its signature, in
 *   place), else as its text and tool calls;
 * - a tool message becomes a `tool_result` block (its text, then its image and document parts;
 *   `is_error` when the text is aigo's tool-error envelope) in a user turn;
 * - consecutive turns of the same role are merged into one (the API wants them alternating), and
 *   empty turns are left out.
 *
 * @throws ValidationError naming the message (`request.messages[2]`) that cannot be sent.
 */
export function convertToAnthropicMessages(
  request: ChatRequest,
  citations: boolean,
): AnthropicConversation {
  if (!Array.isArray(request.messages)) {
    throw new ValidationError('request.messages', 'must be an array of messages');
  }
  const system: AnthropicSystemBlock[] = [];
  if (request.systemPrompt !== undefined) {
    if (typeof request.systemPrompt !== 'string') {
      throw new ValidationError('request.systemPrompt', 'must be a string');
    }
    if (request.systemPrompt !== '') system.push({ type: 'text', text: request.systemPrompt });
  }
  const messages: AnthropicMessage[] = [];
  request.messages.forEach((message: Message, index) => {
    const where = `request.messages[${index}]`;
    if (message === null || typeof message !== 'object') {
      throw new ValidationError(where, 'must be a message');
    }
    switch (message.role) {
      case 'system':
        systemBlocks(message, where, system);
        return;
      case 'user':
        push(messages, 'user', userBlocks(message, where, citations));
        return;
      case 'assistant':
        push(messages, 'assistant', assistantBlocks(message, where));
        return;
      case 'tool':
        push(messages, 'user', [toolResultBlock(message, where, citations)]);
        return;
      default:
        throw new ValidationError(`${where}.role`, 'must be system, user, assistant or tool');
    }
  });
  return { system, messages };
}

function push(messages: AnthropicMessage[], role: 'user' | 'assistant', blocks: AnthropicBlock[]) {
  if (blocks.length === 0) return;
  const last = messages[messages.length - 1];
  if (last !== undefined && last.role === role) {
    last.content.push(...blocks);
  } else {
    messages.push({ role, content: blocks });
  }
}

function systemBlocks(message: Message, where: string, system: AnthropicSystemBlock[]): void {
  if (typeof message.content === 'string') {
    if (message.content !== '') system.push({ type: 'text', text: message.content });
    return;
  }
  message.content.forEach((part, index) => {
    if (part.type !== 'text') {
      throw new ValidationError(`${where}.content[${index}]`, 'a system message takes text only');
    }
    if (part.text === '') return;
    const block: AnthropicSystemBlock = { type: 'text', text: part.text };
    const cache = partCacheControl(part.providerMetadata, `${where}.content[${index}]`);
    if (cache !== undefined) block.cache_control = cache;
    system.push(block);
  });
}

function userBlocks(message: Message, where: string, citations: boolean): AnthropicBlock[] {
  const content = message.content;
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) {
    throw new ValidationError(`${where}.content`, 'must be a string or an array of parts');
  }
  const blocks: AnthropicBlock[] = [];
  content.forEach((part, index) => {
    const block = convertAnthropicPart(part, `${where}.content[${index}]`, citations);
    if (block !== undefined) blocks.push(block);
  });
  return blocks;
}

function assistantBlocks(message: Message, where: string): AnthropicBlock[] {
  const records = readBlockRecords(message.providerMetadata);
  if (records !== undefined) {
    const rebuilt = rebuildAnthropicTurn(message, records, where);
    if (rebuilt !== undefined) return rebuilt;
  }
  return assistantBlocksFromFields(message, where);
}

function toolResultBlock(message: Message, where: string, citations: boolean): AnthropicBlock {
  if (typeof message.toolCallId !== 'string' || message.toolCallId === '') {
    throw new ValidationError(`${where}.toolCallId`, 'must name the tool call it answers');
  }
  const block: AnthropicBlock = { type: 'tool_result', tool_use_id: message.toolCallId };
  const content = message.content;
  let text: string;
  if (typeof content === 'string') {
    text = content;
    if (content !== '') block.content = content;
  } else {
    const parts: AnthropicBlock[] = [];
    content.forEach((part, index) => {
      const converted = convertAnthropicPart(part, `${where}.content[${index}]`, citations);
      if (converted !== undefined) parts.push(converted);
    });
    const first = content[0];
    text = first?.type === 'text' ? first.text : '';
    if (parts.length > 0) block.content = parts;
  }
  if (parseToolErrorEnvelope(text) !== undefined) block.is_error = true;
  return block;
}
