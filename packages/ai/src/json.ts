/** A JSON value as it travels on the wire. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * A JSON Schema document. Tools send one as their parameters, structured output as its response
 * format. Kept loose on purpose: every provider accepts a different subset and maps it itself.
 */
export type JsonSchema = { readonly [key: string]: unknown };

/**
 * Opaque values a provider needs back on a later turn (Gemini thought signatures, OpenAI Responses
 * reasoning items, …), keyed by provider id. Applications store and return them untouched.
 */
export type ProviderMetadata = {
  readonly [providerId: string]: { readonly [key: string]: unknown };
};
