import type { JsonValue } from '../json.js';
import type { ContentPart } from '../messages/content-part.js';

/**
 * What a tool call gave back. `output` is the text the model always reads (the output as JSON, or
 * the error envelope); `content` holds media the tool produced (images, audio, documents), which
 * providers that can send parts back to the model send after the text, and the others leave out;
 * `structuredContent` is the output as a JSON value, when the tool has one.
 */
export interface ToolResult {
  readonly output: string;
  readonly content?: readonly ContentPart[];
  readonly structuredContent?: JsonValue;
  /** True when `output` is an error envelope `{"ok":false,…}`. */
  readonly isError?: boolean;
}

const TOOL_OUTPUT = Symbol.for('aigo.tool-output-with-content');

/** An `execute` result that carries content parts besides its output; made by `withContent`. */
export interface ToolOutputWithContent<Output = unknown> {
  readonly [TOOL_OUTPUT]: true;
  readonly output: Output;
  readonly content: readonly ContentPart[];
}

/**
 * Returned from a `defineTool` `execute`, sends media parts along with the output: `output` is
 * validated against the tool's output schema and becomes the JSON text as usual, `content` goes to
 * the model as parts where the provider can take them.
 *
 * @example
 * execute: async ({ url }) => withContent({ ok: true }, [imagePart(await screenshot(url), 'image/png')])
 */
export function withContent<Output>(
  output: Output,
  content: readonly ContentPart[],
): ToolOutputWithContent<Output> {
  return Object.freeze({
    [TOOL_OUTPUT]: true as const,
    output,
    content: Object.freeze([...content]),
  });
}

/** True for a value made by `withContent`. */
export function isToolOutputWithContent(value: unknown): value is ToolOutputWithContent {
  return typeof value === 'object' && value !== null && TOOL_OUTPUT in value;
}
