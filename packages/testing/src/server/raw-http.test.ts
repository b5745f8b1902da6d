import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { rawHttpExchange } from './raw-http.js';

describe('rawHttpExchange', () => {
  it('writes the bytes as given and resolves with what came back once the server closes', async () => {
    const received: string[] = [];
    const server = createServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        received.push(chunk.toString('latin1'));
        // Half a request line is all the client sends: answer, then close.
        socket.end('HTTP/1.1 408 Request Timeout\r\ncontent-length: 2\r\n\r\n{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const exchange = await rawHttpExchange(port, 'POST /x HTTP/1.1\r\nHo');
      expect(received.join('')).toBe('POST /x HTTP/1.1\r\nHo');
      expect(exchange).toEqual({
        text: 'HTTP/1.1 408 Request Timeout\r\ncontent-length: 2\r\n\r\n{}',
        status: 408,
        body: '{}',
      });
    } finally {
      server.close();
    }
  });

  it('a connection closed without an answer: no status', async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      expect(await rawHttpExchange(port, 'GET / HTTP/1.1\r\n\r\n')).toEqual({
        text: '',
        status: undefined,
        body: '',
      });
    } finally {
      server.close();
    }
  });
});
