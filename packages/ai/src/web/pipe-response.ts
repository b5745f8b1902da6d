import { AbortError } from '../errors/interruption-errors.js';
import { ValidationError } from '../errors/validation-error.js';

/**
 * What `pipeResponse` writes to: the parts of Node's `http.ServerResponse` it uses. Express's `res`
 * and Fastify's `reply.raw` are `ServerResponse`s; nothing here imports `node:http`.
 */
export interface NodeServerResponse {
  statusCode: number;
  statusMessage: string;
  readonly headersSent: boolean;
  readonly writableEnded: boolean;
  readonly destroyed: boolean;
  setHeader(name: string, value: string | string[]): unknown;
  flushHeaders(): void;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  destroy(error?: Error): unknown;
  once(event: 'close' | 'drain', listener: () => void): unknown;
  off(event: 'close' | 'drain', listener: () => void): unknown;
}

/** Options of `pipeResponse`. */
export interface PipeResponseOptions {
  /** Aborting it stops the response: the body is cancelled and the connection closed. */
  readonly signal?: AbortSignal;
}

/**
 * Sends a web `Response` (`toSSEResponse`, `toTextResponse`, any other) through Node's
 * `http.ServerResponse`: status, headers (sent at once, so the client sees the stream open), then the
 * body chunk by chunk, waiting for `drain` when the socket is full.
 *
 * When the client disconnects (the response's `close` before it ended: the dependable signal, where
 * the request's `close` also fires once its body is read), the body is cancelled, which cancels the
 * model call or aborts the agent run behind it. A body that fails (a text stream whose model call
 * failed) destroys the response, so the client sees it cut short rather than complete.
 *
 * Resolves once the response ended, was cut or the client left; it rejects only for bad arguments,
 * so a server's handler can `await` it without a `catch`.
 *
 * @param response - The `Response` to send; its body is consumed.
 * @param res - Node's `ServerResponse` (Express `res`, Fastify `reply.raw`), headers not sent yet.
 * @param options - `signal` to stop sending.
 * @throws ValidationError naming `response`, `res` or `options` (as a rejection).
 */
export async function pipeResponse(
  response: Response,
  res: NodeServerResponse,
  options: PipeResponseOptions = {},
): Promise<void> {
  if (!isResponse(response)) {
    throw new ValidationError('response', 'must be a Response (toSSEResponse, toTextResponse)');
  }
  if (
    res === null ||
    typeof res !== 'object' ||
    typeof res.write !== 'function' ||
    typeof res.once !== 'function'
  ) {
    throw new ValidationError('res', "must be Node's http.ServerResponse");
  }
  if (res.headersSent) throw new ValidationError('res', 'has already sent its headers');
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  const signal = options.signal;
  if (
    signal !== undefined &&
    (signal === null || typeof signal !== 'object' || typeof signal.addEventListener !== 'function')
  ) {
    throw new ValidationError('options.signal', 'must be an AbortSignal');
  }
  if (response.bodyUsed) throw new ValidationError('response', 'has a body already read');

  res.statusCode = response.status;
  if (response.statusText !== '') res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  const cookies =
    typeof response.headers.getSetCookie === 'function' ? response.headers.getSetCookie() : [];
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);

  const body = response.body;
  if (body === null) {
    res.end();
    return;
  }
  const reader = body.getReader();
  let stopped = false;
  let wake: (() => void) | undefined;
  const stop = (reason: unknown): void => {
    if (stopped) return;
    stopped = true;
    reader.cancel(reason).catch(() => undefined);
    wake?.();
  };
  const onClose = (): void => {
    if (!res.writableEnded) stop(new AbortError('The client disconnected'));
  };
  const onAbort = (): void => {
    stop(AbortError.fromSignal(signal as AbortSignal));
    res.destroy();
  };
  res.once('close', onClose);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (signal?.aborted === true) onAbort();
    else if (res.destroyed) onClose();
    else res.flushHeaders();
    while (!stopped) {
      const { done, value } = await reader.read();
      if (stopped) return;
      if (done) {
        res.end();
        return;
      }
      if (!res.write(value)) await drained(res, (resume) => (wake = resume));
    }
  } catch {
    // The body failed: cut the response so the client does not take it for complete.
    if (!stopped) {
      stopped = true;
      res.destroy();
    }
  } finally {
    wake = undefined;
    res.off('close', onClose);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Resolves on `drain`, or when the piping stops (`setWake` hands over the resolver). */
function drained(res: NodeServerResponse, setWake: (resume: () => void) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    const resume = (): void => {
      res.off('drain', resume);
      resolve();
    };
    res.once('drain', resume);
    setWake(resume);
  });
}

/**
 * Whether `value` is a fetch `Response`: by its shape, so one made by another copy of undici (or a
 * framework's own) is accepted too.
 */
function isResponse(value: unknown): value is Response {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Partial<Response>;
  return (
    typeof candidate.status === 'number' &&
    typeof candidate.headers?.get === 'function' &&
    'body' in candidate
  );
}
