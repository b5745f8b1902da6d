// A2A requests written by hand, with exactly the headers a test gives — what a page under DNS
// rebinding or a hostile process sends, not what the SDK's client would.
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** One answer: status, headers, body text. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * Sends one request to `path` under the server's `base` URL. The Host header is the URL's unless
 * `headers.host` says otherwise; `body` is sent as JSON unless it is a string.
 */
export function a2aRequest(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawAnswer> {
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path,
        agent: false,
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers: {
          host: target.host,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    const body = options.body;
    request.end(
      body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    );
  });
}

/** A JSON-RPC request. */
export const jsonRpc = (method: string, params: unknown, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

/** A2A 1.0's `SendMessage` params (protobuf JSON): a user's text, in a task and context when given. */
export const sendParams = (text: string, ids: { taskId?: string; contextId?: string } = {}) => ({
  message: {
    messageId: randomUUID(),
    role: 'ROLE_USER',
    parts: [{ text }],
    ...ids,
  },
});

/** A2A 0.3's `message/send` params: the same message in the older shape. */
export const legacySendParams = (
  text: string,
  ids: { taskId?: string; contextId?: string } = {},
) => ({
  message: {
    kind: 'message',
    messageId: randomUUID(),
    role: 'user',
    parts: [{ kind: 'text', text }],
    ...ids,
  },
});

/** The headers of an A2A 1.0 request. */
export const V1 = { 'a2a-version': '1.0' } as const;
