import {
  type ContentPart,
  type Message,
  parseToolErrorEnvelope,
  type ToolResult,
  textPart,
} from '@aigo/ai';

/**
 * The tool message answering `toolCallId`. Its content is the result's text alone when the tool
 * gave no content parts; else the text as the first part and the tool's parts after it, so
 * providers that take parts in tool results send them, and the others send the text.
 */
export function toolResultMessage(
  toolCallId: string,
  name: string,
  output: string,
  content: readonly ContentPart[] | undefined,
): Message {
  return {
    role: 'tool',
    content: content === undefined ? output : [textPart(output), ...content],
    toolCallId,
    name,
  };
}

/**
 * What a tool message of `executeToolCalls` carries, read back: `output` the text the model reads
 * (the content, or its first text part), `content` the parts after it, `isError` when the text is
 * an error envelope.
 *
 * @example
 * const [message] = await client.executeToolCalls(reply.toolCalls);
 * const { output, content } = toolMessageResult(message);
 */
export function toolMessageResult(message: Pick<Message, 'content'>): ToolResult {
  let output: string;
  let content: readonly ContentPart[] | undefined;
  if (typeof message.content === 'string') {
    output = message.content;
  } else {
    const [first, ...rest] = message.content;
    output = first?.type === 'text' ? first.text : '';
    content = first?.type === 'text' ? rest : message.content;
  }
  const isError = parseToolErrorEnvelope(output) !== undefined;
  return {
    output,
    ...(content === undefined || content.length === 0 ? {} : { content }),
    ...(isError ? { isError } : {}),
  };
}
