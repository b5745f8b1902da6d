// An A2A agent server built directly with the SDK's server classes, for testing a2aTools against an
// implementation this package did not write.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentCard } from '@a2a-js/sdk';
import { type AgentExecutor, DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import {
  agentCardHandler,
  jsonRpcHandler,
  restHandler,
  UserBuilder,
} from '@a2a-js/sdk/server/express';
import express from 'express';

/** A running SDK server and what it saw. */
export interface SdkServer {
  readonly url: string;
  readonly card: AgentCard;
  /** The headers of every request, in order, with its path. */
  readonly requests: { readonly path: string; readonly headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** Options of the test server. */
export interface SdkServerOptions {
  readonly streaming?: boolean;
  readonly skills?: AgentCard['skills'];
  /** Serve only HTTP+JSON (REST). */
  readonly restOnly?: boolean;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/** Starts an A2A 1.0 server on 127.0.0.1 running `executor`. */
export async function startSdkServer(
  executor: AgentExecutor,
  options: SdkServerOptions = {},
): Promise<SdkServer> {
  const server = createServer();
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}`;
  const card: AgentCard = {
    name: 'Weather Agent',
    description: 'Knows the weather',
    supportedInterfaces: [
      ...(options.restOnly
        ? []
        : [
            {
              url: `${url}/jsonrpc`,
              protocolBinding: 'JSONRPC',
              tenant: '',
              protocolVersion: '1.0',
            },
          ]),
      { url: `${url}/rest`, protocolBinding: 'HTTP+JSON', tenant: '', protocolVersion: '1.0' },
    ],
    provider: undefined,
    version: '1.0.0',
    capabilities: {
      streaming: options.streaming ?? true,
      pushNotifications: false,
      extensions: [],
    },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: options.skills ?? [],
    signatures: [],
  };
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  const requests: SdkServer['requests'] = [];
  const app = express();
  app.use((request, _response, next) => {
    requests.push({ path: request.path, headers: request.headers });
    next();
  });
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  app.use(
    '/jsonrpc',
    jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }),
  );
  app.use(
    '/rest',
    restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }),
  );
  server.on('request', app);
  return {
    url,
    card,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A plain HTTP server answering every request with `status` and `body` (a card that is not one). */
export async function startPlainServer(
  status: number,
  body: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A server with a valid agent card (JSON-RPC, not streaming) whose endpoint answers every call with
 * the JSON-RPC error given: an agent that speaks the protocol, and refuses.
 */
export async function startRefusingServer(error: {
  code: number;
  message: string;
}): Promise<{ url: string; close(): Promise<void> }> {
  let url = '';
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    if (request.url?.startsWith('/.well-known/')) {
      response.end(
        JSON.stringify({
          name: 'Refuser',
          description: 'Refuses everything',
          supportedInterfaces: [
            {
              url: `${url}/jsonrpc`,
              protocolBinding: 'JSONRPC',
              tenant: '',
              protocolVersion: '1.0',
            },
          ],
          version: '1.0.0',
          capabilities: { streaming: false },
          skills: [],
          defaultInputModes: ['text/plain'],
          defaultOutputModes: ['text/plain'],
        }),
      );
      return;
    }
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const id = (JSON.parse(body) as { id?: unknown }).id ?? null;
      response.end(JSON.stringify({ jsonrpc: '2.0', id, error }));
    });
  });
  const port = await listen(server);
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
