import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { ValidationError } from '@aigo/ai';
import { fixtureRoute } from '../server/fixture-route.js';
import type { RecordedRequest, RecordedRoute } from '../server/recorded-route.js';
import { sendRouteResponse } from '../server/send-route-response.js';
import { requestKey } from './recording-key.js';
import { type RecordedExchange, readRecordingIndex } from './recording-store.js';

/** What a recording answers a request with, or why it cannot. */
export type ReplayLookup =
  | { readonly found: true; readonly route: RecordedRoute }
  | { readonly found: false; readonly message: string };

/**
 * The replaying half of a recording folder: finds the exchange recorded for a request. Requests are
 * matched on method, path, public query and canonical body; the n-th request with the same key
 * gets the n-th exchange recorded with it, so repeated identical calls (trials of one case) replay
 * in the order they were recorded.
 */
export class RecordingReplayer {
  readonly #directory: string;
  readonly #byKey = new Map<string, RecordedExchange[]>();
  readonly #served = new Map<string, number>();
  readonly #routes = new Map<string, RecordedRoute>();

  constructor(directory: string, exchanges: readonly RecordedExchange[]) {
    this.#directory = directory;
    for (const exchange of exchanges) this.add(exchange);
  }

  /** Adds an exchange (one just recorded) as the next occurrence of its key. */
  add(exchange: RecordedExchange): void {
    const list = this.#byKey.get(exchange.key);
    if (list === undefined) this.#byKey.set(exchange.key, [exchange]);
    else list.push(exchange);
  }

  /**
   * Takes the next recorded occurrence of `key`. `undefined` when every recorded occurrence was
   * served (the caller forwards, or answers 404).
   */
  next(key: string): RecordedExchange | undefined {
    const served = this.#served.get(key) ?? 0;
    const exchange = this.#byKey.get(key)?.[served];
    if (exchange !== undefined) this.#served.set(key, served + 1);
    return exchange;
  }

  /** Counts a request with `key` that was answered some other way (forwarded and recorded). */
  skip(key: string): void {
    this.#served.set(key, (this.#served.get(key) ?? 0) + 1);
  }

  /** The route that replays `exchange` (its files read once). */
  routeOf(exchange: RecordedExchange): RecordedRoute {
    let route = this.#routes.get(exchange.name);
    if (route === undefined) {
      route = fixtureRoute({
        path: exchange.path,
        method: exchange.method,
        fixture: join(this.#directory, exchange.body),
        status: exchange.status,
      });
      this.#routes.set(exchange.name, route);
    }
    return route;
  }

  /** Looks a request up: the route of its next recorded occurrence, or a message saying why none. */
  lookup(request: RecordedRequest): ReplayLookup {
    const key = requestKey(request);
    const exchange = this.next(key);
    if (exchange !== undefined) return { found: true, route: this.routeOf(exchange) };
    return { found: false, message: this.missMessage(request.method, request.path, key) };
  }

  /** Why a request with `key` has no recorded answer left. */
  missMessage(method: string, path: string, key: string): string {
    const recorded = this.#byKey.get(key)?.length ?? 0;
    return recorded === 0
      ? `no recording for ${method} ${path} with this body (key ${key})`
      : `${method} ${path} with this body was recorded ${recorded} time(s) and all were replayed (key ${key})`;
  }
}

/** Answers a request the recording has no exchange for: 404 with the reason, as JSON. */
export function sendReplayMiss(response: ServerResponse, message: string): void {
  response.writeHead(404, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message, type: 'not_found', code: 'no_recording' } }));
}

/**
 * Routes for `startRecordedServer` that replay a recording folder written by
 * `startRecordingProxy`: one route per HTTP method recorded, matching any path, each request
 * answered by the exchange recorded for it (see `RecordingReplayer`) and a request the recording
 * lacks by a 404 naming it. Each call makes routes with their own count of what was served.
 *
 * @example
 * const server = await startRecordedServer(recordingRoutes('test/fixtures/recordings/support'));
 *
 * @throws ValidationError for an empty `directory` or a malformed index.
 */
export function recordingRoutes(directory: string): RecordedRoute[] {
  if (typeof directory !== 'string' || directory === '') {
    throw new ValidationError('directory', 'must be the path of a recording folder');
  }
  const exchanges = readRecordingIndex(directory);
  const replayer = new RecordingReplayer(directory, exchanges);
  const methods = new Set(exchanges.map((exchange) => exchange.method.toUpperCase()));
  if (methods.size === 0) methods.add('POST');
  return [...methods].map((method) => ({
    method,
    path: /^\//,
    respond: (request: RecordedRequest, response: ServerResponse) => {
      const found = replayer.lookup(request);
      if (found.found) sendRouteResponse(found.route, response);
      else sendReplayMiss(response, found.message);
    },
  }));
}
