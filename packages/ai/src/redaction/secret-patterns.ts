// The one rule set for secrets in text: errors (@aigo/http), log lines (@aigo/observability) and spans
// (@aigo/otel) all redact with these patterns, so a secret hidden in one is hidden in all.

/** What replaces a secret. */
export const REDACTED = '[REDACTED]';

/**
 * A cheap first look: text without any of these cannot hold a secret shape, so most text (model
 * output, attribute values) is returned without running the replacements.
 */
export const MAYBE_SECRET =
  /sk-|AIza|ya29\.|AKIA|ASIA|gsk_|xai-|gh[pousr]_|Bearer|Basic|Token|[?&;][\w-]+=|:\/\/[^/\s]*@/i;

/** Text shorter than this cannot hold a secret shape (the shortest is `?key=x`). */
export const MIN_SECRET_SHAPE_LENGTH = 6;

/**
 * `Authorization` values inside any text: the scheme (`Bearer`, `Basic`, `Token`, any case) and a
 * credential of 8 or more token characters. Whether the credential is redacted is decided by
 * {@link isCredential}.
 */
export const AUTH_SCHEME = /\b(Bearer|Basic|Token)\s+([A-Za-z0-9\-._~+/]{8,}=*)/gi;

/**
 * What makes the word after `Basic` or `Token` a credential rather than prose ("Basic
 * authentication", "a Bearer token instead."): a digit, base64 padding, a symbol of the token
 * alphabet inside it (not a full stop ending a sentence), or an upper-case letter after the first
 * character. A `Bearer` value is always a credential: bearer tokens are opaque.
 */
const CREDENTIAL_LIKE = /[0-9=]|[-._~+/][A-Za-z0-9]|^.+?[A-Z]/;

/** True when `credential`, written after `scheme` in some text, is a secret. */
export function isCredential(scheme: string, credential: string): boolean {
  return scheme.toLowerCase() === 'bearer' || CREDENTIAL_LIKE.test(credential);
}

/**
 * Shapes of well-known API keys, removed from any text even when the key is not known: OpenAI,
 * Anthropic, DeepSeek and OpenRouter (`sk-…`), Google (`AIza…`), Groq (`gsk_…`), xAI (`xai-…`) and
 * GitHub tokens (`ghp_…`, `gho_…`, `ghu_…`, `ghs_…`, `ghr_…`), AWS access key ids (`AKIA…`,
 * `ASIA…`) and Google OAuth access tokens (`ya29.…`).
 */
export const KEY_SHAPES =
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b|\bya29\.[0-9A-Za-z_-]{16,}|\bsk-[A-Za-z0-9_-]{16,}|\bAIza[0-9A-Za-z_-]{30,}|\bgsk_[A-Za-z0-9]{20,}|\bxai-[A-Za-z0-9]{20,}|\bgh[pousr]_[A-Za-z0-9]{30,}/g;

/** Query parameters whose values are secrets (`?key=`, `&api_key=`, `?access_token=`, `&sig=`…). */
const SECRET_PARAMS =
  'key|api[-_]?key|apikey|token|access[-_]?token|refresh[-_]?token|id[-_]?token|auth|authorization|secret|client[-_]?secret|password|passwd|pwd|sig|signature|x-goog-api-key|code';

/** A secret query parameter: group 1 is `?name=`, the rest of the match its value. */
export const SECRET_PARAM = new RegExp(`([?&;](?:${SECRET_PARAMS})=)[^&#\\s"'<>]*`, 'gi');

/** `scheme://user:password@host` credentials: group 1 is `scheme://`. */
export const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@"'<>]+:[^/\s@"'<>]*@/gi;
