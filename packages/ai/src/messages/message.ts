import { ValidationError } from '../errors/validation-error.js';
import type { ProviderMetadata } from '../json.js';
import { checkContentPart } from './check-content-part.js';
import type { ContentPart } from './content-part.js';
import type { CodeExecution, GeneratedMedia } from './media.js';
import type { ToolCall } from './tool-call.js';

/** Who wrote a message. */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

/** Every role, in a stable order (useful for validation and filters). */
export const ROLES: readonly Role[] = Object.freeze(['system', 'user', 'assistant', 'tool']);

/**
 * The version of the stored message shape. Memories persist it beside each message, so a message
 * written today can still be read after the shape changes.
 */
export const MESSAGE_FORMAT_VERSION = 1;

/**
 * One message of a conversation. `content` is plain text or a list of parts (text, image, audio,
 * video, document). An assistant message may carry `toolCalls`; a tool message answers one call
 * through `toolCallId` (and names the tool in `name`).
 */
export interface Message {
  readonly role: Role;
  readonly content: string | readonly ContentPart[];
  readonly toolCalls?: readonly ToolCall[];
  readonly toolCallId?: string;
  readonly name?: string;
  readonly reasoning?: string;
  readonly refusal?: string;
  readonly codeExecutions?: readonly CodeExecution[];
  /**
   * What an assistant turn generated besides text (images, audio), kept so the next turn can refer
   * to them: each adapter sends back what its API takes (an OpenAI audio id, an image generation
   * call, Gemini inline data).
   */
  readonly media?: readonly GeneratedMedia[];
  readonly providerMetadata?: ProviderMetadata;
}

function expectContent(content: unknown): asserts content is string | readonly ContentPart[] {
  if (typeof content !== 'string' && !Array.isArray(content)) {
    throw new ValidationError('content', 'must be a string or an array of content parts');
  }
}

/** A user message. */
export function userMessage(content: string | readonly ContentPart[]): Message {
  expectContent(content);
  return { role: 'user', content };
}

/** A system message (most applications pass `systemPrompt` instead). */
export function systemMessage(content: string): Message {
  if (typeof content !== 'string') throw new ValidationError('content', 'must be a string');
  return { role: 'system', content };
}

/** An assistant message, optionally with tool calls. */
export function assistantMessage(content: string, toolCalls?: readonly ToolCall[]): Message {
  expectContent(content);
  return toolCalls !== undefined && toolCalls.length > 0
    ? { role: 'assistant', content, toolCalls }
    : { role: 'assistant', content };
}

/**
 * The result of one tool call, sent back to the model: text, or content parts — the text first,
 * then the media the tool produced (images, audio, documents), which providers that can send parts
 * back to the model send and the others leave out.
 *
 * @throws ValidationError naming `toolCallId`, `content` or the bad part (`content[1].data`).
 */
export function toolMessage(
  toolCallId: string,
  content: string | readonly ContentPart[],
  name?: string,
): Message {
  if (typeof toolCallId !== 'string') throw new ValidationError('toolCallId', 'must be a string');
  if (typeof content !== 'string') {
    if (!Array.isArray(content)) {
      throw new ValidationError('content', 'must be a string or an array of content parts');
    }
    content.forEach((part: unknown, index) => {
      checkContentPart(part, `content[${index}]`);
    });
  }
  return name === undefined
    ? { role: 'tool', content, toolCallId }
    : { role: 'tool', content, toolCallId, name };
}

/** The text of a message: its string content, or its text parts joined. */
export function messageText(message: Pick<Message, 'content'>): string {
  if (typeof message.content === 'string') return message.content;
  let text = '';
  for (const part of message.content) if (part.type === 'text') text += part.text;
  return text;
}
