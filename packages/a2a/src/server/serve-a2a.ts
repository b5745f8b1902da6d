import type { IncomingMessage, ServerResponse } from 'node:http';
import { type GuardedRequest, observeFailures, startGuardedServer } from '@aigo/http';
import type { Express, Request, Response } from 'express';
import { AGENT_CARD_PATH, buildAgentCard, JSONRPC_PATH, REST_PATH } from './agent-card.js';
import { a2aErrorBody } from './http-error-body.js';
import { inProcessRunStore } from './run-store.js';
import {
  type A2AMessageHandler,
  checkServeOptions,
  type ServableAgent,
  type ServeA2AOptions,
} from './serve-a2a-options.js';
import { cardConformance, restConformance } from './spec-conformance.js';

/** A running A2A server. */
export interface A2AServer {
  /** The base URL: its `/.well-known/agent-card.json` is the agent card. */
  readonly url: string;
  /**
   * Stops the server: no new connections, open ones (streams included) closed, running tasks
   * aborted. Idempotent.
   */
  close(): Promise<void>;
}

/**
 * Serves an aigo agent — any agent of `@aigo/ai`'s `Agent` contract (a `createReAct` agent), or a
 * function of a message — over A2A, with `@a2a-js/sdk`'s request handler: JSON-RPC and HTTP+JSON, A2A
 * 1.0 and (unless `legacy: false`) 0.3. Binds 127.0.0.1 by default (another address needs
 * `authorize` or `allowUnauthenticated`); `port: 0` (the default) picks a free port. Every request
 * passes `@aigo/http`'s guard first: a Host that is not the server's (421: DNS rebinding), a foreign
 * Origin (403), a caller `authorize` refuses (401; the card stays public, and says which scheme to
 * use), a body over `maxBodyBytes` (413), a client too slow to send its request (the connection
 * closed); every error is JSON. The agent card comes from the agent's name, description and tools
 * (as skills): the A2A 1.0 card, unless a request asks for 0.3 (or `legacy: true`). Where the SDK
 * departs from the specification (HTTP+JSON media type, 415), the server follows the specification.
 * Each message runs the agent with the memory of its A2A context (`memory`) under the caller's trace
 * context, the request as `a2a` (the tools' `ctx.a2a`); its events become status updates, artifacts
 * (the answer, media as file parts) — or one message (`replyAs`); a run waiting for decisions
 * becomes `input-required`, and the client's answer resumes it from the run store. A cancelled task
 * aborts its run. A function's reply is a message (no task).
 *
 * @example
 * const server = await serveA2A(createReAct(client, { name: 'researcher', description: 'Finds facts' }), {
 *   memory: inMemoryMemoryStore(),
 * });
 * console.log(`${server.url}/.well-known/agent-card.json`);
 * await server.close();
 *
 * @throws ValidationError (as a rejection) for a bad agent or option; the listen error when the
 *   port cannot be bound.
 */
