// Redaction shared by every observer (log, OpenTelemetry): secrets never reach logs or traces.
import type { AttributeValue } from './observer.js';

/** What replaces a secret in a log line or trace. */
export const REDACTED = '[REDACTED]';

/**
 * Attribute names whose values are secrets: anything naming an authorization header, an API key, a
 * secret, a password, a cookie or a credential, and names whose last segment is a token or a key
 * (`auth.token`, `access_token`, `key`) — but not token counts (`gen_ai.usage.input_tokens`) or
 * `gen_ai.token.type`.
 */
const SECRET_WORDS =
  /authorization|api[-_.]?key|apikey|secret|passw(?:or)?d|cookie|credential|signature/i;
const SECRET_SUFFIX = /(?:^|[._-])(?:[a-z]+[-_])?(?:token|key)$/i;

/** A cheap first look: text without any of these cannot hold a secret shape. */
const MAYBE_SECRET = /sk-|AIza|gsk_|xai-|gh[pousr]_|Bearer|Basic|Token|[?&;][\w-]+=|:\/\/[^/\s]*@/i;

/** `Authorization` values inside any text. */
const AUTH_SCHEME = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9\-._~+/]{8,}=*/gi;
/** Shapes of well-known API keys. */
const KEY_SHAPES =
  /\bsk-[A-Za-z0-9_-]{16,}|\bAIza[0-9A-Za-z_-]{30,}|\bgsk_[A-Za-z0-9]{20,}|\bxai-[A-Za-z0-9]{20,}|\bgh[pousr]_[A-Za-z0-9]{30,}/g;
/** Query parameters that carry keys and tokens (`?key=`, `&api_key=`, `?access_token=`…). */
const SECRET_PARAM =
  /([?&;](?:key|api[-_]?key|apikey|token|access[-_]?token|refresh[-_]?token|id[-_]?token|auth|authorization|secret|client[-_]?secret|password|passwd|pwd|sig|signature|x-goog-api-key|code)=)[^&#\s"'<>]*/gi;
/** `scheme://user:password@host` credentials. */
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@"'<>]+:[^/\s@"'<>]*@/gi;

/** True when an attribute of this name holds a secret (its value is never written). */
export function isSecretName(name: string): boolean {
  // The suffix rule only for names ending in `n` or `y` (token, key): most names skip it.
  const last = name.charCodeAt(name.length - 1) | 0x20;
  if ((last === 0x6e || last === 0x79) && SECRET_SUFFIX.test(name)) return true;
  return SECRET_WORDS.test(name);
}

/**
 * Text safe to write: bearer and basic credentials, the shapes of well-known API keys (`sk-…`,
 * `AIza…`, `gsk_…`, `xai-…`, `ghp_…`), key-bearing query parameters (`?key=`, `&api_key=`,
 * `?access_token=`…) and `user:password@` URL credentials become `[REDACTED]`.
 */
export function redactSecrets(text: string): string {
  if (text.length < 8 || !MAYBE_SECRET.test(text)) return text;
  return text
    .replace(AUTH_SCHEME, `$1 ${REDACTED}`)
    .replace(KEY_SHAPES, REDACTED)
    .replace(SECRET_PARAM, `$1${REDACTED}`)
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`);
}

/**
 * An attribute value safe to write: secret names hide their value, strings lose secret shapes. The
 * value itself comes back when nothing had to change.
 */
export function redactAttribute(name: string, value: AttributeValue): AttributeValue {
  if (typeof value === 'string') return isSecretName(name) ? REDACTED : redactSecrets(value);
  if (Array.isArray(value) && value.length > 0 && typeof value[0] === 'string') {
    const secret = isSecretName(name);
    const strings = value as readonly string[];
    const redacted = strings.map((item) => (secret ? REDACTED : redactSecrets(item)));
    // The same array back when nothing changed, so callers can tell.
    return redacted.every((item, index) => item === strings[index]) ? value : redacted;
  }
  return value;
}
