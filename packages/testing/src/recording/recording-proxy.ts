import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ValidationError } from '@aigo/ai';
import { readRecordedRequest } from '../server/read-request.js';
import { sendRouteResponse } from '../server/send-route-response.js';
import { forwardRequest } from './forward-request.js';
import { requestKey } from './recording-key.js';
import { RecordingReplayer, sendReplayMiss } from './recording-routes.js';
import { exchangeName, readRecordingIndex, storeExchange } from './recording-store.js';

/** Options of `startRecordingProxy`. */
export interface RecordingProxyOptions {
  /** The recording folder: read at start, and written to as exchanges are recorded. */
  readonly directory: string;
  /**
   * `record-through` (the default): a request the recording has answers from it, any other goes
   * to its upstream once and is recorded. `replay`: nothing is forwarded; a request the recording
   * lacks gets a 404 naming it (no API key or network needed).
   */
  readonly mode?: 'record-through' | 'replay';
  /** Upstreams by name: a request to `/NAME/rest` goes to `UPSTREAM/rest` (see `addUpstream`). */
  readonly upstreams?: Readonly<Record<string, string>>;
}

/** A request the recording could not answer (replay mode, or an unknown upstream). */
export interface RecordingMiss {
  readonly method: string;
  readonly path: string;
  readonly message: string;
}

/** A running recording proxy. `await using proxy = await startRecordingProxy(...)` closes it. */
export interface RecordingProxy extends AsyncDisposable {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly mode: 'record-through' | 'replay';
  readonly directory: string;
  /**
   * Routes requests under `/name/` to `upstream` (an http(s) URL with any base path, such as
   * `https://api.openai.com/v1`) and returns the base URL to give a provider instead of the
   * upstream: `${url}/${name}`. In replay mode the upstream is never called.
   *
   * @throws ValidationError for a bad name or URL, or a name already bound to another upstream.
   */
  addUpstream(name: string, upstream: string): string;
  /** Requests answered from the recording so far. */
  readonly replayed: number;
  /** Exchanges forwarded and recorded so far. */
  readonly recorded: number;
  /** Requests answered with an error because nothing could answer them. */
  readonly misses: readonly RecordingMiss[];
  /** Closes the server and its connections once every exchange in progress is written. */
  close(): Promise<void>;
}

const UPSTREAM_NAME = /^[\w.-]{1,100}$/;

/**
 * Starts a local proxy on 127.0.0.1 that records a provider's traffic once and replays it ever
 * after: each request is answered from the recording folder when it holds that request (same
 * method, path, public query and body; the n-th identical request gets the n-th recorded answer),
 * else forwarded to its upstream — the answer streamed back as it arrives — and stored in the
 * fixture format the recorded server replays (`recordingRoutes`, `fixtureRoute`). Request headers
 * (the API key) are forwarded but never stored; credential-like query parameters neither stored
 * nor matched on; transient answers (408, 429, 5xx) passed on but not stored.
 *
 * @example
 * await using proxy = await startRecordingProxy({ directory: 'recordings/support' });
 * const provider = openai({ baseURL: proxy.addUpstream('openai', 'https://api.openai.com/v1') });
 *
 * @throws ValidationError for bad options or a malformed recording index.
 */
export async function startRecordingProxy(options: RecordingProxyOptions): Promise<RecordingProxy> {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object with a directory');
  }
  for (const key of Object.keys(options)) {
    if (!['directory', 'mode', 'upstreams'].includes(key)) {
      throw new ValidationError(`options.${key}`, 'is not an option of startRecordingProxy');
    }
  }
  const { directory, mode = 'record-through' } = options;
  if (typeof directory !== 'string' || directory === '') {
    throw new ValidationError('options.directory', 'must be the path of a recording folder');
  }
  if (mode !== 'record-through' && mode !== 'replay') {
    throw new ValidationError('options.mode', "must be 'record-through' or 'replay'");
  }
  const existing = readRecordingIndex(directory);
  const replayer = new RecordingReplayer(directory, existing);
  const upstreams = new Map<string, URL>();
  const misses: RecordingMiss[] = [];
  const sockets = new Set<Socket>();
  let sequence = existing.length;
  let replayed = 0;
  let recorded = 0;
  let writes: Promise<void> = Promise.resolve();

  const addUpstream = (name: string, upstream: string): URL => {
    if (typeof name !== 'string' || !UPSTREAM_NAME.test(name)) {
      throw new ValidationError('name', 'must be 1-100 letters, digits, ".", "_" or "-"');
    }
    let url: URL;
    try {
      url = new URL(upstream);
    } catch (error) {
      throw new ValidationError('upstream', 'must be an http(s) URL', { cause: error });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ValidationError('upstream', 'must be an http(s) URL');
    }
    url.pathname = url.pathname.replace(/\/+$/, '');
    url.search = '';
    url.hash = '';
    const bound = upstreams.get(name);
    if (bound !== undefined && bound.href !== url.href) {
      throw new ValidationError('name', `"${name}" already routes to ${bound.href}`);
    }
    upstreams.set(name, url);
    return url;
  };
  for (const [name, upstream] of Object.entries(options.upstreams ?? {})) {
    addUpstream(name, upstream);
  }

  const miss = (response: ServerResponse, method: string, path: string, message: string) => {
    misses.push({ method, path, message });
    sendReplayMiss(response, message);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const recordedRequest = await readRecordedRequest(request);
    const key = requestKey(recordedRequest);
    const exchange = replayer.next(key);
    if (exchange !== undefined) {
      replayed++;
      sendRouteResponse(replayer.routeOf(exchange), response);
      return;
    }
    const { method, path } = recordedRequest;
    if (mode === 'replay') {
      miss(response, method, path, replayer.missMessage(method, path, key));
      return;
    }
    const [, name = '', ...rest] = path.split('/');
    const upstream = upstreams.get(name);
    if (upstream === undefined) {
      miss(response, method, path, `no recording for ${method} ${path}, and no upstream "${name}"`);
      return;
    }
    const target = new URL(upstream.href);
    target.pathname = `${upstream.pathname.replace(/\/+$/, '')}/${rest.join('/')}`;
    target.search = new URL(request.url ?? '/', 'http://127.0.0.1').search;
    await forwardRequest(recordedRequest, target, key, response, (exchange) => {
      const write = writes.then(async () => {
        sequence++;
        const stored = await storeExchange(directory, exchangeName(sequence, path), exchange);
        replayer.add(stored);
        replayer.skip(key);
        recorded++;
      });
      writes = write.catch(() => undefined);
      return write;
    });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        const message = error instanceof Error ? error.message : String(error);
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `recording proxy: ${message}` } }));
      } else if (!response.writableEnded) {
        response.destroy();
      }
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await writes;
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await closed;
    })();
    return closing;
  };

  return {
    url,
    mode,
    directory,
    addUpstream(name, upstream) {
      addUpstream(name, upstream);
      return `${url}/${name}`;
    },
    get replayed() {
      return replayed;
    },
    get recorded() {
      return recorded;
    },
    misses,
    close,
    [Symbol.asyncDispose]: close,
  };
}
