// Requests to a Streamable HTTP endpoint written by hand, with exactly the headers a test gives —
// what a hostile page or process sends, not what the SDK's client would.
import { type Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** One answer: status, headers, body text. */
export interface McpAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** An `initialize` request's JSON-RPC message. */
export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'hostile', version: '1' },
  },
};

/** The request `tools/call` of `name` with `args`. */
export const toolCall = (name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name, arguments: args },
});

/**
 * Sends one request to `url` (its Host header is the URL's unless `headers.host` says otherwise);
 * `body` is sent as JSON unless it is a string.
 */
export function mcpRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    agent?: Agent;
  } = {},
): Promise<McpAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: options.method ?? 'POST',
        agent: options.agent ?? false,
        headers: {
          host: target.host,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
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
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    const body = options.body;
    request.end(
      body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    );
  });
}

/** The data of the first SSE event of a body, or the body itself when it is JSON. */
export function messageOf(answer: McpAnswer): unknown {
  if (answer.headers['content-type']?.startsWith('text/event-stream')) {
    const line = answer.body.split('\n').find((candidate) => candidate.startsWith('data: '));
    return line === undefined ? undefined : JSON.parse(line.slice('data: '.length));
  }
  return JSON.parse(answer.body);
}
