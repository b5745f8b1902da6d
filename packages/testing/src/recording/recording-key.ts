import { createHash } from 'node:crypto';
import { canonicalJson } from '@aigo/ai';

/** Query parameters that may carry a credential (`?key=` of Gemini): never stored, never matched on. */
const SECRET_PARAMETER = /key|token|secret|sig|auth|password|credential/i;

/** What identifies a request in a recording: its method, path, query (credentials dropped) and body. */
export interface RequestIdentity {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly rawBody: string;
}

/**
 * The query of a request without its credential-like parameters, sorted by name, as a string
 * (`a=1&b=2`); `''` when nothing is left.
 */
export function publicQuery(query: Readonly<Record<string, string>>): string {
  return Object.keys(query)
    .filter((name) => !SECRET_PARAMETER.test(name))
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(query[name] ?? '')}`)
    .join('&');
}

/**
 * A JSON text with every object's keys sorted, so two bodies that differ only in key order match.
 * Text that is not JSON is returned unchanged.
 */
export function canonicalBody(rawBody: string): string {
  if (rawBody === '') return '';
  let value: unknown;
  try {
    value = JSON.parse(rawBody);
  } catch {
    return rawBody;
  }
  return canonicalJson(value);
}

/**
 * The key a recording files a request under: a SHA-256 (hex, first 32 digits) of the method, the
 * path, the public query and the canonical body. Headers do not count (they carry the API key).
 */
export function requestKey(request: RequestIdentity): string {
  const hash = createHash('sha256');
  hash.update(request.method.toUpperCase());
  hash.update('\n');
  hash.update(request.path);
  hash.update('\n');
  hash.update(publicQuery(request.query));
  hash.update('\n');
  hash.update(canonicalBody(request.rawBody));
  return hash.digest('hex').slice(0, 32);
}
