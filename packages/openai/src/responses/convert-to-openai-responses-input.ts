import { type ContentPart, type Message, ValidationError } from '@aigo/ai';
import { arrayOf, isRecord, type JsonRecord } from '../shared/json-guards.js';
import {
  audioFormatOf,
  dataUrlOf,
  filenameOf,
  imageDetailOf,
  imageUrlOf,
  isOpenAIFileId,
} from '../shared/media.js';
import { textOnlyContent } from '../shared/text-only-content.js';
import type {
  OpenAIResponsesInputContent,
  OpenAIResponsesInputItem,
} from './openai-responses-api.js';

const API = 'OpenAI Responses API';

/**
 * The `input` items of a Responses request (the system prompt travels in `instructions`).
 *
 * - user parts: `input_text`, `input_image` (URL, data URL or file id), `input_audio` (base64 wav or
 *   mp3), `input_file` (base64 data, a URL, or a file id); a video part is a `ValidationError`;
 * - an assistant message becomes, in order: the reasoning items of its response (kept in
 *   `providerMetadata.openai.reasoningItems`), its text as an assistant message, and one
 *   `function_call` item per tool call with its `call_id` — a function call sent back without the
 *   reasoning item that produced it is rejected by reasoning models. With `store: false` only
 *   reasoning items that carry `encrypted_content` can be sent back (the others exist only on
 *   OpenAI's servers), so the rest are left out;
 * - a tool message becomes a `function_call_output` item answering `call_id`.
 */
export function convertToOpenAIResponsesInput(
  messages: readonly Message[],
  store: boolean,
): OpenAIResponsesInputItem[] {
  const items: OpenAIResponsesInputItem[] = [];
  messages.forEach((message, index) => {
    const where = `request.messages[${index}]`;
    switch (message.role) {
      case 'system':
        items.push({ role: 'system', content: textOnlyContent(message, where, API) });
        return;
      case 'user':
        items.push({
          role: 'user',
          content:
            typeof message.content === 'string'
              ? message.content
              : message.content.map((part, j) => userPart(part, `${where}.content[${j}]`)),
        });
        return;
      case 'assistant':
        assistantItems(message, where, store, items);
        return;
      case 'tool':
        if (typeof message.toolCallId !== 'string' || message.toolCallId === '') {
          throw new ValidationError(
            `${where}.toolCallId`,
            'a tool message must name the call it answers',
          );
        }
        items.push({
          type: 'function_call_output',
          call_id: message.toolCallId,
          output: textOnlyContent(message, where, API),
        });
        return;
    }
  });
  return items;
}

function assistantItems(
  message: Message,
  where: string,
  store: boolean,
  items: OpenAIResponsesInputItem[],
): void {
  const text = textOnlyContent(message, where, API);
  const toolCalls = message.toolCalls ?? [];
  if (text !== '' || toolCalls.length > 0) {
    // A reasoning item must be followed by the output it led to; alone it is rejected.
    for (const item of arrayOf(message.providerMetadata?.openai?.reasoningItems)) {
      const reasoning = replayableReasoning(item, store);
      if (reasoning !== undefined) items.push(reasoning);
    }
  }
  if (text !== '') items.push({ role: 'assistant', content: text });
  toolCalls.forEach((call, j) => {
    if (!isRecord(call) || !isRecord(call.function) || typeof call.function.name !== 'string') {
      throw new ValidationError(
        `${where}.toolCalls[${j}]`,
        'must be a ToolCall with function.name and function.arguments',
      );
    }
    items.push({
      type: 'function_call',
      call_id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    });
  });
}

function replayableReasoning(item: unknown, store: boolean): OpenAIResponsesInputItem | undefined {
  if (!isRecord(item) || typeof item.id !== 'string') return undefined;
  const encrypted = typeof item.encrypted_content === 'string' ? item.encrypted_content : undefined;
  if (!store && encrypted === undefined) return undefined;
  const reasoning: JsonRecord & { type: 'reasoning' } = {
    type: 'reasoning',
    id: item.id,
    summary: Array.isArray(item.summary) ? item.summary : [],
  };
  if (encrypted !== undefined) reasoning.encrypted_content = encrypted;
  return reasoning;
}

function userPart(part: ContentPart, where: string): OpenAIResponsesInputContent {
  switch (part.type) {
    case 'text':
      return { type: 'input_text', text: part.text };
    case 'image': {
      const detail = imageDetailOf(part) ?? 'auto';
      if (part.uri !== undefined && isOpenAIFileId(part.uri)) {
        return { type: 'input_image', file_id: part.uri, detail };
      }
      return { type: 'input_image', image_url: imageUrlOf(part, where), detail };
    }
    case 'audio':
      return {
        type: 'input_audio',
        input_audio: { data: part.data ?? '', format: audioFormatOf(part, where, `the ${API}`) },
      };
    case 'document':
      if (part.uri !== undefined) {
        return isOpenAIFileId(part.uri)
          ? { type: 'input_file', file_id: part.uri }
          : { type: 'input_file', file_url: part.uri };
      }
      return { type: 'input_file', filename: filenameOf(part), file_data: dataUrlOf(part, where) };
    case 'video':
      throw new ValidationError(where, `the ${API} cannot take a video part`);
    default:
      throw new ValidationError(
        where,
        `unknown part type ${JSON.stringify((part as { type?: unknown }).type)}`,
      );
  }
}
