import { type ContentPart, type JsonValue, type ToolResult, toolErrorEnvelope } from '@aigo/ai';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { contentBlocksToParts } from '../shared/content-blocks.js';

/**
 * An MCP `tools/call` result as an aigo `ToolResult`: the text blocks, joined by blank lines, are
 * the output the model reads (the structured content as JSON when there is no text); images, audio
 * and embedded resources become content parts; `structuredContent` is kept as it came. An `isError`
 * result becomes the error envelope `tool_execution_failed` with the server's text as its message,
 * like a failing aigo tool.
 */
export function mapCallResult(result: CallToolResult, serverName: string): ToolResult {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const texts: string[] = [];
  const media: ContentPart[] = [];
  for (const block of blocks) {
    const [part] = contentBlocksToParts([block]);
    if (part === undefined) continue;
    // Text and resource links are what the model reads; embedded resources stay parts.
    if (part.type === 'text' && block.type !== 'resource') texts.push(part.text);
    else media.push(part);
  }
  const structured = result.structuredContent as JsonValue | undefined;
  let text = texts.join('\n\n');
  if (text === '' && structured !== undefined) text = JSON.stringify(structured);
  if (result.isError === true) {
    return {
      output: toolErrorEnvelope(
        'tool_execution_failed',
        text === '' ? `The tool of MCP server "${serverName}" failed without a message` : text,
      ),
      isError: true,
      ...(media.length === 0 ? {} : { content: media }),
    };
  }
  if (text === '' && media.length > 0) {
    text = `The tool returned ${media.length} ${media.length === 1 ? 'attachment' : 'attachments'} (${media.map((part) => part.type).join(', ')}).`;
  }
  return {
    output: text,
    ...(media.length === 0 ? {} : { content: media }),
    ...(structured === undefined ? {} : { structuredContent: structured }),
  };
}
