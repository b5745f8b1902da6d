import type { ChatResponse, ProviderMetadata, ToolCall } from '@aigo/ai';
import {
  arrayOf,
  errorFromResponse,
  invalidResponse,
  isRecord,
  type JsonRecord,
  nonEmptyString,
  recordOf,
  stringOf,
} from '@aigo/http';
import { baseChatResponse } from '../response/base-chat-response.js';
import { splitThink } from '../response/think-splitter.js';
import { convertOpenAIChatUsage } from './convert-openai-chat-usage.js';
import { mapOpenAIFinishReason } from './map-openai-finish-reason.js';
import { chatAudioMedia, chatAudioMimeType } from './openai-chat-audio.js';

/**
 * The `ChatResponse` of a non-streaming Chat Completions body. Reads `choices[0]` (other choices
 * of an `n > 1` request are ignored):
 *
 * - `content` as sent, except a `<think>…</think>` block opening it, which becomes reasoning;
 * - `reasoning` from `reasoning_content` (DeepSeek, xAI, vLLM) or `reasoning` (OpenRouter, Groq,
 *   Ollama), then the `<think>` block; `providerMetadata.openai.reasoningField` says which field;
 * - `refusal`; native `tool_calls` (an empty id becomes `call_<index>`, as in streams); Gemini's
 *   `extra_content` (thought signatures) kept in `providerMetadata.openai.extraContent`;
 * - `audio` from the message's spoken output (`id`, base64 data, `transcript`), typed by the
 *   format the request asked for;
 * - finish reason normalised, the raw value kept; usage with cached and reasoning tokens.
 *
 * Tool calls are never guessed from the text of the answer. A 2xx body that holds an `error`
 * object becomes that `ProviderError`; a body without choices is `invalid_response`.
 */
export function mapOpenAIChatResponse(
  body: unknown,
  providerId: string,
  secrets: readonly string[] = [],
  audioMimeType = chatAudioMimeType(undefined),
): ChatResponse {
  if (!isRecord(body)) throw invalidResponse(providerId, 'is not a JSON object');
  if (body.error !== undefined && body.error !== null && !Array.isArray(body.choices)) {
    throw errorFromResponse({ provider: providerId, body, secrets });
  }
  const choice = arrayOf(body.choices).find(
    (c) => isRecord(c) && (typeof c.index !== 'number' || c.index === 0),
  );
  if (!isRecord(choice)) throw invalidResponse(providerId, 'has no choices');
  const message = recordOf(choice.message) ?? {};

  const toolCalls = arrayOf(message.tool_calls).filter(isRecord).map(toToolCall);
  const rawFinish = nonEmptyString(choice.finish_reason);

  const split = splitThink(stringOf(message.content) ?? '');
  const reasoningContent = nonEmptyString(message.reasoning_content);
  const reasoningField = reasoningContent ?? nonEmptyString(message.reasoning);
  const reasoning = (reasoningField ?? '') + split.reasoning;

  const response = baseChatResponse(
    body,
    split.content,
    toolCalls,
    mapOpenAIFinishReason(rawFinish, toolCalls.length > 0),
    rawFinish,
    convertOpenAIChatUsage(body.usage),
  );
  if (reasoning !== '') response.reasoning = reasoning;
  const refusal = nonEmptyString(message.refusal);
  if (refusal !== undefined) response.refusal = refusal;
  const metadata: JsonRecord = {};
  if (reasoningField !== undefined) {
    metadata.reasoningField = reasoningContent !== undefined ? 'reasoning_content' : 'reasoning';
  }
  if (isRecord(message.extra_content)) metadata.extraContent = message.extra_content;
  const audio = chatAudioMedia(recordOf(message.audio), audioMimeType);
  if (audio !== undefined) response.audio = [audio];
  if (Object.keys(metadata).length > 0) response.providerMetadata = { openai: metadata };
  return response;
}

function toToolCall(call: JsonRecord, index: number): ToolCall {
  const fn = recordOf(call.function) ?? {};
  const toolCall: { -readonly [K in keyof ToolCall]: ToolCall[K] } = {
    id: nonEmptyString(call.id) ?? `call_${index}`,
    type: 'function',
    function: { name: stringOf(fn.name) ?? '', arguments: stringOf(fn.arguments) ?? '' },
  };
  if (isRecord(call.extra_content)) {
    toolCall.providerMetadata = {
      openai: { extraContent: call.extra_content },
    } as ProviderMetadata;
  }
  return toolCall;
}
