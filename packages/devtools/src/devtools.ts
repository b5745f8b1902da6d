import { type Observer, throwIfAborted } from '@aigo/ai';
import { type DevtoolsOptions, resolveDevtoolsOptions } from './devtools-options.js';
import { RunRecorder } from './model/run-recorder.js';
import { RunResumer } from './resume/run-resumer.js';
import { createAccessToken } from './server/access-token.js';
import { loadAssets } from './server/asset-files.js';
import { startDevtoolsServer } from './server/devtools-server.js';

/** The observer `devtools()` returns: record into it, open `url`, `close()` when done. */
export interface DevtoolsObserver extends Observer {
  /** The page's address, token included: `http://127.0.0.1:<port>/?token=…`. */
  readonly url: string;
  /** The port the server listens on (127.0.0.1). */
  readonly port: number;
  /** Stops the server and closes open pages' event streams. Safe to call twice. */
  close(): Promise<void>;
}

class Devtools extends RunRecorder implements DevtoolsObserver {
  url = '';
  port = 0;
  #close: () => Promise<void> = async () => {};

  attach(url: string, port: number, close: () => Promise<void>): void {
    this.url = url;
    this.port = port;
    this.#close = close;
  }

  close(): Promise<void> {
    return this.#close();
  }
}

/**
 * Starts the aigo devtools: a local web page, live, of every agent run, graph run and client call
 * the returned observer sees — the runs list, each run's span waterfall, its cost by model, tool
 * and compute (the overview's figures), and graph runs drawn as they run.
 *
 * The server listens on 127.0.0.1 only, on a free port (or `port`), and answers only requests that
 * carry its random token (`url` has it), name it in their Host (or `allowedHosts`) and come from
 * its own page (or `allowedOrigins`); bodies past `maxBodyBytes` and clients too slow to send a
 * request are refused. The address is printed to standard error unless `print: false`, and so is a
 * line for each refused request.
 * Nothing starts unless the application calls this, and it refuses to start under
 * `NODE_ENV=production` unless `force: true`. Message content is kept only with
 * `captureContent: true`. With `runStore` and `agents`, a suspended run's approvals can be approved
 * or refused from the page, which resumes the run (`agent.resume`); otherwise they are read-only.
 *
 * @example
 * const tools = await devtools();
 * const client = createClient(openai(), { observer: combineObservers(tools, otel) });
 * // … runs show up at tools.url …
 * await tools.close();
 *
 * @throws ValidationError for bad options, under `NODE_ENV=production` without `force`, or when
 *   the port cannot be listened on; AbortError when `signal` is already aborted.
 */
export async function devtools(options: DevtoolsOptions = {}): Promise<DevtoolsObserver> {
  const resolved = resolveDevtoolsOptions(options);
  throwIfAborted(resolved.signal);
  const now = (): number => performance.timeOrigin + performance.now();
  const observer = new Devtools({
    maxRuns: resolved.maxRuns,
    maxSpansPerRun: resolved.maxSpansPerRun,
    maxEventsPerSpan: 1000,
    captureContent: resolved.captureContent,
    now,
  });
  const token = createAccessToken();
  const server = await startDevtoolsServer({
    recorder: observer,
    token,
    port: resolved.port,
    assets: await loadAssets(),
    resumer:
      resolved.resume === undefined
        ? undefined
        : new RunResumer(observer, resolved.resume.runStore, resolved.resume.agents),
    now,
    server: resolved.server,
    log:
      resolved.print === false
        ? undefined
        : (failure) =>
            (resolved.print as (line: string) => void)(
              `aigo devtools: ${failure.status} ${failure.method} ${failure.path}: ${failure.message}`,
            ),
  });
  const url = `http://127.0.0.1:${server.port}/?token=${token}`;
  const signal = resolved.signal;
  const onAbort = (): void => {
    void server.close();
  };
  observer.attach(url, server.port, async () => {
    signal?.removeEventListener('abort', onAbort);
    await server.close();
  });
  if (signal !== undefined) {
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  }
  if (resolved.print !== false) resolved.print(`aigo devtools: ${url}`);
  return observer;
}
