import { type Message, messageText, type ToolCall, ValidationError } from '@aigo/ai';
import { isRecord } from '@aigo/http';
import { convertUserPart, type UserPartWriter } from '../request/convert-user-part.js';
import {
  dataUrlOf,
  filenameOf,
  imageDetailOf,
  imageUrlOf,
  isOpenAIFileId,
} from '../request/media.js';
import { textOnlyContent } from '../request/text-only-content.js';
import { checkToolCall, toolCallIdOf } from '../request/tool-turns.js';
import type {
  OpenAIChatContentPart,
  OpenAIChatMessage,
  OpenAIChatToolCall,
} from '../wire/openai-chat-api.js';
import { chatAudioIdOf } from './openai-chat-audio.js';

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
 * - an assistant turn that spoke (its `media` holds the audio's id) sends `audio: { id }` back, as
 *   the API requires to refer to it;
 * - tool messages answer `tool_call_id` with text only: a tool message's text parts joined; its
 *   media parts (a tool's images, documents) are left out, since Chat Completions takes none there.
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
              : message.content.map((part, j) =>
                  convertUserPart(part, `${where}.content[${j}]`, CHAT_PARTS),
                ),
        };
        if (message.name !== undefined) user.name = message.name;
        out.push(user);
        return;
      }
      case 'assistant':
        out.push(assistantMessage(message, where));
        return;
      case 'tool':
        out.push({
          role: 'tool',
          tool_call_id: toolCallIdOf(message, where),
          content: messageText(message),
        });
        return;
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
  const audioId = chatAudioIdOf(message);
  if (audioId !== undefined) {
    assistant.audio = { id: audioId };
    if (assistant.content === '') assistant.content = null;
  }
  return assistant;
}

function wireToolCall(call: ToolCall, where: string): OpenAIChatToolCall {
  checkToolCall(call, where);
  const wire: OpenAIChatToolCall = {
    id: call.id,
    type: 'function',
    function: { name: call.function.name, arguments: call.function.arguments },
  };
  const extra = call.providerMetadata?.openai?.extraContent;
  if (isRecord(extra)) wire.extra_content = extra;
  return wire;
}

/** Chat Completions' own part shapes: `text`, `image_url`, `file`. */
const CHAT_PARTS = Object.freeze<UserPartWriter<OpenAIChatContentPart>>({
  api: API,
  text: (text: string): OpenAIChatContentPart => ({ type: 'text', text }),
  image(part, where): OpenAIChatContentPart {
    const detail = imageDetailOf(part);
    const url = imageUrlOf(part, where);
    return { type: 'image_url', image_url: detail === undefined ? { url } : { url, detail } };
  },
  document(part, where): OpenAIChatContentPart {
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
  },
});
