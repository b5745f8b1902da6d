import type { ServerResponse } from 'node:http';
import type { RecordedRequest } from '../server/recorded-route.js';
import { publicQuery } from './recording-key.js';
import type { ExchangeToStore } from './recording-store.js';

/** Request headers the proxy does not pass on: they describe the connection to the proxy. */
const REQUEST_HOP_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'accept-encoding',
  'proxy-authorization',
  'te',
  'upgrade',
]);

/**
 * Response headers neither passed on nor stored: framing (the proxy re-frames the body, which
 * `fetch` has already decompressed), cookies and account identifiers.
 */
const RESPONSE_DROPPED_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'set-cookie',
  'openai-organization',
  'openai-project',
  'anthropic-organization-id',
]);

/** Statuses not stored: a transient failure is answered but the retry that follows is what replays. */
function isTransient(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Sends `request` to `target` (the upstream URL of its path), streams the answer back to `response`
 * as it arrives, and, once the whole body has arrived, calls `store` with the exchange before it
 * ends the response — so a client that sends the same request again finds it recorded. A transient
 * status (408, 429, 5xx), a client that left, or a body cut short stores nothing.
 */
export async function forwardRequest(
  request: RecordedRequest,
  target: URL,
  key: string,
  response: ServerResponse,
  store: (exchange: ExchangeToStore) => Promise<void>,
): Promise<void> {
  const controller = new AbortController();
  const onClose = (): void => {
    if (!response.writableFinished) controller.abort(new Error('the client closed the connection'));
  };
  response.on('close', onClose);
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (!REQUEST_HOP_HEADERS.has(name)) headers.set(name, value);
    }
    const method = request.method.toUpperCase();
    const upstream = await fetch(target, {
      method,
      headers,
      redirect: 'manual',
      signal: controller.signal,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: request.rawBody }),
    });
    const stored: Record<string, string[]> = {};
    const sent: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (RESPONSE_DROPPED_HEADERS.has(name)) return;
      const values = stored[name];
      if (values === undefined) stored[name] = [value];
      else values.push(value);
      sent[name] = sent[name] === undefined ? value : `${sent[name]}, ${value}`;
    });
    response.writeHead(upstream.status, sent);
    const chunks: Uint8Array[] = [];
    if (upstream.body !== null) {
      for await (const chunk of upstream.body) {
        chunks.push(chunk);
        response.write(chunk);
      }
    }
    if (isTransient(upstream.status)) {
      response.end();
      return;
    }
    const contentType = upstream.headers.get('content-type') ?? '';
    const kind = contentType.includes('text/event-stream')
      ? 'sse'
      : contentType.includes('json')
        ? 'json'
        : 'body';
    const query = publicQuery(request.query);
    target.search = query;
    await store({
      key,
      method,
      path: request.path,
      uri: target.toString(),
      requestBody: request.rawBody,
      status: upstream.status,
      statusText: upstream.statusText,
      headers: stored,
      body: Buffer.concat(chunks),
      kind,
    });
    response.end();
  } catch (error) {
    if (!response.headersSent) {
      const message = error instanceof Error ? error.message : String(error);
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: { message: `recording proxy: the upstream request failed: ${message}` },
        }),
      );
    } else {
      response.destroy();
    }
  } finally {
    response.off('close', onClose);
  }
}
