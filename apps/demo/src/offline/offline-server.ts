import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { StreamProvider } from '@aigo/ai';
import { OFFLINE_PAGE_HTML, OFFLINE_PAGE_PATH } from './offline-page.js';
import { readWireRequest } from './openai-wire-request.js';
import { ChunkWriter, completionBody, type WireJson } from './openai-wire-response.js';

/** Options of {@link startOfflineServer}. */
export interface OfflineServerOptions {
  /** The model that answers: the demo's scripted model (any `StreamProvider` works). */
  readonly model: StreamProvider;
  /**
   * Milliseconds between two SSE chunks, so a person watching sees the answer arrive token by token
   * (a local script is otherwise faster than the eye). Default 0.
   */
  readonly paceMs?: number;
}

/** A running offline server. */
export interface OfflineServer {
  /** The OpenAI-compatible base URL: `http://127.0.0.1:PORT/v1`. */
  readonly baseURL: string;
  /** The URL of the web page the demo's web-fetch tool reads. */
  readonly pageUrl: string;
  /** Stops the server and drops its connections. */
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible HTTP server on 127.0.0.1 that answers `POST /v1/chat/completions` from a
 * `StreamProvider` — JSON for `"stream": false`, Server-Sent Events in OpenAI's
 * `chat.completion.chunk` shape (reasoning as `reasoning_content`, tool-call fragments, a last usage
 * chunk with cached and reasoning tokens, `data: [DONE]`) for `"stream": true` — and serves the one
 * web page the demo reads. The demo drives it through the real `@aigo/openai` adapter, so offline
 * runs take the same path through HTTP, SSE parsing and stream mapping as a run against OpenAI.
 */
export async function startOfflineServer(options: OfflineServerOptions): Promise<OfflineServer> {
  const paceMs = options.paceMs ?? 0;
  const server = createServer((request, response) => {
    handle(request, response, options.model, paceMs).catch((error: unknown) => {
      if (!response.headersSent) {
        sendJson(response, 500, { error: { message: String(error), type: 'server_error' } });
      } else {
        response.destroy();
      }
    });
  });
  // `once` rejects when the server emits `error` first (the port cannot be bound).
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseURL: `${origin}/v1`,
    pageUrl: `${origin}${OFFLINE_PAGE_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  model: StreamProvider,
  paceMs: number,
): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  if (request.method === 'GET' && path === OFFLINE_PAGE_PATH) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(OFFLINE_PAGE_HTML);
    return;
  }
  if (request.method !== 'POST' || path !== '/v1/chat/completions') {
    sendJson(response, 404, {
      error: { message: `no route for ${request.method} ${path}`, type: 'not_found' },
    });
    return;
  }
  let wire: ReturnType<typeof readWireRequest>;
  try {
    wire = readWireRequest(JSON.parse(await readBody(request)));
  } catch (error) {
    sendJson(response, 400, {
      error: {
        message: `invalid request: ${(error as Error).message}`,
        type: 'invalid_request_error',
      },
    });
    return;
  }
  // The client hanging up (a `break` out of the agent's stream, Ctrl-C) stops the scripted stream.
  const hangUp = new AbortController();
  response.once('close', () => hangUp.abort());
  const created = Math.floor(Date.now() / 1000);

  if (!wire.stream) {
    const answer = await model.sendMessage(wire.request, { signal: hangUp.signal });
    sendJson(response, 200, completionBody(answer, created));
    return;
  }

  const stream = await model.streamMessage(wire.request, { signal: hangUp.signal });
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  let writer: ChunkWriter | undefined;
  let usageChunk: WireJson | undefined;
  try {
    for await (const event of stream) {
      if (event.type === 'start') {
        writer = new ChunkWriter(`chatcmpl-${event.id}`, event.model, created);
        continue;
      }
      writer ??= new ChunkWriter('chatcmpl-offline', OFFLINE_FALLBACK, created);
      const chunk = writer.chunk(event);
      if (chunk === undefined) continue;
      // OpenAI sends the usage chunk after the finish reason, as the last chunk before [DONE].
      if (event.type === 'usage') {
        usageChunk = chunk;
        continue;
      }
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      if (paceMs > 0 && event.type !== 'finish') await delay(paceMs);
      if (hangUp.signal.aborted) return;
    }
  } catch (error) {
    if (hangUp.signal.aborted) return;
    throw error;
  }
  if (usageChunk !== undefined) response.write(`data: ${JSON.stringify(usageChunk)}\n\n`);
  response.end('data: [DONE]\n\n');
}

const OFFLINE_FALLBACK = 'offline';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: WireJson): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
