import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
// From node:timers, not the global: a test that installs fake timers must not freeze the server.
import { setImmediate } from 'node:timers';
import type { RecordedRoute } from './recorded-route.js';

interface RouteBody {
  readonly bytes: Buffer | undefined;
  readonly contentType: string | undefined;
  readonly streamed: boolean;
}

/** The bytes a route answers with, and the content type to use when its headers name none. */
export function routeBody(route: RecordedRoute): RouteBody {
  if (route.sse !== undefined) {
    return { bytes: toBuffer(route.sse), contentType: 'text/event-stream', streamed: true };
  }
  const body = route.body;
  if (body === undefined) return { bytes: undefined, contentType: undefined, streamed: false };
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const bytes = toBuffer(body);
    const contentType = looksLikeJson(bytes)
      ? 'application/json'
      : typeof body === 'string'
        ? 'text/plain; charset=utf-8'
        : 'application/octet-stream';
    return { bytes, contentType, streamed: false };
  }
  return {
    bytes: Buffer.from(JSON.stringify(body), 'utf8'),
    contentType: 'application/json',
    streamed: false,
  };
}

/** Answers a request with a route's status, headers and body, misbehaving as its `fault` says. */
export function sendRouteResponse(route: RecordedRoute, response: ServerResponse): void {
  const socket = response.socket as Socket | null;
  const fault = route.fault;
  if (fault?.kind === 'close-before-response') {
    socket?.destroy();
    return;
  }
  const { bytes, contentType, streamed } = routeBody(route);
  const headers: Record<string, string> = { ...route.headers };
  if (contentType !== undefined && !hasHeader(headers, 'content-type')) {
    headers['content-type'] = contentType;
  }
  response.writeHead(route.status ?? 200, headers);
  const body = bytes ?? Buffer.alloc(0);

  if (fault === undefined) {
    if (streamed) {
      // Chunked, as servers stream SSE; the bytes inside are exactly the route's.
      if (body.length > 0) response.write(body);
      response.end();
    } else {
      response.end(body);
    }
    return;
  }

  if (fault.kind === 'drip') {
    drip(response, body, fault.bytesPerWrite ?? 1);
    return;
  }

  // reset and stall: the first N body bytes, then a reset or silence.
  const head = body.subarray(0, Math.min(fault.afterBytes, body.length));
  const afterFlush = (then: () => void): void => {
    if (head.length > 0) {
      response.write(head, () => then());
    } else {
      response.flushHeaders();
      // An empty write completes once everything written before it has been handed to the kernel.
      socket?.write(Buffer.alloc(0), () => then());
    }
  };
  if (fault.kind === 'reset') {
    afterFlush(() => {
      // Two turns of the event loop, so that a client in the same process reads those bytes in a
      // poll phase of its own before the RST arrives (libuv reports data and a hang-up seen in one
      // poll as a clean end of stream, not ECONNRESET).
      setImmediate(() =>
        setImmediate(() => {
          if (socket !== null && !socket.destroyed) socket.resetAndDestroy();
        }),
      );
    });
    return;
  }
  // stall: write nothing more; the client closing the socket is the only way out.
  afterFlush(() => undefined);
}

function drip(response: ServerResponse, body: Buffer, bytesPerWrite: number): void {
  let offset = 0;
  const next = (error?: Error | null): void => {
    if (error || response.destroyed) return;
    if (offset >= body.length) {
      response.end();
      return;
    }
    const piece = body.subarray(offset, offset + bytesPerWrite);
    offset += piece.length;
    // After the write's callback and one turn of the event loop, so that a client in the same
    // process reads every piece on its own.
    response.write(piece, (writeError) => {
      if (writeError) return;
      setImmediate(next);
    });
  };
  if (body.length === 0) response.flushHeaders();
  next();
}

function toBuffer(value: string | Uint8Array): Buffer {
  return typeof value === 'string'
    ? Buffer.from(value, 'utf8')
    : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

function looksLikeJson(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}
