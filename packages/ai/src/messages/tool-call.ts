import type { ProviderMetadata } from '../json.js';

/**
 * A function call the model asked for. `arguments` is the JSON text exactly as the model wrote it;
 * `providerMetadata` holds per-call opaque values (a Gemini thought signature belongs to one call).
 */
export interface ToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
  readonly providerMetadata?: ProviderMetadata;
}
