import { type ContentPart, type Message, type ToolCall, ValidationError } from '@aigo/ai';
import { isRecord } from '../shared/json-guards.js';
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
  OpenAIChatContentPart,
  OpenAIChatMessage,
  OpenAIChatToolCall,
} from './openai-chat-api.js';

const API = 'OpenAI Chat Completions API';

/**
 * The `messages` array of a Chat Completions request: the system prompt first, then every message.
 *
 * - user parts: text, image (URL or base64 data URL), audio (base64 wav/mp3 → `input_audio`),
 *   document (base64 → `file` with `file_data`, or an OpenAI file id `file-…` → `file_id`); a part the
 *   API cannot take (video, audio or a document by URL) is a `ValidationError` naming it;
 * - assistant messages carry their `tool_calls` (content `null` when there is no text) and, when
 *   the reasoning came from DeepSeek's `reasoning_content` and the turn called tools, that reasoning
 *   (DeepSeek's thinking mode rejects a tool-call turn sent back without it);
 * - tool messages answer `tool_call_id`.
 */
export function convertToOpenAIChatMessages(
  messages: readonly Message[],
  systemPrompt: string | undefined,
): OpenAIChatMessage[] {
  const out: OpenAIChatMessage[] = [];
  if (systemPrompt !== undefined) out.push({ role: 'system', content: systemPrompt });
  messages.forEach((message, index) => {
    const where = `request.messages[${index}]`;
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content: textOnlyContent(message, where, API) });
        return;
      case 'user': {
        const user: OpenAIChatMessage = {
          role: 'user',
          content:
            typeof message.content === 'string'
              ? message.content
              : message.content.map((part, j) => userPart(part, `${where}.content[${j}]`)),
        };
        if (message.name !== undefined) user.name = message.name;
        out.push(user);
        return;
      }
      case 'assistant':
        out.push(assistantMessage(message, where));
        return;
      case 'tool': {
        if (typeof message.toolCallId !== 'string' || message.toolCallId === '') {
          throw new ValidationError(
            `${where}.toolCallId`,
            'a tool message must name the call it answers',
          );
        }
        out.push({
          role: 'tool',
          tool_call_id: message.toolCallId,
          content: textOnlyContent(message, where, API),
        });
        return;
      }
    }
  });
  return out;
}

function assistantMessage(message: Message, where: string): OpenAIChatMessage {
  const text = textOnlyContent(message, where, API);
  const toolCalls = message.toolCalls ?? [];
  const assistant: Extract<OpenAIChatMessage, { role: 'assistant' }> = {
    role: 'assistant',
    content: text === '' && toolCalls.length > 0 ? null : text,
  };
  if (message.name !== undefined) assistant.name = message.name;
  if (toolCalls.length > 0) {
    assistant.tool_calls = toolCalls.map((call, j) =>
      wireToolCall(call, `${where}.toolCalls[${j}]`),
    );
  }
  const metadata = message.providerMetadata?.openai;
  if (
    toolCalls.length > 0 &&
    metadata?.reasoningField === 'reasoning_content' &&
    message.reasoning !== undefined
  ) {
    assistant.reasoning_content = message.reasoning;
  }
  if (isRecord(metadata?.extraContent)) assistant.extra_content = metadata.extraContent;
  return assistant;
}

function wireToolCall(call: ToolCall, where: string): OpenAIChatToolCall {
  if (!isRecord(call) || !isRecord(call.function) || typeof call.function.name !== 'string') {
    throw new ValidationError(
      where,
      'must be a ToolCall with function.name and function.arguments',
    );
  }
  const wire: OpenAIChatToolCall = {
    id: call.id,
    type: 'function',
    function: { name: call.function.name, arguments: call.function.arguments },
  };
  const extra = call.providerMetadata?.openai?.extraContent;
  if (isRecord(extra)) wire.extra_content = extra;
  return wire;
}

function userPart(part: ContentPart, where: string): OpenAIChatContentPart {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image': {
      const detail = imageDetailOf(part);
      return {
        type: 'image_url',
        image_url:
          detail === undefined
            ? { url: imageUrlOf(part, where) }
            : { url: imageUrlOf(part, where), detail },
      };
    }
    case 'audio':
      return {
        type: 'input_audio',
        input_audio: { data: part.data ?? '', format: audioFormatOf(part, where, `the ${API}`) },
      };
    case 'document':
      if (part.uri !== undefined) {
        if (isOpenAIFileId(part.uri)) return { type: 'file', file: { file_id: part.uri } };
        throw new ValidationError(
          where,
          `the ${API} takes documents as base64 data or an OpenAI file id (file-…), not by URL; use the Responses API (api: 'responses') for a document URL`,
        );
      }
      return {
        type: 'file',
        file: { filename: filenameOf(part), file_data: dataUrlOf(part, where) },
      };
    case 'video':
      throw new ValidationError(where, `the ${API} cannot take a video part`);
    default:
      throw new ValidationError(
        where,
        `unknown part type ${JSON.stringify((part as { type?: unknown }).type)}`,
      );
  }
}
