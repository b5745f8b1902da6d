import { clipText } from '@aigo/http';
import type { ExaResult } from './exa-api.js';

/** A result as the summary tools return it. */
export interface ExaMappedResult {
  readonly title: string;
  readonly url: string;
  readonly published_date?: string;
  readonly author?: string;
  readonly text?: string;
  readonly highlights?: string[];
}

/** Exa's result → the tools' snake_case result, leaving out what Exa did not send. */
export function mapExaResult(result: ExaResult): ExaMappedResult {
  return {
    title: result.title ?? '',
    url: result.url ?? '',
    ...(nonEmpty(result.publishedDate) ? { published_date: result.publishedDate } : {}),
    ...(nonEmpty(result.author) ? { author: result.author } : {}),
    ...(typeof result.text === 'string' ? { text: result.text } : {}),
    ...(Array.isArray(result.highlights) ? { highlights: [...result.highlights] } : {}),
  };
}

/** `"\n<i>. <title>"`, URL, author, date, then the first highlight or a text preview (200 characters). */
export function summarizeExaResults(results: readonly ExaMappedResult[]): string[] {
  const lines: string[] = [];
  results.forEach((result, index) => {
    lines.push(`\n${index + 1}. ${result.title || result.url}`);
    lines.push(`   URL: ${result.url}`);
    if (result.author !== undefined) lines.push(`   Author: ${result.author}`);
    if (result.published_date !== undefined) lines.push(`   Published: ${result.published_date}`);
    const highlight = result.highlights?.[0];
    if (highlight !== undefined && highlight.trim() !== '') {
      lines.push(`   Highlight: ${clipText(oneLine(highlight), 200)}`);
    } else if (result.text !== undefined && result.text.trim() !== '') {
      lines.push(`   Preview: ${clipText(oneLine(result.text), 200)}`);
    }
  });
  return lines;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function nonEmpty(value: string | null | undefined): value is string {
  return typeof value === 'string' && value !== '';
}
