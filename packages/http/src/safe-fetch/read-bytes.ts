import type { Readable } from 'node:stream';

/** A body read up to a limit. */
export interface BoundedBytes {
  readonly bytes: Buffer;
  /** True when the body was longer than the limit (the rest was not read). */
  readonly truncated: boolean;
}

/**
 * Reads a response body as bytes, at most `maxBytes` of it. A longer body stops being read at the
 * limit and the stream is destroyed, so an endless body costs no more than the limit.
 */
export function readBytes(body: Readable, maxBytes: number): Promise<BoundedBytes> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
    };
    const onData = (chunk: Buffer): void => {
      if (size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        size = maxBytes;
        cleanup();
        body.on('error', noop);
        body.destroy();
        resolve({ bytes: Buffer.concat(chunks, size), truncated: true });
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    };
    const onEnd = (): void => {
      cleanup();
      resolve({ bytes: Buffer.concat(chunks, size), truncated: false });
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
  });
}

function noop(): void {}
