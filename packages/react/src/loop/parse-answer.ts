import type { JsonSchema, ParseError, Schema } from '@aigo/ai';
import { type Client, parseStringAs } from '@aigo/client';

/** A final answer read as the schema, or why it could not be. */
export type Parsed =
  | { readonly ok: true; readonly data: unknown }
  | { readonly ok: false; readonly error: ParseError };

/** Reads a final answer as the schema (leniently: JSON repair); parse failures as values. */
export async function parse(text: string, schema: Schema, jsonSchema: JsonSchema): Promise<Parsed> {
  try {
    return { ok: true, data: await parseStringAs(text, schema, { jsonSchema }) };
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'parse_error')
      return { ok: false, error: error as ParseError };
    throw error;
  }
}

/** True when requests of this client offer tools (function tools or provider tools). */
export function offersTools(client: Client): boolean {
  return client.tools.size > 0 || (client.options.providerTools?.length ?? 0) > 0;
}
