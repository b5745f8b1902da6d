import { type ApiToolClientOptions, type ApiToolPost, createApiToolPost } from '@aigo/http';

/** The environment variable the Exa tools read their key from. */
export const EXA_API_KEY_ENV = 'EXA_API_KEY';
/** Exa's API. */
export const EXA_DEFAULT_BASE_URL = 'https://api.exa.ai';
/** Default deadline of one Exa call: 30 s (as the Go tools). */
export const EXA_DEFAULT_TIMEOUT_MS = 30_000;

/** Options of the Exa tool factories. */
export interface ExaToolOptions extends ApiToolClientOptions {
  /** The tool's name as the model sees it. */
  readonly name?: string;
}

/** POSTs JSON to a Exa endpoint with the key; settled once by the factory. */
export type ExaPost = ApiToolPost;

/**
 * Settles the options: the key (`apiKey`, else the environment; a missing key fails at the first call
 * with an error naming `EXA_API_KEY`), the base URL (default `EXA_DEFAULT_BASE_URL`) and the deadline.
 */
export function exaClient(options: ExaToolOptions | undefined): ExaPost {
  const post = createApiToolPost(
    {
      provider: 'exa',
      description: 'Exa',
      envVar: EXA_API_KEY_ENV,
      defaultBaseUrl: EXA_DEFAULT_BASE_URL,
      defaultTimeoutMs: EXA_DEFAULT_TIMEOUT_MS,
      authHeaders: (key) => ({ 'x-api-key': key }),
    },
    options,
  );
  return post;
}
