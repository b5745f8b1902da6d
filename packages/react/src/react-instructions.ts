import { formatIssues, type JsonSchema, type SchemaIssue } from '@aigo/ai';

/**
 * The instructions the agent adds to the system prompt of each request it builds (never to the
 * client): how to work, and — with a schema — the final answer's format.
 */
export function reactInstructions(maxIterations: number, schema: JsonSchema | undefined): string {
  const steps = maxIterations === 1 ? '1 step' : `${maxIterations} steps`;
  const parts = [
    '## How to work',
    '',
    `Work in steps of reasoning and acting: decide what you still need to know, call tools to find it out, read their results, and repeat until you can answer. You have at most ${steps} (replies). A reply without tool calls is your final answer.`,
  ];
  if (schema !== undefined) {
    parts.push(
      '',
      '## Final answer format',
      '',
      'Your final answer (the reply without tool calls) must be a single JSON value that follows this JSON Schema, with no other text:',
      '',
      JSON.stringify(schema, null, 2),
    );
  }
  return parts.join('\n');
}

/** The user message of the one JSON-only retry after a final answer that could not be parsed. */
export function jsonOnlyRequest(schema: JsonSchema, issues: readonly SchemaIssue[]): string {
  const problem = issues.length === 0 ? '' : ` (${formatIssues(issues)})`;
  return [
    `Your last answer could not be read as the required JSON${problem}.`,
    'Reply again with only the JSON value, no other text and no code fences, following this JSON Schema:',
    '',
    JSON.stringify(schema),
  ].join('\n');
}

/** Joins system-prompt parts with a blank line, skipping empty ones. */
export function joinPrompt(...parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((part): part is string => part !== undefined && part !== '');
  return present.length === 0 ? undefined : present.join('\n\n');
}
