import type { Message } from '@aigo/ai';
import { arrayOf, isRecord, type JsonRecord } from '@aigo/http';
import { convertUserPart } from '../request/convert-user-part.js';
import { textOnlyContent } from '../request/text-only-content.js';
import { checkToolCall, toolCallIdOf } from '../request/tool-turns.js';
import type { OpenAIResponsesInputItem } from '../wire/openai-responses-api.js';
import {
  functionCallOutput,
  RESPONSES_API,
  RESPONSES_PARTS,
} from './convert-openai-responses-parts.js';

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
 * - the images an assistant turn generated with the image generation tool (`message.media`, ids
 *   `ig_…`) go back as `image_generation_call` items, so the model can refer to them;
 * - a tool message becomes a `function_call_output` item answering `call_id`: its text, or, when it
 *   carries media parts, an array of `input_text`, `input_image` and `input_file` items (see
 *   `functionCallOutput`).
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
        items.push({ role: 'system', content: textOnlyContent(message, where, RESPONSES_API) });
        return;
      case 'user':
        items.push({
          role: 'user',
          content:
            typeof message.content === 'string'
              ? message.content
              : message.content.map((part, j) =>
                  convertUserPart(part, `${where}.content[${j}]`, RESPONSES_PARTS),
                ),
        });
        return;
      case 'assistant':
        assistantItems(message, where, store, items);
        return;
      case 'tool':
        items.push({
          type: 'function_call_output',
          call_id: toolCallIdOf(message, where),
          output: functionCallOutput(message, where),
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
  const text = textOnlyContent(message, where, RESPONSES_API);
  const toolCalls = message.toolCalls ?? [];
  if (text !== '' || toolCalls.length > 0) {
    // A reasoning item must be followed by the output it led to; alone it is rejected.
    for (const item of arrayOf(message.providerMetadata?.openai?.reasoningItems)) {
      const reasoning = replayableReasoning(item, store);
      if (reasoning !== undefined) items.push(reasoning);
    }
  }
  for (const media of message.media ?? []) {
    // An image the image generation tool made, sent back whole (with `store: false` the API keeps
    // nothing to refer to by id alone).
    if (media.id?.startsWith('ig_') && media.mimeType.startsWith('image/')) {
      items.push({
        type: 'image_generation_call',
        id: media.id,
        status: 'completed',
        ...(media.data === undefined ? {} : { result: media.data }),
      });
    }
  }
  if (text !== '') items.push({ role: 'assistant', content: text });
  toolCalls.forEach((call, j) => {
    checkToolCall(call, `${where}.toolCalls[${j}]`);
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
