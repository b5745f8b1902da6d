import type { IncomingMessage } from 'node:http';
import type { Authorize } from '@aigo/http';
import { TOKEN_HEADER, tokenMatches } from './access-token.js';

/** Whether a request changes something (anything but GET and HEAD): it needs the page's Origin. */
export function changesState(request: IncomingMessage): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD';
}

/**
 * The devtools' `authorize` for `@aigo/http`'s guard (which has already checked the Host and the
 * Origin): the token, in the `token` query parameter (page loads and the event stream, which
 * cannot set headers) or the `x-aigo-devtools-token` header; a request that changes something
 * carries it in the header only, never the URL.
 */
export function tokenAuthorize(token: string): Authorize {
  return (request) => {
    const header = request.headers[TOKEN_HEADER];
    const fromHeader = typeof header === 'string' ? header : undefined;
    if (changesState(request)) return tokenMatches(token, fromHeader);
    const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('token');
    return tokenMatches(token, fromHeader ?? query ?? undefined);
  };
}
