import {
  type ApiToolClient,
  type ApiToolClientSpec,
  type ApiToolOptions,
  createApiToolClient,
} from '@aigo/http';

/** The environment variable the Exa tools read their key from. */
export const EXA_API_KEY_ENV = 'EXA_API_KEY';
/** Exa's API. */
export const EXA_DEFAULT_BASE_URL = 'https://api.exa.ai';
/** Default deadline of one Exa call: 30 s (as the Go tools). */
export const EXA_DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Options of the Exa tool factories: `apiKey` (default `process.env.EXA_API_KEY`), `baseURL` (default
 * `https://api.exa.ai`), `timeoutMs`, `env`, `lookup`, and the tool's `name`.
 */
export type ExaToolOptions = ApiToolOptions;

/** Exa for the keyed client: a POST API with the key in `x-api-key`. */
const EXA_API: ApiToolClientSpec = {
  provider: 'exa',
  description: 'Exa',
  envVar: EXA_API_KEY_ENV,
  defaultBaseURL: EXA_DEFAULT_BASE_URL,
  defaultTimeoutMs: EXA_DEFAULT_TIMEOUT_MS,
  authHeaders: (key) => ({ 'x-api-key': key }),
};

/**
 * Settles the options once, when a tool is made: the key (a missing key fails at the first call with
 * an error naming `EXA_API_KEY`), the base URL and the deadline.
 *
 * @throws ValidationError naming the bad option.
 */
export function exaClient(options: ExaToolOptions | undefined): ApiToolClient {
  return createApiToolClient(EXA_API, options);
}
