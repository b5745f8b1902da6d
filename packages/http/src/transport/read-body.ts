import type { Readable } from 'node:stream';

/** A body read up to a limit: its text, and whether more was there. */
export interface BoundedBody {
  readonly text: string;
  readonly truncated: boolean;
}

/** A body read up to a limit: its bytes, and whether more was there. */
export interface BoundedBytes {
  readonly bytes: Buffer;
  readonly truncated: boolean;
}

/**
 * Reads a response body as UTF-8 text, at most `maxBytes` of it. A longer body is cut there and the
 * rest is discarded by destroying the stream (which closes the connection instead of draining an
 * unbounded body).
 */
export async function readBody(body: Readable, maxBytes: number): Promise<BoundedBody> {
  const { bytes, truncated } = await readBodyBytes(body, maxBytes);
  return { text: bytes.toString('utf8'), truncated };
}

/** Like {@link readBody}, the bytes as they arrived (joined once, not decoded). */
export function readBodyBytes(body: Readable, maxBytes: number): Promise<BoundedBytes> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (truncated: boolean): void => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
      chunks.length = 0;
      resolve({ bytes, truncated });
    };
    const onData = (chunk: Buffer): void => {
      if (size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        size = maxBytes;
        body.on('error', noop);
        body.destroy();
        finish(true);
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    };
    const onEnd = (): void => finish(false);
    const onError = (error: Error): void => {
      body.off('data', onData);
      body.off('end', onEnd);
      reject(error);
    };
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
  });
}

function noop(): void {}
