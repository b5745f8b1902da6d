import { type Message, messageText, type ToolCall, ValidationError } from '@aigo/ai';
import { isRecord } from '@aigo/http';
import type { AnthropicBlockRecord } from '../shared/anthropic-metadata.js';
import type { AnthropicBlock } from '../wire/anthropic-api.js';

/** A tool call as a `tool_use` block; its arguments must be a JSON object (empty means `{}`). */
export function toolUseBlock(call: ToolCall, where: string): AnthropicBlock {
  if (call === null || typeof call !== 'object' || typeof call.id !== 'string') {
    throw new ValidationError(where, 'must be a tool call with an id');
  }
  const name = call.function?.name;
  if (typeof name !== 'string' || name === '') {
    throw new ValidationError(`${where}.function.name`, 'must be a non-empty string');
  }
  const text = call.function.arguments;
  let input: unknown = {};
  if (typeof text === 'string' && text.trim() !== '') {
    try {
      input = JSON.parse(text);
    } catch (error) {
      throw new ValidationError(`${where}.function.arguments`, 'must be JSON text', {
        cause: error,
      });
    }
  }
  if (!isRecord(input)) {
    throw new ValidationError(`${where}.function.arguments`, 'must be a JSON object');
  }
  return { type: 'tool_use', id: call.id, name, input };
}

/**
 * Rebuilds an assistant turn block for block from its records (`providerMetadata.anthropic.blocks`):
 * text and thinking runs cut from `content` and `reasoning`, each thinking block with its signature,
 * redacted thinking with its data, tool calls from `toolCalls`, server-tool blocks whole.
 *
 * Returns `undefined` when the records no longer fit the message — its text, reasoning or calls were
 * changed after the answer came — so the caller rebuilds the turn from the message's fields.
 */
export function rebuildAnthropicTurn(
  message: Message,
  records: readonly AnthropicBlockRecord[],
  where: string,
): AnthropicBlock[] | undefined {
  if (typeof message.content !== 'string') return undefined;
  const content = message.content;
  const reasoning = typeof message.reasoning === 'string' ? message.reasoning : '';
  const calls = message.toolCalls ?? [];
  const sent = new Set<number>();
  const blocks: AnthropicBlock[] = [];
  let textAt = 0;
  let thinkingAt = 0;
  for (const record of records) {
    switch (record.kind) {
      case 'text': {
        const end = textAt + record.length;
        if (end > content.length) return undefined;
        if (record.length > 0) blocks.push({ type: 'text', text: content.slice(textAt, end) });
        textAt = end;
        break;
      }
      case 'thinking': {
        const end = thinkingAt + record.length;
        if (end > reasoning.length) return undefined;
        blocks.push({
          type: 'thinking',
          thinking: reasoning.slice(thinkingAt, end),
          signature: record.signature,
        });
        thinkingAt = end;
        break;
      }
      case 'redacted_thinking':
        blocks.push({ type: 'redacted_thinking', data: record.data });
        break;
      case 'tool_use': {
        const call = calls[record.index];
        if (call === undefined || sent.has(record.index)) return undefined;
        sent.add(record.index);
        blocks.push(toolUseBlock(call, `${where}.toolCalls[${record.index}]`));
        break;
      }
      case 'block':
        blocks.push({ ...(record.block as AnthropicBlock) });
        break;
    }
  }
  const whole =
    textAt === content.length && thinkingAt === reasoning.length && sent.size === calls.length;
  return whole ? blocks : undefined;
}

/**
 * An assistant turn from the message's own fields: its text, then its tool calls. Reasoning
 * without its signatures cannot go back (the API refuses unsigned thinking), so it is left out.
 */
export function assistantBlocksFromFields(message: Message, where: string): AnthropicBlock[] {
  const blocks: AnthropicBlock[] = [];
  const text = messageText(message);
  if (text !== '') blocks.push({ type: 'text', text });
  (message.toolCalls ?? []).forEach((call, index) => {
    blocks.push(toolUseBlock(call, `${where}.toolCalls[${index}]`));
  });
  return blocks;
}
