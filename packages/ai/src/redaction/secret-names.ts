/**
 * Attribute names whose values are secrets: anything naming an authorization header, an API key, a
 * secret, a password, a cookie, a credential or a signature, and names whose last segment is a token
 * or a key (`auth.token`, `access_token`, `key`) — but not token counts (`gen_ai.usage.input_tokens`)
 * or `gen_ai.token.type`.
 */
const SECRET_WORDS =
  /authorization|api[-_.]?key|apikey|secret|passw(?:or)?d|cookie|credential|signature/i;
const SECRET_SUFFIX = /(?:^|[._-])(?:[a-z]+[-_])?(?:token|key)$/i;

/**
 * Header names whose values are secrets: every secret attribute name, and any name that contains
 * `key`, `token`, `secret`, `passw`, `auth`, `cookie`, `session`, `signature` or `credential`
 * (`x-api-key`, `x-goog-api-key`, `api-key`, `x-auth-token`, `ocp-apim-subscription-key`, …). Header
 * names are few and chosen by servers, so the net is wider than for attributes.
 */
const SECRET_HEADER_WORDS = /key|token|secret|passw|auth|cookie|session|signature|credential/i;

/** Attribute names that hold an HTTP header: their header name decides (the prefix has no secret word). */
const HEADER_ATTRIBUTE = /^http\.(?:request|response)\.header\./i;

/**
 * True when an attribute or field of this name holds a secret (its value is never written). Names of
 * HTTP header attributes (`http.request.header.x-goog-api-key`) follow {@link isSecretHeader}.
 */
export function isSecretName(name: string): boolean {
  // The suffix rule only for names ending in `n` or `y` (token, key): most names skip it.
  const last = name.charCodeAt(name.length - 1) | 0x20;
  if ((last === 0x6e || last === 0x79) && SECRET_SUFFIX.test(name)) return true;
  if (SECRET_WORDS.test(name)) return true;
  return HEADER_ATTRIBUTE.test(name) && SECRET_HEADER_WORDS.test(name);
}

/**
 * True when a header of this name carries a secret, whatever its case: `authorization`,
 * `proxy-authorization`, `x-api-key`, `x-goog-api-key`, `api-key`, cookies, and any name with
 * key, token, secret, password, auth, session, signature or credential in it (a superset of
 * {@link isSecretName}).
 */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER_WORDS.test(name);
}
