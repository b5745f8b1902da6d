import { ValidationError } from '@aigo/ai';
import { redactUrl } from '../errors/redact.js';
import { optionalObject, requireString } from './validate.js';

/**
 * A base URL checked and normalised: surrounding whitespace and trailing slashes removed, so a path
 * is appended as `${base}/path`. It must be an absolute http(s) URL; anything else is a
 * `ValidationError` naming `argument` (the option or environment variable it came from), with the
 * URL's secrets redacted.
 */
export function normalizeBaseURL(value: unknown, argument: string): string {
  requireString(argument, 'argument');
  const trimmed = typeof value === 'string' ? value.trim() : '';
  let url: URL | undefined;
  if (/^https?:\/\/[^/\s]/i.test(trimmed)) {
    try {
      url = new URL(trimmed);
    } catch {
      url = undefined;
    }
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    const shown = typeof value === 'string' ? `, got "${redactUrl(value)}"` : '';
    throw new ValidationError(argument, `must be an absolute http(s) URL${shown}`);
  }
  return trimmed.replace(/\/+$/, '');
}

/** Options of {@link resolveBaseURL}. */
export interface ResolveBaseURLOptions {
  /** The URL passed explicitly (a provider's `baseURL` option); it wins over the environment. */
  readonly baseURL?: string | undefined;
  /** The option's name in errors. Default `options.baseURL`. */
  readonly argument?: string;
  /** Environment variables read in order when no URL was passed (`OPENAI_BASE_URL`). */
  readonly envVars?: readonly string[];
  /** The URL used when neither the option nor a variable is set. */
  readonly defaultURL: string;
  /** The environment to read (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The base URL a provider calls, normalised by {@link normalizeBaseURL}: `baseURL` when given, else
 * the first of `envVars` that is set (not blank), else `defaultURL`. A bad URL is a
 * `ValidationError` naming where it came from (`options.baseURL`, `GEMINI_API_BASE_URL`).
 */
export function resolveBaseURL(options: ResolveBaseURLOptions): string {
  if (optionalObject(options, 'options') === undefined) {
    throw new ValidationError('options', 'are required ({ defaultURL })');
  }
  const argument = options.argument ?? 'options.baseURL';
  if (options.baseURL !== undefined) return normalizeBaseURL(options.baseURL, argument);
  const env = options.env ?? process.env;
  for (const name of options.envVars ?? []) {
    const value = env[name];
    if (typeof value === 'string' && value.trim() !== '') return normalizeBaseURL(value, name);
  }
  return normalizeBaseURL(options.defaultURL, 'options.defaultURL');
}
