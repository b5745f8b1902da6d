import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { buildAgentCard, JSONRPC_PATH, REST_PATH } from './agent-card.js';
import { inProcessRunStore } from './run-store.js';
import {
  type A2AMessageHandler,
  checkServeOptions,
  type ServableAgent,
  type ServeA2AOptions,
} from './serve-a2a-options.js';

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

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Serves an aigo agent — any agent of `@aigo/ai`'s `Agent` contract (a `createReAct` agent), or a
 * function of a message — over A2A, with `@a2a-js/sdk`'s request handler: JSON-RPC and HTTP+JSON, A2A
 * 1.0 and (unless `legacy: false`) 0.3. Binds 127.0.0.1 by default; `port: 0` (the default) picks a
 * free port. The agent card comes from the agent's name, description and tools (as skills). Each
 * message runs the agent with the memory of its A2A context (`memory`) under the caller's trace
 * context; its events become status updates and the `answer` artifact; a run waiting for decisions
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
  const server = createServer();
  const address = await listen(server, checked.port, checked.host);
  const url = (checked.publicUrl ?? `http://${hostForUrl(checked.host)}:${address.port}`).replace(
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

  const app = express();
  app.disable('x-powered-by');
  app.use(
    '/.well-known/agent-card.json',
    agentCardHandler({ agentCardProvider: handler, legacyCompat }),
  );
  const authorize = checked.authorize;
  if (authorize !== undefined) {
    app.use((request: Request, response: Response, next: NextFunction) => {
      Promise.resolve()
        .then(() => authorize(request.headers))
        .then(
          (allowed) => (allowed ? next() : response.status(401).json({ error: 'unauthorized' })),
          () => response.status(401).json({ error: 'unauthorized' }),
        );
    });
  }
  const userBuilder = UserBuilder.noAuthentication;
  app.use(JSONRPC_PATH, jsonRpcHandler({ requestHandler: handler, userBuilder, legacyCompat }));
  app.use(REST_PATH, restHandler({ requestHandler: handler, userBuilder, legacyCompat }));
  server.on('request', app);

  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= new Promise<void>((resolve) => {
        executor.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
