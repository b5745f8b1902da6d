import { AigoError, ValidationError } from '@aigo/ai';
import { describe, optionalObject, requireString } from './validate.js';

/** Options of {@link loadApiKey}. */
export interface LoadApiKeyOptions {
  /** The key passed explicitly (a provider's `apiKey` option); it wins over the environment. */
  readonly apiKey?: string | undefined;
  /** The environment variable to read when no key was passed (`OPENAI_API_KEY`). */
  readonly envVar: string;
  /**
   * Variables read in order when `envVar` is not set (`GOOGLE_API_KEY` after `GEMINI_API_KEY`); the
   * missing-key error names them all.
   */
  readonly fallbackEnvVars?: readonly string[];
  /** Whose key it is, for the error message (`OpenAI`). */
  readonly description: string;
  /** Whether a missing key is an error (default true). Local servers (Ollama) need none. */
  readonly required?: boolean;
  /** The environment to read (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The API key to use: `apiKey` when it is a non-empty string, else the environment variable
 * `envVar`, else the first of `fallbackEnvVars` that is set (surrounding whitespace removed; a blank
 * variable counts as unset). A missing key throws `AigoError` with code `missing_api_key` whose
 * message names every variable, unless `required` is false (then undefined).
 * Call it at the first request, not at construction, so a provider can be built before the key is
 * configured. The key itself never appears in an error.
 */
export function loadApiKey(options: LoadApiKeyOptions & { readonly required?: true }): string;
export function loadApiKey(options: LoadApiKeyOptions): string | undefined;
export function loadApiKey(options: LoadApiKeyOptions): string | undefined {
  if (optionalObject(options, 'options') === undefined) {
    throw new ValidationError('options', 'are required ({ envVar, description })');
  }
  const envVar = requireString(options.envVar, 'options.envVar');
  if (!ENV_NAME.test(envVar)) {
    throw new ValidationError('options.envVar', 'must be an environment variable name');
  }
  const fallbacks = options.fallbackEnvVars ?? [];
  if (!Array.isArray(fallbacks)) {
    throw new ValidationError(
      'options.fallbackEnvVars',
      `must be an array, got ${describe(fallbacks)}`,
    );
  }
  fallbacks.forEach((name: unknown, index) => {
    if (typeof name !== 'string' || !ENV_NAME.test(name)) {
      throw new ValidationError(
        `options.fallbackEnvVars[${index}]`,
        'must be an environment variable name',
      );
    }
  });
  const description = requireString(options.description, 'options.description');
  const { apiKey, required = true } = options;
  if (apiKey !== undefined && typeof apiKey !== 'string') {
    throw new ValidationError('options.apiKey', `must be a string, got ${describe(apiKey)}`);
  }
  if (typeof required !== 'boolean') {
    throw new ValidationError('options.required', `must be a boolean, got ${describe(required)}`);
  }
  const env = options.env ?? process.env;
  if (env === null || typeof env !== 'object') {
    throw new ValidationError('options.env', `must be an object, got ${describe(env)}`);
  }
  const explicit = apiKey?.trim();
  if (explicit) return explicit;
  const fromEnv = env[envVar]?.trim();
  if (fromEnv) return fromEnv;
  for (const name of fallbacks) {
    const fallback = env[name]?.trim();
    if (fallback) return fallback;
  }
  if (!required) return undefined;
  const names =
    fallbacks.length === 0
      ? `the ${envVar} environment variable`
      : `one of the environment variables ${[envVar, ...fallbacks].join(', ')} (read in that order)`;
  throw new AigoError(
    'missing_api_key',
    `${description} API key is missing: pass the apiKey option or set ${names}`,
  );
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
