import { ValidationError } from '@aigo/ai';

/** Options of `sseFromChunksJsonl`. */
export interface SseFromChunksOptions {
  /** End with `data: [DONE]\n\n`, as OpenAI Chat Completions streams do. Default false. */
  readonly done?: boolean;
}

/**
 * Turns a `.chunks.jsonl` recording (one SSE `data` payload per line) back into a `text/event-stream`
 * body: each non-empty line becomes `data: <line>\n\n`, optionally followed by `data: [DONE]\n\n`.
 */
export function sseFromChunksJsonl(text: string, options: SseFromChunksOptions = {}): string {
  if (typeof text !== 'string') throw new ValidationError('text', 'must be a string');
  let sse = '';
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    sse += `data: ${line}\n\n`;
  }
  if (options.done === true) sse += 'data: [DONE]\n\n';
  return sse;
}
