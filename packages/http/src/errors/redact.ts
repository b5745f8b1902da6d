import {
  isSecretHeader,
  REDACTED,
  redactSecrets,
  redactUrlSecrets,
  secretQueryValues,
  ValidationError,
} from '@aigo/ai';
import { describe } from '../options/validate.js';

export { isSecretHeader, REDACTED };

/** Secrets shorter than this are not searched for in text (they would mangle ordinary words). */
const MIN_SECRET_LENGTH = 6;

/**
 * A copy of `headers` safe to log: the values of secret headers (`authorization`, `x-api-key`,
 * `x-goog-api-key`, `api-key`, `cookie`, and any name with key/token/secret/auth in it) become
 * `[REDACTED]`, keeping an `Authorization` scheme (`Bearer [REDACTED]`).
 */
export function redactHeaders(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
): Record<string, string | string[]> {
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) {
    throw new ValidationError('headers', `must be an object, got ${describe(headers)}`);
  }
  const redacted: Record<string, string | string[]> = {};
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value === undefined) continue;
    if (!isSecretHeader(name)) {
      redacted[name] = typeof value === 'string' ? value : [...value];
      continue;
    }
    const one = (v: string): string => {
      const scheme = /^(Bearer|Basic|Token)\s/i.exec(v);
      return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
    };
    redacted[name] = typeof value === 'string' ? one(value) : value.map(one);
  }
  return redacted;
}

/**
 * A URL safe to log: secret query parameters (`key`, `api_key`, `token`, `access_token`,
 * `signature`, ...) and `user:password@` credentials are replaced by `[REDACTED]`. Works on any text
 * that contains URLs, not only on a bare URL.
 */
export function redactUrl(url: string | URL): string {
  if (typeof url !== 'string' && !(url instanceof URL)) {
    throw new ValidationError('url', `must be a string or a URL, got ${describe(url)}`);
  }
  return redactUrlSecrets(String(url));
}

/**
 * Text safe to log or to put in an error: every occurrence of each known secret (at least 6
 * characters long) is replaced by `[REDACTED]`, then secret URL parameters, `user:password@`
 * credentials, `Bearer` tokens and the shapes of well-known API keys (`sk-…`, `AIza…`, `gsk_…`,
 * `xai-…`) are removed too.
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  if (typeof text !== 'string') {
    throw new ValidationError('text', `must be a string, got ${describe(text)}`);
  }
  if (!Array.isArray(secrets)) {
    throw new ValidationError('secrets', `must be an array of strings, got ${describe(secrets)}`);
  }
  let result = text;
  for (const secret of secrets) {
    if (typeof secret !== 'string') {
      throw new ValidationError('secrets', 'must contain only strings');
    }
    if (secret.length >= MIN_SECRET_LENGTH && result.includes(secret)) {
      result = result.split(secret).join(REDACTED);
    }
  }
  return redactSecrets(result);
}

/**
 * Redacts whatever is given: a header map (see {@link redactHeaders}), or a URL or text
 * (see {@link redactText}, with `secrets` removed as well).
 */
export function redact(value: string | URL, secrets?: readonly string[]): string;
export function redact(
  value: Readonly<Record<string, string | readonly string[] | undefined>>,
): Record<string, string | string[]>;
export function redact(
  value: string | URL | Readonly<Record<string, string | readonly string[] | undefined>>,
  secrets: readonly string[] = [],
): string | Record<string, string | string[]> {
  if (value instanceof URL) return redactText(value.href, secrets);
  if (typeof value === 'string') return redactText(value, secrets);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return redactHeaders(value);
  }
  throw new ValidationError(
    'value',
    `must be a string, a URL or a header object, got ${describe(value)}`,
  );
}

/**
 * The secrets found in a request: the values of secret headers (and the token after `Bearer`), and
 * the values of secret query parameters in the URL. Used to scrub error bodies and messages.
 */
export function secretsOf(
  url: string,
  headers: Readonly<Record<string, string>> | undefined,
  extra: readonly string[],
): string[] {
  const secrets = [...extra];
  if (headers !== undefined) {
    for (const name of Object.keys(headers)) {
      const value = headers[name];
      if (value === undefined || !isSecretHeader(name)) continue;
      secrets.push(value);
      const space = value.indexOf(' ');
      if (space > 0) secrets.push(value.slice(space + 1).trim());
    }
  }
  secrets.push(...secretQueryValues(url));
  // Longest first, so a secret that contains another is removed whole.
  return secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}
