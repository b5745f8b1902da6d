import type { ServerResponse } from 'node:http';

/**
 * How a route misbehaves on purpose. Body bytes are the route's `body` or `sse` bytes; the status
 * line and headers are always sent first, except for `close-before-response`.
 */
export type Fault =
  /** Write the first `afterBytes` body bytes, then reset the connection (TCP RST). */
  | { readonly kind: 'reset'; readonly afterBytes: number }
  /** Write the first `afterBytes` body bytes, then write nothing more until the client closes. */
  | { readonly kind: 'stall'; readonly afterBytes: number }
  /**
   * Write the body `bytesPerWrite` bytes (default 1) per write, each after the previous write's
   * callback and one turn of the event loop (no timers), so even a client in the same process reads
   * the pieces one by one.
   */
  | { readonly kind: 'drip'; readonly bytesPerWrite?: number }
  /** Destroy the socket without answering (after the request body was read and recorded). */
  | { readonly kind: 'close-before-response' };

/** One request the recorded server received, as the client sent it. */
export interface RecordedRequest {
  /** The HTTP method, upper-case as sent (`POST`). */
  readonly method: string;
  /** The URL pathname, without the query string. */
  readonly path: string;
  /** The query parameters (the last value wins when a name repeats). */
  readonly query: Record<string, string>;
  /** The request headers, names lower-cased, values as received (repeated headers joined with `, `). */
  readonly headers: Record<string, string>;
  /** The body as UTF-8 text (`''` when there was none). */
  readonly rawBody: string;
  /** The body's bytes as received (a multipart upload's file parts survive here, not in `rawBody`). */
  readonly bodyBytes: Buffer;
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  readonly body: unknown;
}

/**
 * One canned answer of the recorded server. Routes are tried in order; the first that matches the
 * method and path and still has `times` left answers.
 */
export interface RecordedRoute {
  /** The HTTP method, matched case-insensitively. Default `POST`. */
  readonly method?: string;
  /** Matched against the URL pathname (the query string is ignored): equal to a string, or tested by a RegExp. */
  readonly path: string | RegExp;
  /** The response status. Default 200. */
  readonly status?: number;
  /**
   * Response headers, sent as given. `content-type` defaults to `application/json` for object and
   * JSON bodies and to `text/event-stream` when `sse` is set.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /** The body: an object is sent as JSON; a string or bytes byte-for-byte. */
  readonly body?: string | Uint8Array | object;
  /** A raw `text/event-stream` body sent byte-for-byte (a `.sse` fixture's content, say). */
  readonly sse?: string | Uint8Array;
  /** Misbehave on purpose: reset, stall, drip, or close before answering. */
  readonly fault?: Fault;
  /** How many requests this route may serve. Default unlimited. */
  readonly times?: number;
  /** A custom handler that answers instead of `status`/`headers`/`body`. */
  readonly respond?: (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;
}
