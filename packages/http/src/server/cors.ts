import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a server lets a listed origin do from a browser. */
export interface CorsSettings {
  /** The methods a preflight is told (`GET`, `POST`). */
  readonly methods: readonly string[];
  /** The request headers a preflight is told (`content-type`, `authorization`). */
  readonly headers: readonly string[];
  /** The response headers a page may read (`mcp-session-id`). */
  readonly exposeHeaders?: readonly string[];
}

/** Whether the request is a CORS preflight: `OPTIONS` with `Access-Control-Request-Method`. */
export function isPreflight(request: IncomingMessage): boolean {
  return (
    request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined
  );
}

/** The headers every answer to a listed origin carries. */
export function setCorsHeaders(
  response: ServerResponse,
  origin: string,
  settings: CorsSettings,
): void {
  response.setHeader('access-control-allow-origin', origin);
  response.setHeader('vary', 'Origin');
  if (settings.exposeHeaders !== undefined && settings.exposeHeaders.length > 0) {
    response.setHeader('access-control-expose-headers', settings.exposeHeaders.join(', '));
  }
}

/**
 * Answers an `OPTIONS` request with 204: for a listed origin (`listed`), the allowed methods and
 * headers — only the server's own — cached for ten minutes; otherwise (a same-origin or non-browser
 * request) the methods in `Allow` and no CORS header.
 */
export function answerOptions(
  response: ServerResponse,
  origin: string | undefined,
  listed: boolean,
  settings: CorsSettings,
  headers: Readonly<Record<string, string>>,
): void {
  const methods = [...settings.methods, 'OPTIONS'].join(', ');
  if (listed && origin !== undefined) {
    setCorsHeaders(response, origin, settings);
    response.writeHead(204, {
      ...headers,
      'access-control-allow-methods': methods,
      'access-control-allow-headers': settings.headers.join(', '),
      'access-control-max-age': '600',
    });
  } else {
    response.writeHead(204, { ...headers, allow: methods });
  }
  response.end();
}
