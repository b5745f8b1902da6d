import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ValidationError } from '@aigo/ai';
import type { RunDetail } from '../model/run-model.js';
import type { RunRecorder } from '../model/run-recorder.js';
import { describeRun, summarizeRun } from '../model/run-summary.js';
import type { RunResumer } from '../resume/run-resumer.js';
import { ASSET_TYPES } from './asset-files.js';
import { EventHub } from './event-hub.js';
import { pageHtml, SECURITY_HEADERS } from './page-html.js';
import { checkRequest } from './request-guard.js';

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
}

/** A running devtools server. */
export interface DevtoolsServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Largest request body read, in bytes (decisions are small JSON objects). */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Starts the devtools' `node:http` server on 127.0.0.1 — never another interface. Routes: `/` (the
 * page), `/assets/*` (its script and stylesheet), `/api/runs` (the runs list, newest first),
 * `/api/runs/:id` (one run), `/api/events` (server-sent events: `run`, `removed`) and `POST
 * /api/runs/:id/decisions` (approve / refuse a suspended run). Every request is checked by
 * `checkRequest` (host, token, origin).
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
  let port = settings.port;

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const refusal = checkRequest(request, url, token, port);
    if (refusal !== undefined) {
      request.resume();
      return text(response, refusal.status, refusal.message);
    }
    const path = url.pathname;
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
          ? text(response, 404, 'not found')
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
        return found === undefined
          ? text(response, 404, 'no such run')
          : json(response, 200, found);
      }
      return text(response, 404, 'not found');
    }
    const decision = /^\/api\/runs\/([\w-]+)\/decisions$/.exec(path);
    if (method === 'POST' && decision !== null) {
      const resumer = settings.resumer;
      if (resumer === undefined) {
        request.resume();
        return text(
          response,
          409,
          'read-only: devtools() was given no runStore and agents to resume runs with',
        );
      }
      let body: unknown;
      try {
        body = JSON.parse(await readBody(request));
      } catch {
        return text(response, 400, 'the body must be JSON of at most 64 KiB');
      }
      const outcome = await resumer.decide(decision[1] as string, body);
      return outcome.ok
        ? json(response, 202, outcome)
        : text(response, outcome.status, outcome.problem);
    }
    request.resume();
    return text(response, 405, 'method not allowed');
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        text(response, 500, error instanceof Error ? error.message : 'internal error');
      } else {
        response.destroy();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      stopListening();
      reject(
        new ValidationError(
          'options.port',
          `cannot listen on 127.0.0.1:${settings.port}: ${error.code ?? error.message}`,
          { cause: error },
        ),
      );
    };
    server.once('error', onError);
    server.listen(settings.port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        stopListening();
        hub.closeAll();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type });
  response.end(body);
}

function text(response: ServerResponse, status: number, message: string): void {
  send(response, status, 'text/plain; charset=utf-8', `${message}\n`);
}

function json(response: ServerResponse, status: number, value: unknown): void {
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
