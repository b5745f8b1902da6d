import { type ChatResponse, ParseError, type Usage, userMessage } from '@aigo/ai';
import type { Client, ContinueOptions } from '@aigo/client';
import { jsonOnlyRequest } from '../react-instructions.js';
import type { AgentSettings } from './agent-settings.js';
import { offersTools, parse } from './parse-answer.js';

/** A final answer read: its data (the schema's type, or the text) and the reply it came from. */
export interface ReadAnswer {
  readonly data: unknown;
  readonly response: ChatResponse;
}

/**
 * Reads a reply without tool calls as the final answer: its text without a schema, else parsed and
 * validated — and on failure asked for once more as JSON only (`call`: not an iteration; it sends
 * `toolChoice: 'none'` when tools are offered).
 *
 * @throws ParseError when the second answer cannot be read either (`usage`: the run's so far).
 */
export async function readFinalAnswer(
  settings: AgentSettings,
  client: Client,
  response: ChatResponse,
  call: (extra: ContinueOptions) => Promise<ChatResponse>,
  usage: () => Usage,
): Promise<ReadAnswer> {
  const { schema, jsonSchema } = settings;
  if (schema === undefined || jsonSchema === undefined) return { data: response.content, response };
  const first = await parse(response.content, schema, jsonSchema);
  if (first.ok) return { data: first.data, response };

  const retry = await call({
    messages: [userMessage(jsonOnlyRequest(jsonSchema, first.error.issues))],
    ...(offersTools(client) ? { toolChoice: 'none' as const } : {}),
  });
  const second = await parse(retry.content, schema, jsonSchema);
  if (second.ok) return { data: second.data, response: retry };
  throw new ParseError(
    `The final answer could not be read as the schema, even after asking for JSON only: ${second.error.message}`,
    {
      text: retry.content,
      usage: usage(),
      issues: second.error.issues,
      cause: second.error,
    },
  );
}
