import { connect } from 'node:net';

/** What a server sent back on a raw connection before it closed it. */
export interface RawHttpExchange {
  /** Everything the server wrote, as text (latin1, byte for byte). */
  readonly text: string;
  /** The status code of the first response line, when there was one. */
  readonly status: number | undefined;
  /** The body of the first response (what follows the first blank line). */
  readonly body: string;
}

/** Options of {@link rawHttpExchange}. */
export interface RawHttpExchangeOptions {
  /** The address to connect to. Default `127.0.0.1`. */
  readonly host?: string;
  /** Aborting destroys the connection and rejects. */
  readonly signal?: AbortSignal;
}

/**
 * Opens a TCP connection to a server, writes `bytes` exactly as given — half a header, a body that
 * stops in the middle, a malformed request line — and then writes nothing more: it resolves when
 * the server closes the connection, with everything the server sent. What a hostile or stalled
 * client does, without a timer: the test waits for the server's own timeouts (set small) to act.
 *
 * @example
 * const { status } = await rawHttpExchange(port, `POST /x HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
 * expect(status).toBe(408); // headers that never end: closed after the server's headers timeout
 */
export function rawHttpExchange(
  port: number,
  bytes: string | Uint8Array,
  options: RawHttpExchangeOptions = {},
): Promise<RawHttpExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: options.host ?? '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const onAbort = (): void => {
      socket.destroy();
      reject(options.signal?.reason);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after the server's answer still ends the exchange: what was received is the answer.
    socket.on('error', () => {});
    socket.on('close', () => {
      options.signal?.removeEventListener('abort', onAbort);
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      const split = text.indexOf('\r\n\r\n');
      resolve({
        text,
        status: status === undefined ? undefined : Number(status),
        body: split === -1 ? '' : text.slice(split + 4),
      });
    });
    socket.write(bytes);
  });
}
