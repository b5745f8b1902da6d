// Test helper (not built): a raw HTTP/1.1 client over node:net that keeps every byte it receives,
// so tests can compare the body byte-for-byte and see exactly where a connection broke.
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** The body with chunked framing removed (whatever arrived). */
  readonly body: Buffer;
  /** Every byte of the connection, framing included. */
  readonly raw: Buffer;
  /** How many `data` events carried body bytes. */
  readonly dataEvents: number;
  /** The socket error code, when the connection failed (`ECONNRESET`). */
  readonly errorCode: string | undefined;
  /** True when the response ended as HTTP says (content-length reached or last chunk seen). */
  readonly complete: boolean;
}

export interface RawExchange {
  readonly socket: Socket;
  /** Resolves once at least `count` body bytes have arrived. */
  bodyBytes(count: number): Promise<Buffer>;
  /** Resolves when the response is complete or the connection closed or failed. */
  readonly done: Promise<RawResponse>;
}

/** Sends one request with `connection: close` and records the answer byte by byte. */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; body?: string; headers?: Record<string, string> },
): RawExchange {
  const socket = connect(port, '127.0.0.1');
  const body = options.body ?? '';
  const headerLines = Object.entries({
    host: `127.0.0.1:${port}`,
    connection: 'close',
    'content-length': String(Buffer.byteLength(body)),
    ...options.headers,
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`${options.method ?? 'POST'} ${options.path} HTTP/1.1\r\n${headerLines}\r\n${body}`);

  const chunks: Buffer[] = [];
  let dataEvents = 0;
  let errorCode: string | undefined;
  let waiters: Array<{ count: number; resolve(body: Buffer): void }> = [];
  let finished = false;

  const parse = (): Omit<RawResponse, 'dataEvents' | 'errorCode'> | undefined => {
    const raw = Buffer.concat(chunks);
    const end = raw.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const rest = raw.subarray(end + 4);
    const status = Number(statusLine.split(' ')[1]);
    if (headers['transfer-encoding'] === 'chunked') {
      const { body: decoded, complete } = decodeChunked(rest);
      return { status, headers, body: decoded, raw, complete };
    }
    const length = headers['content-length'];
    const complete = length !== undefined && rest.length >= Number(length);
    return { status, headers, body: rest, raw, complete };
  };

  const done = new Promise<RawResponse>((resolve) => {
    const finish = () => {
      if (finished) return;
      finished = true;
      const parsed = parse() ?? {
        status: 0,
        headers: {},
        body: Buffer.alloc(0),
        raw: Buffer.concat(chunks),
        complete: false,
      };
      resolve({ ...parsed, dataEvents, errorCode });
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const parsed = parse();
      if (parsed === undefined) return;
      if (parsed.body.length > 0) dataEvents++;
      waiters = waiters.filter((waiter) => {
        if (parsed.body.length < waiter.count) return true;
        waiter.resolve(parsed.body);
        return false;
      });
      if (parsed.complete) finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      errorCode = error.code;
    });
    socket.on('close', finish);
  });

  return {
    socket,
    done,
    bodyBytes(count) {
      const parsed = parse();
      if (parsed !== undefined && parsed.body.length >= count) return Promise.resolve(parsed.body);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
  };
}

function decodeChunked(data: Buffer): { body: Buffer; complete: boolean } {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', offset);
    if (lineEnd < 0) return { body: Buffer.concat(parts), complete: false };
    const size = Number.parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
    if (size === 0) return { body: Buffer.concat(parts), complete: true };
    const start = lineEnd + 2;
    const available = data.subarray(start, Math.min(start + size, data.length));
    parts.push(available);
    if (available.length < size) return { body: Buffer.concat(parts), complete: false };
    offset = start + size + 2;
  }
}
