/** Codes of the tool error envelope. */
export type ToolErrorCode =
  | 'invalid_json'
  | 'invalid_arguments'
  | 'invalid_output'
  | 'tool_not_found'
  | 'tool_execution_failed'
  | 'tool_blocked'
  | (string & {});

/** The envelope a failed tool call returns to the model. */
export interface ToolErrorEnvelope {
  readonly ok: false;
  readonly error: { readonly code: ToolErrorCode; readonly message: string };
}

/** The JSON text the model reads when a tool call fails. */
export function toolErrorEnvelope(code: ToolErrorCode, message: string): string {
  const envelope: ToolErrorEnvelope = { ok: false, error: { code, message } };
  return JSON.stringify(envelope);
}

/** Reads a tool result back: the envelope when the call failed, `undefined` when it succeeded. */
export function parseToolErrorEnvelope(result: string): ToolErrorEnvelope | undefined {
  if (!result.startsWith('{"ok":false')) return undefined;
  try {
    const value = JSON.parse(result) as ToolErrorEnvelope;
    return value.ok === false && typeof value.error?.message === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
