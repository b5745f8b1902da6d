import {
  AUTH_SCHEME,
  isCredential,
  KEY_SHAPES,
  MAYBE_SECRET,
  MIN_SECRET_SHAPE_LENGTH,
  REDACTED,
  SECRET_PARAM,
  URL_CREDENTIALS,
} from './secret-patterns.js';

function redactAuthorization(match: string, scheme: string, credential: string): string {
  return isCredential(scheme, credential) ? `${scheme} ${REDACTED}` : match;
}

/**
 * Text safe to write in a log line, a span or an error: `Bearer` tokens and credential-shaped
 * `Basic` / `Token` values (prose such as "Basic authentication" stays), the shapes of well-known
 * API keys (`sk-…`, `AIza…`, `gsk_…`, `xai-…`, `ghp_…`), key-bearing query parameters (`?key=`,
 * `&api_key=`, `?access_token=`…) and `user:password@` URL credentials become `[REDACTED]`. Text
 * that cannot hold any of them comes back as it is, without a copy.
 */
export function redactSecrets(text: string): string {
  if (text.length < MIN_SECRET_SHAPE_LENGTH || !MAYBE_SECRET.test(text)) return text;
  return redactUrlSecrets(
    text.replace(AUTH_SCHEME, redactAuthorization).replace(KEY_SHAPES, REDACTED),
  );
}

/**
 * Text with the secrets of the URLs in it removed: the values of secret query parameters (`key`,
 * `api_key`, `token`, `access_token`, `signature`…) and `user:password@` credentials become
 * `[REDACTED]`. Works on a bare URL or on any text that contains URLs.
 */
export function redactUrlSecrets(text: string): string {
  return text.replace(SECRET_PARAM, `$1${REDACTED}`).replace(URL_CREDENTIALS, `$1${REDACTED}@`);
}

/**
 * The values of the secret query parameters of `url` (the `abc` of `?key=abc`), each as written
 * and, when it differs, percent-decoded: the strings to scrub from an answer that may echo them.
 */
export function secretQueryValues(url: string): string[] {
  const values: string[] = [];
  const query = url.indexOf('?');
  if (query < 0) return values;
  for (const match of url.slice(query).matchAll(SECRET_PARAM)) {
    const [whole, prefix] = match;
    if (prefix === undefined) continue;
    const value = whole.slice(prefix.length);
    if (value === '') continue;
    values.push(value);
    try {
      const decoded = decodeURIComponent(value);
      if (decoded !== value) values.push(decoded);
    } catch {
      // Not percent-encoded text; the raw value is already listed.
    }
  }
  return values;
}
