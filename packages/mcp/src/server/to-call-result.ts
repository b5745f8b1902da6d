import { type ContentPart, parseToolErrorEnvelope, type ToolResult } from '@aigo/ai';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';

/**
 * An aigo `ToolResult` as an MCP `tools/call` result: the output as the first text block (of an
 * error envelope, its message, with `isError: true`), then each content part — text, image and
 * audio as themselves, other media with data as embedded resources (text for `text/*` and JSON),
 * media by URI as resource links — and `structuredContent` when it is a JSON object (MCP allows no
 * other).
 */
export function toCallToolResult(result: ToolResult, toolName: string): CallToolResult {
  const envelope = result.isError === true ? parseToolErrorEnvelope(result.output) : undefined;
  const text = envelope?.error.message ?? result.output;
  const content: ContentBlock[] = text === '' ? [] : [{ type: 'text', text }];
  (result.content ?? []).forEach((part, index) => {
    content.push(partToBlock(part, toolName, index));
  });
  if (content.length === 0) content.push({ type: 'text', text: '' });
  const structured = result.structuredContent;
  return {
    content,
    ...(result.isError === true ? { isError: true } : {}),
    ...(typeof structured === 'object' && structured !== null && !Array.isArray(structured)
      ? { structuredContent: structured as Record<string, unknown> }
      : {}),
  };
}

function partToBlock(part: ContentPart, toolName: string, index: number): ContentBlock {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const mimeType = part.mimeType ?? 'application/octet-stream';
  if (part.data === undefined) {
    const uri = part.uri ?? '';
    return {
      type: 'resource_link',
      uri,
      name: part.filename ?? uri,
      ...(part.mimeType === undefined ? {} : { mimeType: part.mimeType }),
    };
  }
  if (part.type === 'image') return { type: 'image', data: part.data, mimeType };
  if (part.type === 'audio') return { type: 'audio', data: part.data, mimeType };
  const uri = `aigo://tool-result/${encodeURIComponent(toolName)}/${encodeURIComponent(part.filename ?? String(index))}`;
  if (mimeType.startsWith('text/') || mimeType === 'application/json') {
    return {
      type: 'resource',
      resource: { uri, mimeType, text: Buffer.from(part.data, 'base64').toString('utf8') },
    };
  }
  return { type: 'resource', resource: { uri, mimeType, blob: part.data } };
}
