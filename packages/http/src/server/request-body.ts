import type { IncomingMessage } from 'node:http';

/** What reading a request's body gave. */
export type RequestBody =
  | { readonly kind: 'body'; readonly body: Buffer }
  /**
   * Longer than the limit, declared so or found so while arriving. Nothing past the limit is kept;
   * the rest is read and dropped, so a client still sending gets to read the answer. `drained`:
   * the body has ended (else it stalled while being dropped).
   */
  | { readonly kind: 'too_large'; readonly drained: boolean }
  /** No byte arrived for the idle time. */
  | { readonly kind: 'stalled' }
  /** The client went away, or the stream failed. */
  | { readonly kind: 'aborted' };

/** Limits of {@link readRequestBody}. */
export interface ReadRequestBodyLimits {
  /** The largest body, in bytes. */
  readonly maxBytes: number;
  /** The longest pause between two pieces of the body, in milliseconds. */
  readonly idleTimeoutMs: number;
}

/**
 * Reads a request's body into memory, at most `maxBytes` of it: past the limit (or a declared
 * `Content-Length` over it) nothing more is kept and the rest is dropped as it arrives, until the
 * body ends. A body that pauses longer than `idleTimeoutMs` ends the read.
 */
export function readRequestBody(
  request: IncomingMessage,
  limits: ReadRequestBodyLimits,
): Promise<RequestBody> {
  if (request.readableEnded) return Promise.resolve({ kind: 'body', body: Buffer.alloc(0) });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(request.headers['content-length']) > limits.maxBytes;
    const finish = (result: RequestBody): void => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onAborted);
      request.off('close', onAborted);
      if (result.kind !== 'body') request.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      timer.refresh();
      if (tooLarge) return;
      size += chunk.length;
      if (size > limits.maxBytes) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void =>
      finish(
        tooLarge
          ? { kind: 'too_large', drained: true }
          : {
              kind: 'body',
              body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size),
            },
      );
    const onAborted = (): void => finish({ kind: 'aborted' });
    const timer = setTimeout(
      () => finish(tooLarge ? { kind: 'too_large', drained: false } : { kind: 'stalled' }),
      limits.idleTimeoutMs,
    );
    timer.unref();
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onAborted);
    request.on('close', onAborted);
  });
}
