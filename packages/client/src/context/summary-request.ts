import { type ChatRequest, type Message, messageText } from '@aigo/ai';

/** The system prompt of a summary call. */
export const SUMMARY_INSTRUCTIONS =
  'You summarise the earlier part of a conversation between a user and an AI assistant, so the ' +
  'assistant can go on without it. Keep every fact, decision, name, number, open question and ' +
  'tool result the assistant may need later; drop pleasantries. If a previous summary is given, ' +
  'merge it with the new messages into one summary. Answer with the summary only.';

/** How much of one message a summary call sends, in characters. */
const MAX_MESSAGE_CHARS = 4000;

/** The heading the summary goes under in a request's system prompt. */
export const SUMMARY_HEADING = '## Summary of the earlier conversation';

function clip(text: string): string {
  return text.length <= MAX_MESSAGE_CHARS
    ? text
    : `${text.slice(0, MAX_MESSAGE_CHARS)} … [${text.length - MAX_MESSAGE_CHARS} characters cut]`;
}

function line(message: Message): string {
  const text = clip(messageText(message));
  switch (message.role) {
    case 'user':
      return `User: ${text}`;
    case 'system':
      return `System: ${text}`;
    case 'tool':
      return `Tool ${message.name ?? ''} returned: ${text}`;
    default: {
      const calls = (message.toolCalls ?? []).map(
        (call) => `Assistant called ${call.function.name} with ${clip(call.function.arguments)}`,
      );
      return [text === '' ? undefined : `Assistant: ${text}`, ...calls]
        .filter((part) => part !== undefined)
        .join('\n');
    }
  }
}

/** The request that asks `model` for a summary of `messages` (building on `previous`). */
export function summaryRequest(
  model: string,
  messages: readonly Message[],
  previous: string | undefined,
  maxTokens: number,
): ChatRequest {
  const transcript = messages.map(line).join('\n');
  const content =
    previous === undefined
      ? `Summarise this conversation:\n\n${transcript}`
      : `Previous summary:\n${previous}\n\nNew messages:\n${transcript}`;
  return {
    model,
    systemPrompt: SUMMARY_INSTRUCTIONS,
    messages: [{ role: 'user', content }],
    maxOutputTokens: maxTokens,
  };
}

/** The system prompt of a request with a summary of its older messages. */
export function withSummary(systemPrompt: string | undefined, summary: string): string {
  const section = `${SUMMARY_HEADING}\n${summary}`;
  return systemPrompt === undefined || systemPrompt === ''
    ? section
    : `${systemPrompt}\n\n${section}`;
}

/** The message that opens a request whose older messages were left out when it would not start with a user message. */
export const OMITTED_NOTE: Message = Object.freeze({
  role: 'user',
  content: '[Earlier messages of this conversation were left out to fit the context window.]',
});
