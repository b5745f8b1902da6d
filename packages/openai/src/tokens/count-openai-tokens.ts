import {
  type ChatRequest,
  type ContentPart,
  estimatedParts,
  type Message,
  type TokenCount,
} from '@aigo/ai';
import { encodingOf, loadTokenizer, type TextTokenizer } from './load-gpt-tokenizer.js';

/** Tokens of one message's framing in OpenAI's chat format (`<|start|>role<|message|>…<|end|>`). */
const MESSAGE_FRAME = 3;
/** Tokens that prime the reply (`<|start|>assistant<|message|>`). */
const REPLY_PRIMING = 3;
/** Tokens of one tool call's framing. */
const TOOL_CALL_FRAME = 3;
/** An image at `detail: auto` on a 1024×1024 picture (85 + 4 × 170). */
const IMAGE_TOKENS = 765;
/** Audio, video or a document: no size the request carries says better. */
const OTHER_MEDIA_TOKENS = 1000;
/** The estimate's characters per token when no tokenizer is there. */
const CHARS_PER_TOKEN = 4;

function estimate(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

function partTokens(part: ContentPart, count: (text: string) => number): number {
  if (part.type === 'text') return count(part.text);
  return part.type === 'image' ? IMAGE_TOKENS : OTHER_MEDIA_TOKENS;
}

function messageTokens(message: Message, count: (text: string) => number): number {
  let tokens = MESSAGE_FRAME + 1;
  if (typeof message.content === 'string') tokens += count(message.content);
  else for (const part of message.content) tokens += partTokens(part, count);
  if (message.name !== undefined) tokens += 1 + count(message.name);
  for (const call of message.toolCalls ?? []) {
    tokens += TOOL_CALL_FRAME + count(call.function.name) + count(call.function.arguments);
  }
  if (message.toolCallId !== undefined) tokens += count(message.toolCallId);
  if (message.role === 'assistant' && message.refusal !== undefined)
    tokens += count(message.refusal);
  return tokens;
}

function fixedTokens(request: ChatRequest, count: (text: string) => number): number {
  let tokens = REPLY_PRIMING;
  if (request.systemPrompt !== undefined) tokens += MESSAGE_FRAME + 1 + count(request.systemPrompt);
  if (request.tools !== undefined && request.tools.length > 0) {
    tokens += count(JSON.stringify(request.tools));
  }
  const format = request.responseFormat;
  if (format?.type === 'json' && format.schema !== undefined) {
    tokens += count(JSON.stringify(format.schema));
  }
  return tokens;
}

/**
 * Counts a request's input tokens for an OpenAI model: with `gpt-tokenizer` (loaded at the first
 * count) for the OpenAI model families — exact for text, with the chat format's framing — and each
 * message apart; else (another family, or the package not installed) by an estimate. Tool schemas,
 * the response format's schema and media are estimated either way (OpenAI renders them in a format
 * of its own), and the result says so.
 */
export async function countOpenAITokens(request: ChatRequest): Promise<TokenCount> {
  const encoding = encodingOf(request.model);
  const tokenizer: TextTokenizer | undefined =
    encoding === undefined ? undefined : await loadTokenizer(encoding);
  const count = tokenizer === undefined ? estimate : (text: string) => tokenizer.countTokens(text);
  const messages = request.messages.map((message) => messageTokens(message, count));
  const fixed = fixedTokens(request, count);
  let tokens = fixed;
  for (const one of messages) tokens += one;
  const estimated = estimatedParts(request, tokenizer !== undefined);
  return {
    tokens,
    exact: estimated.length === 0,
    method: tokenizer === undefined ? 'estimate' : 'tokenizer',
    estimated,
    messages,
    fixed,
  };
}
