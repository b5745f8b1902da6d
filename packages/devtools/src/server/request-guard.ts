import type { IncomingMessage } from 'node:http';
import { TOKEN_HEADER, tokenMatches } from './access-token.js';

/** Why a request is refused, with the status to answer; `undefined` when it may go on. */
export interface Refusal {
  readonly status: 401 | 403 | 421;
  readonly message: string;
}

/** The origins the page itself is served from. */
export function ownOrigins(port: number): readonly string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/**
 * Checks one request against the server's rules:
 *
 * - the `Host` header names this server (127.0.0.1 or localhost and its port), so a page on another
 *   site cannot reach it through a DNS name rebound to 127.0.0.1 (421 otherwise);
 * - the token: in the `token` query parameter (page loads and the event stream, which cannot set
 *   headers) or the `x-aigo-devtools-token` header (401 without it);
 * - a state-changing request (anything but GET and HEAD) carries the token in the header, never
 *   the URL, and an `Origin` that is the page's own (403 otherwise).
 */
export function checkRequest(
  request: IncomingMessage,
  url: URL,
  token: string,
  port: number,
): Refusal | undefined {
  const origins = ownOrigins(port);
  const host = request.headers.host;
  if (host === undefined || !origins.includes(`http://${host}`)) {
    return { status: 421, message: 'unknown host' };
  }
  const header = request.headers[TOKEN_HEADER];
  const fromHeader = typeof header === 'string' ? header : undefined;
  const method = request.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') {
    const given = fromHeader ?? url.searchParams.get('token') ?? undefined;
    return tokenMatches(token, given)
      ? undefined
      : { status: 401, message: 'a valid devtools token is required' };
  }
  if (!tokenMatches(token, fromHeader)) {
    return { status: 401, message: `a valid token in the ${TOKEN_HEADER} header is required` };
  }
  const origin = request.headers.origin;
  if (origin === undefined || !origins.includes(origin)) {
    return { status: 403, message: 'cross-origin requests are refused' };
  }
  return undefined;
}
