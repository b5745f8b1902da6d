import type { ParsedToolArguments, Tool } from '@aigo/ai';

/**
 * Reads a call's arguments as the tool will: a `defineTool` tool parses and validates them
 * against its schema (`parseArguments`); any other tool gets a JSON object check only.
 */
export async function readArguments(
  tool: Tool,
  argumentsJson: string,
): Promise<ParsedToolArguments> {
  const parse = (tool as { readonly parseArguments?: unknown }).parseArguments;
  if (typeof parse === 'function') {
    return (await (parse as (json: string) => Promise<ParsedToolArguments>).call(
      tool,
      argumentsJson,
    )) as ParsedToolArguments;
  }
  if (typeof argumentsJson !== 'string') {
    return { ok: false, code: 'invalid_json', message: 'Arguments must be a JSON string' };
  }
  const text = argumentsJson.trim();
  if (text === '' || text === 'null') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, code: 'invalid_json', message: `Arguments are not valid JSON (${detail})` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, code: 'invalid_arguments', message: 'Arguments must be a JSON object' };
  }
  return { ok: true, value };
}
