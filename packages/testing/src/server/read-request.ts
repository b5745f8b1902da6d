import type { IncomingMessage } from 'node:http';
import type { RecordedRequest } from './recorded-route.js';

/** Reads a request's body and turns it into a `RecordedRequest`. */
export async function readRecordedRequest(request: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const bodyBytes = Buffer.concat(chunks);
  const rawBody = bodyBytes.toString('utf8');
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = value;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    method: request.method ?? 'GET',
    path: url.pathname,
    query,
    headers,
    rawBody,
    bodyBytes,
    body: parseJson(rawBody),
  };
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
