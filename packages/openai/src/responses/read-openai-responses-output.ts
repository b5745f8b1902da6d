import type {
  GeneratedMedia,
  Grounding,
  GroundingSource,
  GroundingSupport,
  ToolCall,
} from '@aigo/ai';
import {
  arrayOf,
  isRecord,
  type JsonRecord,
  nonEmptyString,
  numberOf,
  recordOf,
  stringOf,
} from '@aigo/http';

/** Everything a Responses `output` array says, in the shape `ChatResponse` wants. */
export interface ResponsesOutput {
  /** The `output_text` of every message item, joined. */
  readonly content: string;
  readonly refusal: string;
  /** Reasoning summaries (and `reasoning_text` parts), one entry per part, in order. */
  readonly reasoningParts: readonly string[];
  readonly toolCalls: readonly ToolCall[];
  /** Reasoning items, reduced to what can be sent back (`id`, `summary`, `encrypted_content`). */
  readonly reasoningItems: readonly JsonRecord[];
  /** URL citations and web search queries, when there are any. */
  readonly grounding: Grounding | undefined;
  /** The images of `image_generation_call` items (base64, id, revised prompt). */
  readonly images: readonly GeneratedMedia[];
}

/** Separator between reasoning summary parts, in sends and streams alike. */
export const REASONING_PART_SEPARATOR = '\n\n';

/**
 * Reads a Responses `output` array: message text and refusals, function calls (`call_id` as the
 * tool-call id), reasoning summaries and items, URL citations (as `grounding`, their spans located
 * in the joined content), web search queries and generated images (`image_generation_call`). Other
 * item kinds (file search) are ignored.
 */
export function readOpenAIResponsesOutput(output: unknown): ResponsesOutput {
  let content = '';
  let refusal = '';
  const reasoningParts: string[] = [];
  const toolCalls: ToolCall[] = [];
  const reasoningItems: JsonRecord[] = [];
  const queries: string[] = [];
  const sources: GroundingSource[] = [];
  const supports: GroundingSupport[] = [];
  const images: GeneratedMedia[] = [];

  for (const item of arrayOf(output)) {
    if (!isRecord(item)) continue;
    switch (item.type) {
      case 'message':
        for (const part of arrayOf(item.content)) {
          if (!isRecord(part)) continue;
          if (part.type === 'output_text') {
            const text = stringOf(part.text) ?? '';
            collectCitations(part, content.length, text, sources, supports);
            content += text;
          } else if (part.type === 'refusal') {
            refusal += stringOf(part.refusal) ?? '';
          }
        }
        break;
      case 'function_call':
        toolCalls.push({
          id: nonEmptyString(item.call_id) ?? nonEmptyString(item.id) ?? `call_${toolCalls.length}`,
          type: 'function',
          function: { name: stringOf(item.name) ?? '', arguments: stringOf(item.arguments) ?? '' },
        });
        break;
      case 'reasoning': {
        for (const part of [...arrayOf(item.summary), ...arrayOf(item.content)]) {
          const text = isRecord(part) ? nonEmptyString(part.text) : undefined;
          if (text !== undefined) reasoningParts.push(text);
        }
        const kept = reasoningItemOf(item);
        if (kept !== undefined) reasoningItems.push(kept);
        break;
      }
      case 'image_generation_call': {
        const image = generatedImageOf(item);
        if (image !== undefined) images.push(image);
        break;
      }
      case 'web_search_call': {
        const action = recordOf(item.action);
        const query = nonEmptyString(action?.query);
        if (query !== undefined) queries.push(query);
        for (const q of arrayOf(action?.queries))
          if (typeof q === 'string' && q !== '') queries.push(q);
        break;
      }
    }
  }
  const uniqueQueries = [...new Set(queries)];
  const grounding: Grounding | undefined =
    uniqueQueries.length > 0 || sources.length > 0
      ? { searchQueries: uniqueQueries, sources, supports }
      : undefined;
  return { content, refusal, reasoningParts, toolCalls, reasoningItems, grounding, images };
}

const IMAGE_MIME: Readonly<Record<string, string>> = Object.freeze({
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
});

/** The MIME type of an image generation's `output_format` (PNG when unsaid, the API's default). */
export function imageMimeType(format: unknown): string {
  const name = nonEmptyString(format) ?? 'png';
  return IMAGE_MIME[name] ?? `image/${name}`;
}

/** The image of a finished `image_generation_call` item, or `undefined` while it has no result. */
function generatedImageOf(item: JsonRecord): GeneratedMedia | undefined {
  const data = nonEmptyString(item.result);
  if (data === undefined) return undefined;
  const id = nonEmptyString(item.id);
  const revised = nonEmptyString(item.revised_prompt);
  return {
    mimeType: imageMimeType(item.output_format),
    data,
    ...(id === undefined ? {} : { id }),
    ...(revised === undefined ? {} : { revisedPrompt: revised }),
  };
}

function reasoningItemOf(item: JsonRecord): JsonRecord | undefined {
  const id = nonEmptyString(item.id);
  if (id === undefined) return undefined;
  const kept: JsonRecord = {
    type: 'reasoning',
    id,
    summary: Array.isArray(item.summary) ? item.summary : [],
  };
  const encrypted = nonEmptyString(item.encrypted_content);
  if (encrypted !== undefined) kept.encrypted_content = encrypted;
  return kept;
}

function collectCitations(
  part: JsonRecord,
  offset: number,
  text: string,
  sources: GroundingSource[],
  supports: GroundingSupport[],
): void {
  for (const annotation of arrayOf(part.annotations)) {
    if (!isRecord(annotation) || annotation.type !== 'url_citation') continue;
    const url = nonEmptyString(annotation.url);
    if (url === undefined) continue;
    let source = sources.find((s) => s.uri === url);
    if (source === undefined) {
      const title = nonEmptyString(annotation.title);
      source = { index: sources.length, uri: url, ...(title === undefined ? {} : { title }) };
      sources.push(source);
    }
    const start = numberOf(annotation.start_index);
    const end = numberOf(annotation.end_index);
    if (start === undefined || end === undefined || end < start) continue;
    supports.push({
      text: text.slice(start, end),
      startIndex: offset + start,
      endIndex: offset + end,
      sourceIndices: [source.index],
    });
  }
}
