import type { JsonSchema } from '@aigo/ai';

/**
 * The system-prompt instructions that ask for JSON following `schema`, for providers without native
 * structured output.
 */
export function structuredOutputInstructions(schema: JsonSchema): string {
  return [
    '## Answer format',
    '',
    'Answer with a single JSON value that follows this JSON Schema, and nothing else: no prose before or after it, no code fences.',
    '',
    JSON.stringify(schema),
  ].join('\n');
}
