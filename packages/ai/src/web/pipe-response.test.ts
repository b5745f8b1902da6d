// pipeResponse over a real node:http server on 127.0.0.1, read with fetch.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { drivenChatStream } from '../../test/support/test-web-sources.js';
import { AbortError } from '../errors/interruption-errors.js';
import { ProviderError } from '../errors/provider-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { ChatStream } from '../stream/chat-stream.js';
import { pipeResponse } from './pipe-response.js';
import { toSSEResponse, toSSEStream } from './to-sse-stream.js';
import { toTextResponse } from './to-text-stream.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** A node:http server whose handler's promise (what pipeResponse resolved to) the test can await. */
async function serve(handler: Handler) {
  const handled: Promise<void>[] = [];
  const server = createServer((req, res) => {
    handled.push(handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    handled,
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const hello = () =>
  ChatStream.fromResponse({
    id: 'r',
    model: 'm',
    content: 'Hello',
    toolCalls: [],
    finishReason: 'stop',
  });

describe('pipeResponse', () => {
  it('sends the status, the headers (each Set-Cookie) and the body', async () => {
    await using server = await serve((_req, res) =>
      pipeResponse(
        toSSEResponse(hello(), {
          status: 201,
          headers: [
            ['set-cookie', 'a=1'],
            ['set-cookie', 'b=2'],
            ['x-run', 'r-1'],
          ],
        }),
        res,
      ),
    );

    const response = await fetch(server.url);

    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-run')).toBe('r-1');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.text()).toBe(await new Response(toSSEStream(hello())).text());
    await Promise.all(server.handled);
  });

  it('cancels the model call when the client disconnects mid-stream', async () => {
    const driven = drivenChatStream();
    await using server = await serve((_req, res) =>
      pipeResponse(toSSEResponse(driven.stream), res),
    );
    driven.controller.enqueue({ type: 'content', text: 'First' });
    const client = new AbortController();

    const response = await fetch(server.url, { signal: client.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('"text":"First"');
    client.abort();

    const reason = await driven.cancelled;
    expect(AbortError.isInstance(reason)).toBe(true);
    expect(((reason as AbortError).cause as Error).message).toBe('The client disconnected');
    await Promise.all(server.handled); // pipeResponse resolved
    expect(driven.stream.partial.content).toBe('First');
  });

  it('cuts the response when the body fails, so the client does not take it for complete', async () => {
    const driven = drivenChatStream();
    await using server = await serve((_req, res) =>
      pipeResponse(toTextResponse(driven.stream), res),
    );
    driven.controller.enqueue({ type: 'content', text: 'Half an ans' });

    const response = await fetch(server.url);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('Half an ans');
    driven.controller.error(
      new ProviderError({ code: 'stream_error', message: 'cut', provider: 'x', retryable: false }),
    );

    await expect(reader.read()).rejects.toThrow();
    await Promise.all(server.handled);
  });

  it('waits for drain when the socket is full, and delivers every byte', async () => {
    const piece = 'x'.repeat(256 * 1024);
    const pieces = 64;
    const stream = new ChatStream(
      {
        start(controller) {
          for (let i = 0; i < pieces; i++) controller.enqueue({ type: 'content', text: piece });
          controller.close();
        },
      },
      { highWaterMark: pieces * 2 },
    );
    await using server = await serve((_req, res) => pipeResponse(toTextResponse(stream), res));

    const body = await (await fetch(server.url)).arrayBuffer();

    expect(body.byteLength).toBe(piece.length * pieces);
    await Promise.all(server.handled);
  });

  it('stops and closes the connection when its signal aborts', async () => {
    const driven = drivenChatStream();
    const stop = new AbortController();
    await using server = await serve((_req, res) =>
      pipeResponse(toSSEResponse(driven.stream), res, { signal: stop.signal }),
    );
    driven.controller.enqueue({ type: 'content', text: 'First' });

    const response = await fetch(server.url);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    stop.abort(new Error('shutting down'));

    expect(AbortError.isInstance(await driven.cancelled)).toBe(true);
    await expect(reader.read()).rejects.toThrow();
    await Promise.all(server.handled);
  });

  it('rejects bad arguments with a ValidationError naming them', async () => {
    let seen: unknown[] = [];
    await using server = await serve(async (_req, res) => {
      const attempts = [
        pipeResponse({} as never, res),
        pipeResponse(new Response('x'), null as never),
        pipeResponse(new Response('x'), res, { signal: 'no' as never }),
      ];
      res.end('sent');
      attempts.push(pipeResponse(new Response('x'), res));
      seen = await Promise.all(
        attempts.map((attempt) =>
          attempt.then(
            () => 'resolved',
            (error: unknown) => (ValidationError.isInstance(error) ? error.argument : error),
          ),
        ),
      );
    });

    expect(await (await fetch(server.url)).text()).toBe('sent');
    await Promise.all(server.handled);
    expect(seen).toEqual(['response', 'res', 'options.signal', 'res']);
  });
});
