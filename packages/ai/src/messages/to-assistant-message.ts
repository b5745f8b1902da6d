import type { ChatResponse } from '../chat/chat-response.js';
import { ValidationError } from '../errors/validation-error.js';
import type { Message } from './message.js';

/**
 * The one conversion from a model's response to the assistant message a memory stores. Everything
 * a provider needs back on the next turn survives: tool calls with their per-call metadata (Gemini
 * thought signatures), reasoning, refusals, code executions and response-level provider metadata
 * (OpenAI Responses reasoning items), and the images and audio it generated (`media`), so the next
 * turn can refer to them.
 */
export function toAssistantMessage(response: ChatResponse): Message {
  if (response === null || typeof response !== 'object' || typeof response.content !== 'string') {
    throw new ValidationError('response', 'must be a ChatResponse');
  }
  const message: { -readonly [K in keyof Message]: Message[K] } = {
    role: 'assistant',
    content: response.content,
  };
  if (response.toolCalls.length > 0) message.toolCalls = response.toolCalls;
  if (response.reasoning !== undefined) message.reasoning = response.reasoning;
  if (response.refusal !== undefined) message.refusal = response.refusal;
  if (response.codeExecutions !== undefined) message.codeExecutions = response.codeExecutions;
  const media = [...(response.images ?? []), ...(response.audio ?? []), ...(response.videos ?? [])];
  if (media.length > 0) message.media = media;
  if (response.providerMetadata !== undefined) message.providerMetadata = response.providerMetadata;
  return message;
}
