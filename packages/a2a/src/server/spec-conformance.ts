import type { NextFunction, Request, Response } from 'express';

// Where `@a2a-js/sdk` 1.3.0's Express handlers answer otherwise than the A2A 1.0 specification's
// normative sections say, fixed around them (and reported upstream): the media type of HTTP+JSON
// answers (§11.1: `application/json`, not `application/a2a+json`), the status of an unsupported
// request media type (415, not 400), the card's `Last-Modified`, and which card a request without
// `A2A-Version` gets.

type Middleware = (request: Request, response: Response, next: NextFunction) => void;

const A2A_MEDIA_TYPE = /^application\/a2a\+json/i;
const ACCEPTED_MEDIA_TYPES = new Set(['application/json', 'application/a2a+json']);

/**
 * The card's middleware: `Last-Modified` (when the card was made; with the SDK's `ETag`, a
 * conditional request gets 304 either way), and, unless `legacyByDefault`, a request that does not
 * say its version is one of A2A 1.0 — so the SDK's handler gives it the 1.0 card, and only a client
 * that asks for 0.3 (`A2A-Version: 0.3`) gets the 0.3 shape.
 */
export function cardConformance(madeAt: Date, legacyByDefault: boolean): Middleware {
  const lastModified = madeAt.toUTCString();
  return (request, response, next) => {
    response.setHeader('Last-Modified', lastModified);
    if (!legacyByDefault && request.headers['a2a-version'] === undefined) {
      request.headers['a2a-version'] = '1.0';
    }
    next();
  };
}

/**
 * The HTTP+JSON endpoints' middleware: every answer's media type is `application/json` (the SDK
 * sets `application/a2a+json`), and a body of another media type than JSON is answered 415 with the
 * binding's error body, reason `CONTENT_TYPE_NOT_SUPPORTED` (the SDK answers 400).
 */
export function restConformance(): Middleware {
  return (request, response, next) => {
    const setHeader = response.setHeader.bind(response);
    response.setHeader = (name, value) =>
      setHeader(
        name,
        name.toLowerCase() === 'content-type' && typeof value === 'string'
          ? value.replace(A2A_MEDIA_TYPE, 'application/json')
          : value,
      );
    const type = request.headers['content-type'];
    const mediaType = type?.split(';', 1)[0]?.trim().toLowerCase();
    if (mediaType !== undefined && hasBody(request) && !ACCEPTED_MEDIA_TYPES.has(mediaType)) {
      response.status(415).json({
        error: {
          code: 415,
          status: 'INVALID_ARGUMENT',
          message: 'The body must be application/json.',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'CONTENT_TYPE_NOT_SUPPORTED',
              domain: 'a2a-protocol.org',
            },
          ],
        },
      });
      return;
    }
    next();
  };
}

function hasBody(request: Request): boolean {
  const headers = request.headers;
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > 0;
}