export async function serveA2A(
  agent: ServableAgent | A2AMessageHandler,
  options?: ServeA2AOptions,
): Promise<A2AServer> {
  const checked = checkServeOptions(agent, options);
  // Loaded here, not at import: an application that only calls remote agents (a2aTools) never
  // loads express or the SDK's server.
  const [
    { DefaultRequestHandler, InMemoryTaskStore },
    sdkExpress,
    { default: express },
    { AigoAgentExecutor },
  ] = await Promise.all([
    import('@a2a-js/sdk/server'),
    import('@a2a-js/sdk/server/express'),
    import('express'),
    import('./aigo-agent-executor.js'),
  ]);
  const { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } = sdkExpress;
  let app: Express | undefined;
  const guarded = await startGuardedServer({
    host: checked.host,
    port: checked.port,
    options: checked.server,
    ownHosts: checked.publicUrl === undefined ? [] : [new URL(checked.publicUrl).host],
    cors: CORS,
    // The card is public: a client reads it to learn how to authenticate.
    isPublic: (request) =>
      request.method === 'GET' && (request.url ?? '').split('?', 1)[0] === AGENT_CARD_PATH,
    challenge: 'Bearer',
    errorBody: a2aErrorBody,
    log: observeFailures(checked.observer, 'serveA2A'),
    handle: (request, response, guard) =>
      app === undefined ? guard.fail(503, 'starting') : serveExpress(app, request, response, guard),
  });
  const url = (checked.publicUrl ?? `http://${hostForUrl(checked.host)}:${guarded.port}`).replace(
    /\/+$/,
    '',
  );
  const tools = typeof agent === 'function' ? [] : agent.toolDescriptions;
  const card = buildAgentCard(url, tools, checked);
  const executor = new AigoAgentExecutor(agent, checked, checked.runStore ?? inProcessRunStore());
  const handler = new DefaultRequestHandler(
    card,
    checked.taskStore ?? new InMemoryTaskStore(),
    executor,
  );
  const legacyCompat = { enabled: checked.legacy };

  const routes = express();
  routes.disable('x-powered-by');
  routes.use(
    AGENT_CARD_PATH,
    cardConformance(new Date(), checked.legacyCard),
    agentCardHandler({ agentCardProvider: handler, legacyCompat }),
  );
  // The caller authorize named (`{ principal }`), as the SDK's user: the agent reads it in ctx.a2a.
  const userBuilder = async (request: Request) => {
    const principal = principals.get(request);
    return principal === undefined ? UserBuilder.noAuthentication() : authenticatedUser(principal);
  };
  routes.use(JSONRPC_PATH, jsonRpcHandler({ requestHandler: handler, userBuilder, legacyCompat }));
  routes.use(
    REST_PATH,
    restConformance(),
    restHandler({ requestHandler: handler, userBuilder, legacyCompat }),
  );
  app = routes;

  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= (async () => {
        executor.close();
        await guarded.close();
      })();
      return closing;
    },
  };
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

// What a browser page on a listed origin may send and read.
const CORS = {
  methods: ['GET', 'POST'],
  headers: [
    'content-type',
    'authorization',
    'a2a-version',
    'a2a-extensions',
    'x-a2a-extensions',
    'traceparent',
    'tracestate',
  ],
  exposeHeaders: ['a2a-version', 'a2a-extensions'],
};

// The principal authorize gave each request, for the SDK's user builder.
const principals = new WeakMap<IncomingMessage, string>();

function authenticatedUser(principal: string): { isAuthenticated: boolean; userName: string } {
  return { isAuthenticated: true, userName: principal };
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

// Why Express (or the SDK's routers) gave up on a request, as the status's plain words.
const CLIENT_ERRORS: Readonly<Record<number, string>> = {
  400: 'bad request',
  404: 'not found',
  405: 'method not allowed',
  413: 'the body is too large',
  415: 'unsupported media type',
};

/**
 * Hands a request that passed the guard to the Express app of the SDK's handlers. The body is read
 * here, within `maxBodyBytes`, and parsed, so the SDK's own JSON parser (its limit fixed at 100 KB)
 * finds it done and steps aside. Express's default handler never answers: what no route takes is a
 * JSON 404, what fails is a JSON error without its stack.
 */
async function serveExpress(
  app: Express,
  request: IncomingMessage,
  response: ServerResponse,
  { readBody, fail, principal }: GuardedRequest,
): Promise<void> {
  if (principal !== undefined) principals.set(request, principal);
  const headers = request.headers;
  if (headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > 0) {
    const raw = await readBody();
    if (raw === undefined) return;
    if (JSON_TYPE.test(headers['content-type'] ?? '')) {
      try {
        (request as IncomingMessage & { body?: unknown }).body = JSON.parse(raw.toString('utf8'));
      } catch {
        return fail(400, 'Invalid JSON payload.', { code: -32700 });
      }
    }
  }
  // Express takes node's request and response and makes them its own (its types say its own).
  app(request as Request, response as Response, (error?: unknown) => {
    if (error === undefined) return fail(404, 'not found');
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && CLIENT_ERRORS[status] !== undefined) {
      return fail(status, CLIENT_ERRORS[status] as string);
    }
    fail(500, 'internal error', { cause: error instanceof Error ? error.name : typeof error });
  });
}
