import { type ChatRequest, messageText, type ToolCall, type Usage } from '@aigo/ai';

/** A deterministic token estimate: one token per four characters, rounded up (`''` is 0 tokens). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The parts of an answer the fake provider's usage estimate counts. */
export interface EstimatedOutput {
  readonly content?: string;
  readonly reasoning?: string;
  readonly refusal?: string;
  readonly toolCalls?: readonly ToolCall[];
}

/**
 * The usage the fake provider reports when a script gives none, so costs are testable:
 * - `promptTokens`: `estimateTokens` of the system prompt, every message's text, and the name and
 *   arguments of every tool call in the messages, joined;
 * - `completionTokens`: `estimateTokens` of the content, reasoning, refusal and each tool call's name
 *   and arguments, joined;
 * - `reasoningTokens` (only when there is reasoning): `estimateTokens` of the reasoning;
 * - `totalTokens`: their sum.
 */
export function estimateUsage(request: ChatRequest, output: EstimatedOutput): Usage {
  let prompt = request.systemPrompt ?? '';
  for (const message of request.messages) {
    prompt += messageText(message);
    for (const call of message.toolCalls ?? [])
      prompt += call.function.name + call.function.arguments;
  }
  let completion = (output.content ?? '') + (output.reasoning ?? '') + (output.refusal ?? '');
  for (const call of output.toolCalls ?? [])
    completion += call.function.name + call.function.arguments;
  const promptTokens = estimateTokens(prompt);
  const completionTokens = estimateTokens(completion);
  const usage: { -readonly [K in keyof Usage]: Usage[K] } = {
    promptTokens,
    completionTokens,
    totalTokens: promptTokens + completionTokens,
  };
  if (output.reasoning) usage.reasoningTokens = estimateTokens(output.reasoning);
  return usage;
}
