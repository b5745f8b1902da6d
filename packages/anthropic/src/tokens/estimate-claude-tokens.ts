import {
  type ChatRequest,
  type ContentPart,
  estimatedParts,
  type Message,
  type TokenCount,
  ValidationError,
} from '@aigo/ai';
import { readBlockRecords } from '../shared/anthropic-metadata.js';

/**
 * Characters per token of the estimate. Claude's tokenizer is not public; English text and JSON run
 * at about 3.5 characters a token on it (fewer than on OpenAI's `o200k_base`), so the estimate
 * leans to counting more, never fewer.
 */
export const CLAUDE_CHARS_PER_TOKEN = 3.5;
/** Tokens of one message's framing (its role and separators). */
const MESSAGE_FRAME = 4;
/** Tokens of a tool call's or a tool result's framing (block type, id, name). */
const BLOCK_FRAME = 8;
/** Tokens that prime the reply. */
const REPLY_PRIMING = 3;
/**
 * The system prompt Anthropic adds to a request with tools: the largest count its pricing page lists
 * (530 tokens, Claude 3 Opus with `auto`), so that the estimate does not undercount.
 */
const TOOL_USE_SYSTEM_PROMPT = 530;
/**
 * An image: about width × height / 750 tokens once the API has scaled it to fit 1,568 pixels a side,
 * so about 1,600 for a large one (the request says nothing of its size).
 */
const IMAGE_TOKENS = 1_600;
/** A PDF page costs 1,500–3,000 tokens (its text and its picture): a document of unknown length. */
const DOCUMENT_TOKENS = 3_000;
/** Audio or video, which Claude does not take: a size for a part whose request fails anyway. */
const OTHER_MEDIA_TOKENS = 1_000;

/** Tokens of `text` by the estimate. */
function textTokens(text: string): number {
  return Math.ceil(text.length / CLAUDE_CHARS_PER_TOKEN);
}

function partTokens(part: ContentPart): number {
  switch (part.type) {
    case 'text':
      return textTokens(part.text);
    case 'image':
      return IMAGE_TOKENS;
    case 'document':
      // A plain-text document costs its text (base64 holds three bytes in four characters).
      if (part.data !== undefined && part.mimeType?.startsWith('text/') === true) {
        return Math.ceil((part.data.length * 3) / 4 / CLAUDE_CHARS_PER_TOKEN);
      }
      return DOCUMENT_TOKENS;
    default:
      return OTHER_MEDIA_TOKENS;
  }
}

/**
 * The estimated tokens of one message as the Messages API takes it: its framing, its text or parts,
 * its tool calls (`tool_use`: name and input), the `tool_result` it is, and the server-tool blocks its
 * turn recorded (`web_search_tool_result` and the like, sent back whole). Thinking is not counted:
 * the API leaves the thinking of earlier turns out of the context.
 */
export function estimateClaudeMessageTokens(message: Message): number {
  let tokens = MESSAGE_FRAME;
  const content = message.content;
  if (typeof content === 'string') tokens += textTokens(content);
  else for (const part of content) tokens += partTokens(part);
  for (const call of message.toolCalls ?? []) {
    tokens += BLOCK_FRAME + textTokens(call.function.name) + textTokens(call.function.arguments);
  }
  if (message.toolCallId !== undefined) tokens += BLOCK_FRAME + textTokens(message.toolCallId);
  if (message.role === 'assistant') {
    for (const record of readBlockRecords(message.providerMetadata) ?? []) {
      if (record.kind === 'block') tokens += textTokens(JSON.stringify(record.block));
    }
  }
  return tokens;
}

/**
 * The estimated tokens of what a request sends besides its messages: the system prompt, the tools
 * (their definitions and the system prompt tool use adds), the response format's schema, and the
 * reply priming.
 */
export function estimateClaudeFixedTokens(request: ChatRequest): number {
  let tokens = REPLY_PRIMING;
  if (request.systemPrompt !== undefined && request.systemPrompt !== '') {
    tokens += MESSAGE_FRAME + textTokens(request.systemPrompt);
  }
  if (request.tools !== undefined && request.tools.length > 0) {
    tokens += TOOL_USE_SYSTEM_PROMPT;
    for (const tool of request.tools) tokens += textTokens(JSON.stringify(tool));
  }
  const format = request.responseFormat;
  if (format?.type === 'json' && format.schema !== undefined) {
    tokens += textTokens(JSON.stringify(format.schema));
  }
  return tokens;
}

function checkRequest(request: ChatRequest): void {
  if (!Array.isArray(request.messages)) {
    throw new ValidationError('request.messages', 'must be an array of messages');
  }
  request.messages.forEach((message: Message, index) => {
    const where = `request.messages[${index}]`;
    if (message === null || typeof message !== 'object') {
      throw new ValidationError(where, 'must be a message');
    }
    if (typeof message.content !== 'string' && !Array.isArray(message.content)) {
      throw new ValidationError(`${where}.content`, 'must be a string or an array of parts');
    }
  });
  if (request.systemPrompt !== undefined && typeof request.systemPrompt !== 'string') {
    throw new ValidationError('request.systemPrompt', 'must be a string');
  }
  if (request.tools !== undefined && !Array.isArray(request.tools)) {
    throw new ValidationError('request.tools', 'must be an array');
  }
}

/**
 * Estimates a request's input tokens for a Claude model without a request, each message apart (so
 * a client keeps each message's count): about 3.5 characters a token, fixed sizes for images,
 * documents and the tool-use system prompt. `method: 'estimate'`; `estimated` names every part.
 *
 * @throws ValidationError naming the field of `request` that is not what a request holds.
 */
export function estimateClaudeTokens(request: ChatRequest): TokenCount {
  checkRequest(request);
  const messages = request.messages.map(estimateClaudeMessageTokens);
  const fixed = estimateClaudeFixedTokens(request);
  let tokens = fixed;
  for (const count of messages) tokens += count;
  const estimated = estimatedParts(request, false);
  return { tokens, exact: false, method: 'estimate', estimated, messages, fixed };
}
