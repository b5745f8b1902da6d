import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ValidationError } from '@aigo/ai';
import type { Authorize } from './server-options.js';

/** The shortest token `bearerAuth` takes: a guessable token is no lock. */
export const MIN_BEARER_TOKEN_LENGTH = 16;

// RFC 6750's b64token.
const TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const HEADER = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)[ ]*$/i;

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * An `authorize` for aigo's servers that lets a request through when its `Authorization` header is
 * `Bearer <token>` with one of `tokens` — several, so a token can be rotated without downtime. The
 * comparison takes the same time whichever token is given and wherever it differs (SHA-256 digests
 * compared with `timingSafeEqual`, every token checked). A refused request is answered 401 with
 * `WWW-Authenticate: Bearer`; the token never appears in a log or an error.
 *
 * @example
 * const server = await serveA2A(agent, { host: '0.0.0.0', authorize: bearerAuth(process.env.AGENT_TOKEN) });
 *
 * @throws ValidationError naming `tokens` unless it is a token or a non-empty array of them, each
 *   at least 16 characters of RFC 6750's token alphabet (letters, digits, `-._~+/`, trailing `=`).
 */
export function bearerAuth(tokens: string | readonly string[]): Authorize {
  const list = typeof tokens === 'string' ? [tokens] : tokens;
  if (!Array.isArray(list) || list.length === 0) {
    throw new ValidationError('tokens', 'must be a token or a non-empty array of tokens');
  }
  const digests = list.map((token: unknown, index) => {
    const argument = typeof tokens === 'string' ? 'tokens' : `tokens[${index}]`;
    if (typeof token !== 'string' || !TOKEN.test(token)) {
      throw new ValidationError(
        argument,
        'must be a string of letters, digits and -._~+/ (optionally ending in =)',
      );
    }
    if (token.length < MIN_BEARER_TOKEN_LENGTH) {
      throw new ValidationError(
        argument,
        `must be at least ${MIN_BEARER_TOKEN_LENGTH} characters (randomBytes(32).toString('base64url') makes a good one)`,
      );
    }
    return digest(token);
  });
  return (request: IncomingMessage): boolean => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? HEADER.exec(header) : null;
    if (match === null) return false;
    const given = digest(match[1] as string);
    let found = false;
    for (const expected of digests) {
      // No short cut: every token is compared, so the time does not say which one matched.
      found = timingSafeEqual(expected, given) || found;
    }
    return found;
  };
}
