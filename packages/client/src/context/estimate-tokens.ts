import type { ChatRequest, ContentPart, EstimatedPart, Message } from '@aigo/ai';

/** Characters per token of the estimate: about four for English text and JSON on BPE tokenizers. */
export const CHARS_PER_TOKEN = 4;
/** Tokens of one message's framing (role, separators), as OpenAI's chat format spends them. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** Tokens that prime the reply. */
export const REPLY_PRIMING_TOKENS = 3;
/** The estimate of one image (OpenAI spends 85–1,105 by size and detail; Gemini 258). */
export const IMAGE_TOKENS = 800;
/** The estimate of one audio, video or document part whose size says nothing better. */
export const OTHER_MEDIA_TOKENS = 1000;

/** Tokens of `text` by the estimate (`''` is 0). */
export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

function partTokens(part: ContentPart): number {
  switch (part.type) {
    case 'text':
      return estimateTextTokens(part.text);
    case 'image':
      return IMAGE_TOKENS;
    default:
      return OTHER_MEDIA_TOKENS;
  }
}

/** Whether a message carries media (whose tokens every local counter estimates). */
export function hasMedia(message: Message): boolean {
  return (
    typeof message.content !== 'string' && message.content.some((part) => part.type !== 'text')
  );
}

/**
 * The estimated tokens of one message as a request sends it: its framing, its text (or parts), its
 * tool calls' names and arguments, its tool-call id and name. Reasoning is not counted: providers do
 * not send it back as input (or bill it as such).
 */
export function estimateMessageTokens(message: Message): number {
  let tokens = MESSAGE_OVERHEAD_TOKENS;
  if (typeof message.content === 'string') tokens += estimateTextTokens(message.content);
  else for (const part of message.content) tokens += partTokens(part);
  if (message.toolCalls !== undefined) {
    for (const call of message.toolCalls) {
      tokens += MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(call.function.name);
      tokens += estimateTextTokens(call.function.arguments);
    }
  }
  if (message.toolCallId !== undefined) tokens += estimateTextTokens(message.toolCallId);
  if (message.name !== undefined) tokens += estimateTextTokens(message.name);
  return tokens;
}

/**
 * The estimated tokens of what a request sends besides its messages: the system prompt, the tools'
 * names, descriptions and schemas, the response format's schema, and the reply priming.
 */
export function estimateFixedTokens(request: ChatRequest): number {
  let tokens = REPLY_PRIMING_TOKENS;
  if (request.systemPrompt !== undefined) {
    tokens += MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(request.systemPrompt);
  }
  tokens += estimateToolTokens(request);
  return tokens;
}

/** The estimated tokens of the tools and the response format's schema. */
export function estimateToolTokens(request: ChatRequest): number {
  let tokens = 0;
  for (const tool of request.tools ?? []) tokens += estimateTextTokens(JSON.stringify(tool));
  const format = request.responseFormat;
  if (format?.type === 'json' && format.schema !== undefined) {
    tokens += estimateTextTokens(JSON.stringify(format.schema));
  }
  return tokens;
}

/** The parts of `request` any local counter estimates: its tools, format schema and media. */
export function estimatedParts(request: ChatRequest): EstimatedPart[] {
  const parts: EstimatedPart[] = [];
  if (request.tools !== undefined && request.tools.length > 0) parts.push('tools');
  if (request.responseFormat?.type === 'json' && request.responseFormat.schema !== undefined) {
    parts.push('format');
  }
  if (request.messages.some(hasMedia)) parts.push('media');
  return parts;
}
