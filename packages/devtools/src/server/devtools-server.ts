import type { IncomingMessage, ServerResponse } from 'node:http';
import { ValidationError } from '@aigo/ai';
import {
  type GuardedRequest,
  type RequestFailure,
  type ResolvedServerOptions,
  startGuardedServer,
} from '@aigo/http';
import type { RunDetail } from '../model/run-model.js';
import type { RunRecorder } from '../model/run-recorder.js';
import { describeRun, summarizeRun } from '../model/run-summary.js';
import type { RunResumer } from '../resume/run-resumer.js';
import { TOKEN_HEADER } from './access-token.js';
import { ASSET_TYPES } from './asset-files.js';
import { EventHub } from './event-hub.js';
import { pageHtml, SECURITY_HEADERS } from './page-html.js';
import { changesState, tokenAuthorize } from './request-guard.js';

/** What {@link startDevtoolsServer} serves. */
export interface DevtoolsServerSettings {
  readonly recorder: RunRecorder;
  readonly token: string;
  /** 0: a free port. */
  readonly port: number;
  readonly assets: ReadonlyMap<string, Buffer>;
  /** Resumes suspended runs (approve / refuse); unset: the page is read-only. */
  readonly resumer: RunResumer | undefined;
  readonly now: () => number;
  /** Hosts, origins, body limit and timeouts (`authorize` is the token's). */
  readonly server: ResolvedServerOptions;
  /** Told once of each refused or failed request. */
  readonly log: ((failure: RequestFailure) => void) | undefined;
}

/** A running devtools server. */
export interface DevtoolsServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Starts the devtools' `node:http` server on 127.0.0.1 — never another interface. Routes: `/` (the
 * page), `/assets/*` (its script and stylesheet), `/api/runs` (the runs list, newest first),
 * `/api/runs/:id` (one run), `/api/events` (server-sent events: `run`, `removed`) and `POST
 * /api/runs/:id/decisions` (approve / refuse a suspended run). Every request is checked first by
 * `@aigo/http`'s guard: its Host (421), its Origin (403; a POST without one too), the token (401),
 * the body's size (413) and how long it takes to arrive. Every error answer is JSON.
 *
 * @throws ValidationError naming `options.port` when the port cannot be listened on.
 */
export async function startDevtoolsServer(
  settings: DevtoolsServerSettings,
): Promise<DevtoolsServer> {
  const { recorder, token } = settings;
  const detail = (id: string): RunDetail | undefined => {
    const run = recorder.run(id);
    return run === undefined
      ? undefined
      : describeRun(run, settings.now(), {
          captureContent: recorder.captureContent,
          canResume: settings.resumer !== undefined,
          ...(settings.resumer === undefined ? {} : { decided: settings.resumer.decided }),
        });
  };
  const hub = new EventHub((runId) => {
    const run = recorder.run(runId);
    return run === undefined
      ? undefined
      : { type: 'run', run: summarizeRun(run, settings.now()).summary };
  });
  const stopListening = recorder.listen((runId, removed) => hub.changed(runId, removed));

  const handle = async (
    request: IncomingMessage,
    response: ServerResponse,
    { readBody, fail }: GuardedRequest,
  ): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const method = request.method ?? 'GET';
    if (method === 'GET' || method === 'HEAD') {
      if (path === '/') {
        return send(response, 200, 'text/html; charset=utf-8', pageHtml(token));
      }
      if (path.startsWith('/assets/')) {
        const name = path.slice('/assets/'.length);
        const body = settings.assets.get(name);
        const type = ASSET_TYPES[name];
        return body === undefined || type === undefined
          ? fail(404, 'not found')
          : send(response, 200, type, body);
      }
      if (path === '/api/runs') {
        const now = settings.now();
        const runs = recorder
          .runs()
          .reverse()
          .map((run) => summarizeRun(run, now).summary);
        return json(response, 200, runs);
      }
      if (path === '/api/events') {
        hub.open(response, SECURITY_HEADERS);
        return;
      }
      const match = /^\/api\/runs\/([\w-]+)$/.exec(path);
      if (match !== null) {
        const found = detail(match[1] as string);
        return found === undefined ? fail(404, 'no such run') : json(response, 200, found);
      }
      return fail(404, 'not found');
    }
    const decision = /^\/api\/runs\/([\w-]+)\/decisions$/.exec(path);
    if (method === 'POST' && decision !== null) {
      const resumer = settings.resumer;
      if (resumer === undefined) {
        return fail(
          409,
          'read-only: devtools() was given no runStore and agents to resume runs with',
        );
      }
      const raw = await readBody();
      if (raw === undefined) return;
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return fail(400, 'the body must be JSON');
      }
      const outcome = await resumer.decide(decision[1] as string, body);
      return outcome.ok ? json(response, 202, outcome) : fail(outcome.status, outcome.problem);
    }
    return fail(405, 'method not allowed');
  };

  let guarded: Awaited<ReturnType<typeof startGuardedServer>>;
  try {
    guarded = await startGuardedServer({
      host: '127.0.0.1',
      port: settings.port,
      options: { ...settings.server, authorize: tokenAuthorize(token) },
      cors: { methods: ['GET', 'POST'], headers: ['content-type', TOKEN_HEADER] },
      requireOrigin: changesState,
      unauthorizedMessage: `a valid devtools token is required (in the address, or the ${TOKEN_HEADER} header)`,
      headers: SECURITY_HEADERS,
      errorBody: (failure) => ({ error: failure.message }),
      log: settings.log,
      handle,
    });
  } catch (error) {
    stopListening();
    throw new ValidationError(
      'options.port',
      `cannot listen on 127.0.0.1:${settings.port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      { cause: error },
    );
  }
  let closing: Promise<void> | undefined;
  return {
    port: guarded.port,
    close() {
      closing ??= (async () => {
        stopListening();
        hub.closeAll();
        await guarded.close();
      })();
      return closing;
    },
  };
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type });
  response.end(body);
}

function json(response: ServerResponse, status: number, value: unknown): void {
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));
}
